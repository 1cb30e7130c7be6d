import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// The Adyen sandbox server's answers encode into Adyen's documented shapes, and it refuses what
/// Adyen refuses (moved here from `AdyenAPIShapeTests`).
final class AdyenSandboxServerTests: XCTestCase {
    private func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testSandboxAnswersEncodeInAdyensShapes() async throws {
        let server = AdyenSandboxServer(
            firstAnswers: [.action(.threeDS2Challenge, then: .refused(reason: "Insufficient Funds"))])
        let amount = AdyenAmount(value: 4595, currency: "GBP")
        let session = try await server.sessions(
            AdyenSessionRequest(
                merchantAccount: "M", amount: amount, reference: "r", returnUrl: "app://adyen", countryCode: "GB",
                shopperLocale: "en-GB", channel: "iOS"))
        let challenge = try await server.payments(
            AdyenPaymentsRequest(
                merchantAccount: "M", amount: amount, reference: "r", paymentMethod: Sensitive(#"{"type":"scheme"}"#),
                returnUrl: "app://adyen", countryCode: "GB", channel: "iOS", sessionID: session.id,
                sessionData: session.sessionData))
        let json = try object(challenge)
        XCTAssertEqual(json["resultCode"] as? String, "ChallengeShopper")
        let action = try XCTUnwrap(json["action"] as? [String: Any])
        XCTAssertEqual(action["type"] as? String, "threeDS2")
        XCTAssertEqual(action["subtype"] as? String, "challenge")
        XCTAssertNotNil(action["token"] as? String)
        XCTAssertNotNil(action["paymentData"] as? String)
        let refused = try await server.paymentDetails(
            AdyenPaymentDetailsRequest(
                details: Sensitive(.object([JSONMember(key: "threeDSResult", value: .string("x"))])),
                paymentData: challenge.action?.paymentData, sessionID: session.id,
                sessionData: challenge.sessionData))
        let refusedJSON = try object(refused)
        XCTAssertEqual(refusedJSON["resultCode"] as? String, "Refused")
        XCTAssertEqual(refusedJSON["refusalReason"] as? String, "Insufficient Funds")
        XCTAssertEqual((refusedJSON["pspReference"] as? String)?.count, 16)
        XCTAssertNotNil(refusedJSON["sessionResult"] as? String)
        let sessionJSON = try object(session)
        let sessionAmount = try XCTUnwrap(sessionJSON["amount"] as? [String: Any])
        XCTAssertEqual(sessionAmount["value"] as? Int, 4595)
        XCTAssertEqual(sessionAmount["currency"] as? String, "GBP")
    }

    func testStaleSessionDataIsRefusedLikeAdyenDoes() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.refused(reason: "Refused")])
        let amount = AdyenAmount(value: 100, currency: "GBP")
        let session = try await server.sessions(
            AdyenSessionRequest(
                merchantAccount: "M", amount: amount, reference: "r", returnUrl: "app://adyen", countryCode: "GB",
                shopperLocale: "en-GB", channel: "iOS"))
        let request = AdyenPaymentsRequest(
            merchantAccount: "M", amount: amount, reference: "r", paymentMethod: Sensitive(#"{"type":"scheme"}"#),
            returnUrl: "app://adyen", countryCode: "GB", channel: "iOS", sessionID: session.id,
            sessionData: session.sessionData)
        _ = try await server.payments(request)
        do {
            _ = try await server.payments(request)  // the first answer refreshed the session data
            XCTFail("expected a refusal")
        } catch {
            XCTAssertEqual((error as? AdyenAPIError)?.errorCode, "14_0322")
        }
    }

    func testSandboxValidatesReferenceAndAmount() async {
        let server = AdyenSandboxServer()
        for (amount, reference, code) in [
            (AdyenAmount(value: 0, currency: "GBP"), "r", "137"),
            (AdyenAmount(value: 100, currency: "XYZ"), "r", "137"),
            (AdyenAmount(value: 100, currency: "GBP"), "", "130"),
        ] {
            do {
                _ = try await server.sessions(
                    AdyenSessionRequest(
                        merchantAccount: "M", amount: amount, reference: reference, returnUrl: "app://a",
                        countryCode: "GB", shopperLocale: "en-GB", channel: "iOS"))
                XCTFail("expected \(code)")
            } catch {
                XCTAssertEqual((error as? AdyenAPIError)?.errorCode, code)
                XCTAssertEqual((error as? AdyenAPIError)?.status, 422)
            }
        }
    }
}

import Checkout
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// Adyen's documented JSON decodes into the provider's types, and the sandbox's answers encode
/// back into the same shapes.
final class AdyenAPIShapeTests: XCTestCase {
    private func decode(_ json: String) throws -> AdyenPaymentResponse {
        try JSONDecoder().decode(AdyenPaymentResponse.self, from: Data(json.utf8))
    }

    private func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testDocumentedRedirectAnswerDecodesToARedirect() throws {
        let response = try decode(
            #"{"resultCode":"RedirectShopper","action":{"paymentMethodType":"ideal","url":"https://checkoutshopper-test.adyen.com/checkoutshopper/checkoutPaymentRedirect?redirectData=X3XtfGC9","method":"GET","type":"redirect"}}"#
        )
        XCTAssertEqual(response.action?.request?.kind, .redirect)
        XCTAssertEqual(response.action?.method, "GET")
    }

    func testDocumentedChallengeAnswerDecodesToAChallenge() throws {
        let response = try decode(
            #"{"resultCode":"ChallengeShopper","action":{"paymentData":"Ab02b4c0!BQABAgCuZFJrQOjSsl","paymentMethodType":"scheme","authorisationToken":"Ab02b4c0!BQABAgAvrX03p","subtype":"challenge","token":"eyJhY3NSZWZlcmVuY2VOdW1iZXIiOiJBRFlFTi","type":"threeDS2"}}"#
        )
        let outcome = AdyenResultMapping.outcome(
            of: response, amount: AdyenAmount(value: 1000, currency: "EUR"),
            due: Money(amount: 10, currencyCode: "EUR"))
        guard case .actionRequired(let request) = outcome else { return XCTFail("expected a challenge") }
        XCTAssertEqual(request.kind, .threeDSChallenge)
    }

    func testDocumentedRefusalDecodesWithItsReasonAndMinorUnits() throws {
        let response = try decode(
            #"{"pspReference":"V4HZ4RBFJGXXGN82","refusalReason":"Not enough balance","resultCode":"Refused","refusalReasonCode":"12","amount":{"currency":"EUR","value":1000},"merchantReference":"order-1"}"#
        )
        XCTAssertEqual(response.amount, AdyenAmount(value: 1000, currency: "EUR"))
        XCTAssertEqual(
            AdyenResultMapping.outcome(
                of: response, amount: AdyenAmount(value: 1000, currency: "EUR"),
                due: Money(amount: 10, currencyCode: "EUR")),
            .refused(reason: "Not enough balance"))
    }

    func testDocumentedPartialPaymentDecodesWithItsOrder() throws {
        let response = try decode(
            #"{"pspReference":"QJWXFZJ7VZ5X8N82","resultCode":"Authorised","amount":{"currency":"EUR","value":5000},"merchantReference":"order-1","order":{"amount":{"currency":"EUR","value":10000},"expiresAt":"2030-01-01T00:00:00Z","orderData":"Ab02b4c0!BQABAgBqxSuFhuXUF","pspReference":"KKJ5MH8KCP5X8N82","reference":"order-1","remainingAmount":{"currency":"EUR","value":5000}}}"#
        )
        let outcome = AdyenResultMapping.outcome(
            of: response, amount: AdyenAmount(value: 10000, currency: "EUR"),
            due: Money(amount: 100, currencyCode: "EUR"))
        XCTAssertEqual(
            outcome,
            .partiallyAuthorised(
                PaymentReceipt(
                    providerReference: "QJWXFZJ7VZ5X8N82", amount: Money(amount: 50, currencyCode: "EUR"),
                    resultCode: "Authorised"),
                remaining: Money(amount: 50, currencyCode: "EUR")))
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
                sessionData: Sensitive(session.sessionData)))
        let json = try object(challenge)
        XCTAssertEqual(json["resultCode"] as? String, "ChallengeShopper")
        let action = try XCTUnwrap(json["action"] as? [String: Any])
        XCTAssertEqual(action["type"] as? String, "threeDS2")
        XCTAssertEqual(action["subtype"] as? String, "challenge")
        XCTAssertNotNil(action["token"] as? String)
        XCTAssertNotNil(action["paymentData"] as? String)
        let refused = try await server.paymentDetails(
            AdyenPaymentDetailsRequest(
                details: Sensitive(["threeDSResult": "x"]),
                paymentData: challenge.action?.paymentData.map(Sensitive.init), sessionID: session.id,
                sessionData: challenge.sessionData.map(Sensitive.init)))
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
            sessionData: Sensitive(session.sessionData))
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

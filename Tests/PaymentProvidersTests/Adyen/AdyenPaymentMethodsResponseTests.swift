import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// The advanced flow's `/paymentMethods` answer, kept whole for the drop-in (brands, issuers,
/// configurations, stored methods), listed for the checkout's own screens, logged without the
/// shopper's stored methods and read back byte for byte.
final class AdyenPaymentMethodsResponseTests: XCTestCase {
    /// An answer shaped like Adyen's test account's: cards with brands, Apple Pay's and Google Pay's
    /// configurations, iDEAL's and Polish online banking's issuers (one disabled), a gift card brand,
    /// a debit funding source, PayPal's configuration, and two stored methods (a card and PayPal).
    static let realistic =
        #"{"paymentMethods":[{"brands":["visa","mc","amex","cup","diners","discover","jcb","maestro"],"name":"Cards","type":"scheme"},"#
        + #"{"configuration":{"merchantId":"000000000206355","merchantName":"PoqShopECOM"},"name":"Apple Pay","type":"applepay"},"#
        + #"{"configuration":{"merchantId":"1000","gatewayMerchantId":"PoqShopECOM"},"name":"Google Pay","type":"googlepay"},"#
        + #"{"issuers":[{"id":"1121","name":"Test Issuer"},{"id":"1154","name":"Test Issuer 5"},{"disabled":true,"id":"1153","name":"Test Issuer 4"}],"name":"iDEAL","type":"ideal"},"#
        + #"{"issuers":[{"id":"154","name":"Bank Pekao S.A."},{"id":"72","name":"Płać z ING"}],"name":"Płatności online","type":"onlineBanking_PL"},"#
        + #"{"brand":"givex","name":"Givex","type":"giftcard"},"#
        + #"{"brands":["visa"],"fundingSource":"debit","name":"Debit card","type":"scheme"},"#
        + #"{"configuration":{"intent":"capture","merchantId":"QSXMR9W7GV8NY"},"name":"PayPal","type":"paypal"}],"#
        + #""storedPaymentMethods":[{"brand":"visa","expiryMonth":"03","expiryYear":"2030","holderName":"Checkout Shopper PlaceHolder","#
        + #""id":"8415718415172200","lastFour":"1111","name":"VISA","networkTxReference":"777718293344556","#
        + #""supportedShopperInteractions":["Ecommerce","ContAuth"],"type":"scheme"},"#
        + #"{"id":"8315718415172204","name":"PayPal","shopperEmail":"shopper@example.com","#
        + #""supportedShopperInteractions":["Ecommerce","ContAuth"],"type":"paypal"}]}"#

    private let storedSecrets = [
        "8415718415172200", "8315718415172204", "Checkout Shopper PlaceHolder", "shopper@example.com",
        "777718293344556", #""expiryYear":"2030""#,
    ]

    func testTheAnswerIsKeptWholeAndItsMethodsListed() throws {
        let response = try AdyenPaymentMethodsResponse(jsonText: Self.realistic)
        XCTAssertEqual(response.json.jsonText, Self.realistic, "byte for byte")
        XCTAssertEqual(
            response.paymentMethods.map(\.type),
            ["scheme", "applepay", "googlepay", "ideal", "onlineBanking_PL", "giftcard", "scheme", "paypal"])
        XCTAssertEqual(response.paymentMethods.first?.brands?.count, 8)
        XCTAssertEqual(response.paymentMethods[4].name, "Płatności online")
        XCTAssertNil(response.paymentMethods[3].brands)
    }

    func testFoundationDecodingKeepsTheWholeAnswer() throws {
        let decoded = try JSONDecoder().decode(AdyenPaymentMethodsResponse.self, from: Data(Self.realistic.utf8))
        let parsed = try AdyenPaymentMethodsResponse(jsonText: Self.realistic)
        XCTAssertEqual(decoded.paymentMethods, parsed.paymentMethods)
        XCTAssertEqual(decoded.json["storedPaymentMethods"], parsed.json["storedPaymentMethods"])
        let reencoded = try JSONEncoder().encode(decoded)
        XCTAssertEqual(try JSONDecoder().decode(AdyenPaymentMethodsResponse.self, from: reencoded), decoded)
    }

    func testAnAnswerThatIsNotOneIsRefusedNamingWhere() {
        let cases: [(String, String)] = [
            (#"{"storedPaymentMethods":[]}"#, "paymentMethods: expected an array, missing"),
            (#"{"paymentMethods":{}}"#, "paymentMethods: expected an array, found an object"),
            (
                #"{"paymentMethods":[{"type":"scheme","name":"Cards"},{"type":"ideal","name":7}]}"#,
                "paymentMethods[1].name: expected a string, found a number"
            ),
            (#"{"paymentMethods":[{"name":"Cards"}]}"#, "paymentMethods[0].type: expected a string, missing"),
            (
                #"{"paymentMethods":[{"type":"scheme","name":"Cards","brands":"visa"}]}"#,
                "paymentMethods[0].brands: expected an array, found a string"
            ),
            (
                #"{"paymentMethods":[{"type":"scheme","name":"Cards","brands":["visa",null]}]}"#,
                "paymentMethods[0].brands[1]: expected a string, found null"
            ),
            (#"{"paymentMethods":["scheme"]}"#, "paymentMethods[0]: expected an object, found a string"),
            (#"[]"#, "expected an object, found an array"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try AdyenPaymentMethodsResponse(jsonText: text), text) { error in
                XCTAssertEqual((error as? AdyenJSONProblem)?.description, expected)
            }
        }
        XCTAssertThrowsError(try AdyenPaymentMethodsResponse(jsonText: #"{"paymentMethods":[}"#)) { error in
            XCTAssertTrue("\(error)".hasPrefix("not JSON: "), "\(error)")
            XCTAssertTrue("\(error)".contains("at byte 19"), "\(error)")
        }
        XCTAssertThrowsError(
            try JSONDecoder().decode(AdyenPaymentMethodsResponse.self, from: Data(#"{"paymentMethods":7}"#.utf8))
        ) { error in
            XCTAssertTrue("\(error)".contains("paymentMethods: expected an array, found a number"), "\(error)")
        }
    }

    func testTheAdvancedFlowPutsTheWholeAnswerInTheSessionWithStoredMethodsSecret() async throws {
        let server = AdyenSandboxServer()
        await server.setPaymentMethodsAnswer(try AdyenPaymentMethodsResponse(jsonText: Self.realistic))
        let session = try await AdyenFixtures.provider(.advanced, server: server).prepare(AdyenFixtures.request())
        let response = try XCTUnwrap(session.paymentMethodsResponse)
        XCTAssertEqual(response.json.jsonText, Self.realistic, "the drop-in gets the answer as Adyen sent it")
        XCTAssertEqual(session.methods.map(\.id).first, "scheme")
        XCTAssertEqual(session.methods.count, 8, "the checkout's own list is the answer's methods")
        let logged = response.redactedJSON.jsonText
        XCTAssertTrue(logged.hasSuffix(#""storedPaymentMethods":"[REDACTED]"}"#), logged)
        for secret in storedSecrets { XCTAssertFalse(logged.contains(secret), secret) }
        XCTAssertNil(session.token, "the advanced flow has no session data")
    }

    func testTheSessionsFlowHasNoAnswerToCarry() async throws {
        let session = try await AdyenFixtures.provider(.sessions, server: AdyenSandboxServer())
            .prepare(AdyenFixtures.request())
        XCTAssertNil(session.paymentMethodsResponse, "the SDK's setup call fetches the session's methods")
        XCTAssertEqual(session.id, "CS1")
    }

    func testThroughTheStoreTheAnswerIsLoggedWithoutStoredMethodsAndReplaysByteForByte() async throws {
        let server = AdyenSandboxServer()
        await server.setPaymentMethodsAnswer(try AdyenPaymentMethodsResponse(jsonText: Self.realistic))
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server, flow: .advanced))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .succeeded])
        let live = try XCTUnwrap(run.state.payment.session?.paymentMethodsResponse)
        XCTAssertEqual(live.json.jsonText, Self.realistic)
        let replayed = try run.closeAndVerifyReplay(secrets: storedSecrets)
        let read = try XCTUnwrap(replayed.payment.session?.paymentMethodsResponse)
        XCTAssertEqual(read.redactedJSON.jsonText, live.redactedJSON.jsonText, "byte for byte but the stored methods")
        XCTAssertTrue(read.isRedacted)
        XCTAssertEqual(read.json["paymentMethods"], live.json["paymentMethods"])
    }

    func testTheSandboxAnswersWithItsMethodsAndAStoredCard() async throws {
        let response = try await AdyenSandboxServer().paymentMethods(
            AdyenPaymentMethodsRequest(
                merchantAccount: "m", amount: AdyenAmount(value: 100, currency: "GBP"), countryCode: "GB",
                shopperLocale: "en-GB", channel: "iOS"))
        XCTAssertEqual(response.paymentMethods, AdyenSandboxServer.methods)
        guard case .array(let stored)? = response.json["storedPaymentMethods"] else { return XCTFail("no stored card") }
        XCTAssertEqual(stored.count, 1)
    }
}

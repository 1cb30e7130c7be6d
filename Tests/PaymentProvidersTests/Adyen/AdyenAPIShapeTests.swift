import Checkout
import Foundation
import PaymentProviders
import XCTest

/// Adyen's documented JSON decodes into the provider's types. (That the sandbox's answers encode
/// back into the same shapes is checked by CheckoutSandboxTests' `AdyenSandboxServerTests`.)
final class AdyenAPIShapeTests: XCTestCase {
    private func decode(_ json: String) throws -> AdyenPaymentResponse {
        try JSONDecoder().decode(AdyenPaymentResponse.self, from: Data(json.utf8))
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
}

import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// What every Adyen test uses: configurations, requests and drop-in data.
enum AdyenFixtures {
    /// A test client key of the shape Adyen issues.
    static let clientKey = "test_L6HTEOAXQBCZJHKNU4NLN6EI7IE6VRRW"

    static func configuration(_ flow: AdyenFlow = .sessions) -> AdyenConfiguration {
        var configuration = AdyenDemoScript.configuration
        configuration.flow = flow
        configuration.merchantAccount = "PoqShopECOM"
        configuration.returnURL = "poqshop://adyen"
        return configuration
    }

    static func gbp(_ text: String) -> Money {
        Money(amount: Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0, currencyCode: "GBP")
    }

    static func request(_ amount: Money = gbp("45.95"), reference: String = "payment-1") -> PaymentRequest {
        PaymentRequest(
            amount: amount, minorUnits: (try? amount.minorUnits(overrides: CurrencyDigits.adyenOverrides)) ?? -1,
            reference: reference, cartID: "cart-1", countryCode: "GB")
    }

    /// The drop-in's card component data: encrypted fields only.
    static let card = PaymentSubmission(
        methodID: "scheme",
        payload: Sensitive(#"{"type":"scheme","encryptedCardNumber":"adyenjs_0_1_25$4111111111111111"}"#),
        displayDescription: "Visa •••• 1111")

    static let giftCard = PaymentSubmission(
        methodID: "giftcard", payload: Sensitive(#"{"type":"giftcard","brand":"givex","encryptedCardNumber":"x"}"#))

    static func provider(
        _ flow: AdyenFlow = .sessions, server: any AdyenMerchantServer
    ) -> AdyenPaymentProvider {
        AdyenPaymentProvider(configuration: configuration(flow), server: server)
    }
}

/// An Adyen merchant server double that answers a fixed session amount, or fails, to test the
/// provider's own checks.
actor MisbehavingAdyenServer: AdyenMerchantServer {
    var sessionAmount: AdyenAmount
    var response: AdyenPaymentResponse

    init(sessionAmount: AdyenAmount, response: AdyenPaymentResponse = AdyenPaymentResponse(resultCode: "Authorised")) {
        self.sessionAmount = sessionAmount
        self.response = response
    }

    func sessions(_ request: AdyenSessionRequest) -> AdyenSessionResponse {
        AdyenSessionResponse(id: "CS1", sessionData: "data", amount: sessionAmount, paymentMethods: [])
    }

    func paymentMethods(_ request: AdyenPaymentMethodsRequest) throws -> AdyenPaymentMethodsResponse {
        throw URLError(.notConnectedToInternet)
    }

    func payments(_ request: AdyenPaymentsRequest) -> AdyenPaymentResponse { response }

    func paymentDetails(_ request: AdyenPaymentDetailsRequest) -> AdyenPaymentResponse { response }

    func sessionResult(sessionID: String, sessionResult: String) -> AdyenSessionStatus {
        AdyenSessionStatus(id: sessionID, status: .expired)
    }

    func notification(pspReference: String) -> AdyenNotification? { nil }

    func cancelOrder(_ order: AdyenOrderReference) {}
}

import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore

/// What every Braintree test uses.
enum BraintreeFixtures {
    static let accounts = ["GBP": "poqshop_GBP", "EUR": "poqshop_EUR"]

    static func gbp(_ text: String) -> Money {
        Money(amount: Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0, currencyCode: "GBP")
    }

    static func request(_ amount: Money = gbp("45.95"), reference: String = "payment-1") -> PaymentRequest {
        PaymentRequest(
            amount: amount, minorUnits: (try? amount.minorUnits()) ?? -1, reference: reference, cartID: "cart-1",
            countryCode: "GB")
    }

    static func provider(
        server: BraintreeSandboxServer, customerID: String? = nil, threeDSecure: Bool = false,
        submitForSettlement: Bool = true
    ) -> BraintreePaymentProvider {
        BraintreePaymentProvider(
            configuration: BraintreeConfiguration(
                merchantAccounts: accounts, customerID: customerID, threeDSecure: threeDSecure,
                submitForSettlement: submitForSettlement),
            server: server, client: server)
    }

    static func transaction(_ status: String, amount: String = "45.95") -> BraintreeTransaction {
        BraintreeTransaction(
            id: "txn", status: status, amount: amount, currencyIsoCode: "GBP", merchantAccountId: "poqshop_GBP",
            processorResponseCode: "2001", processorResponseText: "Insufficient Funds",
            gatewayRejectionReason: "cvv")
    }
}

/// A Braintree SDK double whose 3-D Secure lookup verifies 0.01 whatever it was asked.
struct WrongAmountThreeDSecureClient: BraintreeClient {
    func mostRecentPaymentMethod(clientToken: Sensitive<String>) -> BraintreePaymentMethod? { nil }

    func threeDSecureLookup(_ request: BraintreeThreeDSecureRequest) -> BraintreeThreeDSecureLookup {
        .frictionless(
            BraintreeActionResult(
                nonce: "fake-valid-visa-nonce",
                threeDSecure: BraintreeThreeDSecureInfo(
                    liabilityShifted: true, liabilityShiftPossible: true, amount: "0.01")))
    }
}

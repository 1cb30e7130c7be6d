import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// Adyen's and Braintree's pending families (Pending, Received, PresentToShopper; authorizing,
/// settlement_pending) are one outcome, and so one path through the checkout: the order placed as
/// pending, the lookup polled.
final class PendingFamilyTests: XCTestCase {
    private let due = BraintreeFixtures.gbp("45.95")

    private var pendingAnswers: [(provider: String, code: String, outcome: PaymentOutcome)] {
        let adyen = ["Pending", "Received", "PresentToShopper"].map { code in
            (
                "adyen", code,
                AdyenResultMapping.outcome(
                    of: AdyenPaymentResponse(resultCode: code, pspReference: "psp"),
                    amount: AdyenAmount(value: 4595, currency: "GBP"), due: due)
            )
        }
        let braintree = ["authorizing", "settlement_pending"].map { status in
            (
                "braintree", status,
                BraintreeResultMapping.outcome(
                    of: BraintreeSaleResult(success: true, transaction: BraintreeFixtures.transaction(status)),
                    amount: "45.95", due: due)
            )
        }
        return adyen + braintree
    }

    func testEveryPendingAnswerOfBothProvidersAwaitsConfirmationForTheAmountDue() {
        for (provider, code, outcome) in pendingAnswers {
            guard case .awaitingConfirmation(let receipt) = outcome else {
                return XCTFail("\(provider) \(code) is \(outcome)")
            }
            XCTAssertEqual(receipt.amount, due, "\(provider) \(code)")
            XCTAssertEqual(receipt.resultCode, code)
        }
    }

    func testEveryPendingAnswerTakesTheCheckoutDownTheSamePath() {
        let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
        var ends: [String: CheckoutState] = [:]
        for (provider, code, outcome) in pendingAnswers {
            var state = CheckoutState(kind: .native, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])
            state.cart = Cart(
                id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(
                    subtotal: 42, shipping: Decimal(string: "3.95") ?? 0, discount: 0, total: due.amount),
                currencyCode: "GBP")
            state.payment.phase = .submitting
            state.payment.attempt = 1
            state.payment.amount = due
            state.payment.intent = PaymentIntent(reference: "payment-1", cartID: "cart-1", amount: due)
            state.payment.session = PaymentSession(id: "s", providerID: "sandbox", amount: due)
            _ = reducer.reduce(&state, .payment(.outcomeReceived(outcome, attempt: 1)))
            XCTAssertEqual(state.payment.phase, .awaitingConfirmation, "\(provider) \(code)")
            XCTAssertEqual(state.payment.confirmation?.nextPoll, 1, "\(provider) \(code): polling starts")
            XCTAssertEqual(state.orderPlacement?.target, .pending, "\(provider) \(code): a pending order")
            state.payment.receipt = nil
            ends["\(provider) \(code)"] = state
        }
        XCTAssertEqual(Set(ends.values).count, 1, "the receipt aside, every pending answer ends in the same state")
    }
}

import Checkout
import CheckoutSandbox
import StateStore
import XCTest

/// A checkout completes once, whatever arrives after it.
final class CompletionOnceTests: XCTestCase {
    func testSecondCompletionPageInAParseCheckoutChangesNothing() async {
        let rules = ParseRules(completion: .urlContainsAny(["/confirmation"]), orderNumberQueryParameter: "o")
        let harness = Harness(state: WebCheckoutBuilder(mode: .parse(rules)).makeState())
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/confirmation?o=1"))))
        let completed = harness.state
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/confirmation?o=2"))))
        var expected = completed
        expected.web.currentURL = "https://shop/confirmation?o=2"
        XCTAssertEqual(harness.state, expected)
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.map(\.orderID), ["1"])
        XCTAssertEqual(harness.clearedCarts.value, 1)
    }

    func testOrderMessagesAfterCompletionAreIgnored() async {
        let harness = Harness(state: WebCheckoutBuilder().makeState())
        await harness.start()
        await harness.send(
            .bridge(
                .messageReceived(
                    #"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"W","currency":"GBP"}}}"#)))
        let completed = harness.state
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":99,"currency":"GBP"}}"#)))
        XCTAssertEqual(harness.state, completed)
    }

    func testNativeEditsAfterAPaymentSucceededAreIgnored() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        let completed = harness.state
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state, completed)
        // One order event: the stand-in id of a native payment makes it `purchase_unconfirmed`.
        XCTAssertEqual(harness.sink.events.filter { $0.name.hasPrefix("purchase") }.count, 1)
    }

    func testDeclineAcknowledgedAfterTheTotalChangedRestartsThePayment() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = Fixtures.nativeState()
        let details = CheckoutDetails(
            cart: Cart(
                id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(subtotal: 42, shipping: 0, discount: 0, total: 42), currencyCode: "GBP"),
            email: "ada@example.com", shippingContact: Fixtures.home, billingContact: Fixtures.home,
            shippingMethods: [ShippingMethod(id: "standard", name: "Standard", price: money("0"))],
            selectedShippingMethodID: "standard")
        _ = reducer.reduce(&state, .common(.started))
        _ = reducer.reduce(&state, .result(.checkoutLoaded(details, requestID: state.loadInFlight ?? 0)))
        _ = reducer.reduce(&state, .payment(.payTapped))
        _ = reducer.reduce(
            &state,
            .payment(.intentCreated(PaymentIntent(reference: "p", cartID: "cart-1", amount: money("42")), attempt: 1)))
        _ = reducer.reduce(
            &state,
            .payment(.sessionPrepared(PaymentSession(id: "s", providerID: "sandbox", amount: money("42")), attempt: 1)))
        _ = reducer.reduce(
            &state, .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        _ = reducer.reduce(&state, .payment(.outcomeReceived(.refused(reason: "no"), attempt: 1)))
        XCTAssertEqual(state.payment.phase, .declined(reason: "no"))

        state.cart?.totals.total = 40
        _ = reducer.reduce(&state, .payment(.declineAcknowledged))
        XCTAssertEqual(state.payment.phase, .preparing)
        XCTAssertEqual(state.payment.amount, money("40"))
        XCTAssertEqual(state.payment.attempt, 2)
    }
}

import Checkout
import CheckoutSandbox
import StateStore
import XCTest

/// After an authoritative payment success the checkout places the order through the Checkout API
/// and shows the backend's order; retries (automatic, the customer's, after a 409 or 410) reuse
/// the one recorded key, so a payment never has two orders and is never taken twice.
final class OrderPlacementTests: XCTestCase {
    private let card = PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))

    /// A guest checkout whose sections are complete, on `api`.
    private func ready(
        api: SandboxCheckoutAPI = SandboxCheckoutAPI(), provider: SandboxPaymentProvider = SandboxPaymentProvider()
    ) async -> Harness {
        let harness = Harness(api: api, provider: provider)
        await harness.start()
        await harness.completeGuestSections()
        return harness
    }

    private func orderCalls(_ harness: Harness) async -> [SandboxCheckoutAPI.Call] {
        await harness.api.receivedCalls.filter {
            switch $0 {
            case .placeOrder, .updateOrderStatus: return true
            default: return false
            }
        }
    }

    private func placement(key: String = "order-key-1", cartID: String = "cart-1") -> SandboxCheckoutAPI.Call {
        .placeOrder(
            cartID: cartID, paymentReference: "payment-1", amount: money("45.95"), status: .confirmed,
            idempotencyKey: key)
    }

    private func startPayments(_ harness: Harness) async -> Int {
        await harness.api.receivedCalls.filter {
            if case .startPayment = $0 { return true }
            return false
        }.count
    }

    func testTheThankYouViewShowsTheBackendsOrderNeverThePaymentReference() async {
        let harness = await ready()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(harness.state.completedOrder?.orderID, "order-1")
        XCTAssertEqual(harness.state.completedOrder?.orderNumber, "SB-1001")
        XCTAssertEqual(harness.state.completedOrder?.idSource, .backend)
        XCTAssertNotEqual(harness.state.completedOrder?.orderID, harness.state.orderPlacement?.paymentReference)
        XCTAssertEqual(harness.state.orderPlacement?.step, .settled)
        let calls = await orderCalls(harness)
        XCTAssertEqual(calls, [placement()])
    }

    func testAPlacementWhoseAnswerWasLostIsRetriedWithTheSameKeyAndPlacesOneOrder() async {
        let harness = await ready()
        await harness.api.loseNextOrderAnswers()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.clock.sleeps, [.seconds(2)], "retried 2 s later, on the checkout's clock")
        let calls = await orderCalls(harness)
        XCTAssertEqual(calls, [placement(), placement()], "the same key both times")
        let orders = await harness.api.placedOrders
        XCTAssertEqual(orders.count, 1)
        XCTAssertEqual(harness.state.completedOrder, CompletedOrder(placed: orders[0]))
        XCTAssertEqual(harness.state.payment.attempt, 1, "no payment was taken again")
    }

    func testABackendThatStaysDownShowsAnErrorWithRetryAndTheRetryPlacesTheOrderWithTheSameKey() async throws {
        let harness = await ready()
        await harness.send(.payment(.payTapped))
        await harness.api.failNextCalls(4, with: .server(status: 503, message: nil))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.clock.sleeps, [.seconds(2), .seconds(4), .seconds(8)])
        XCTAssertEqual(harness.state.payment.phase, .succeeded, "the money is taken; only the order is missing")
        XCTAssertNil(harness.state.completedOrder)
        XCTAssertEqual(harness.state.orderPlacement?.step, .failed(.server(status: 503, message: nil)))
        let error = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(error.kind, .orderPlacementFailed(.server(status: 503, message: nil)))
        XCTAssertEqual(error.retry, .placeOrder)
        XCTAssertFalse(harness.state.canPay, "paying again is not offered: the payment went through")

        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(harness.state.completedOrder?.orderNumber, "SB-1001")
        XCTAssertTrue(harness.state.errors.isEmpty)
        let calls = await orderCalls(harness)
        XCTAssertEqual(calls, Array(repeating: placement(), count: 5))
        let payments = await startPayments(harness)
        XCTAssertEqual(payments, 1)
    }

    func testA409AtPlacementFetchesTheCheckoutAndPlacesAgainWithoutPayingAgain() async {
        let harness = await ready()
        await harness.send(.payment(.payTapped))
        await harness.api.failNextCalls(with: .conflict(message: "busy"))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.completedOrder?.orderNumber, "SB-1001")
        let calls = await harness.api.receivedCalls.suffix(3)
        XCTAssertEqual(Array(calls), [placement(), .fetchCheckout, placement()])
        let payments = await startPayments(harness)
        XCTAssertEqual(payments, 1)
    }

    func testA410AtPlacementRebuildsTheCheckoutAndPlacesOnTheNewCartWithTheSameKey() async {
        let harness = await ready()
        await harness.send(.payment(.payTapped))
        await harness.api.failNextCalls(with: .cartExpired)
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.cart?.id, "cart-2")
        XCTAssertEqual(harness.state.completedOrder?.orderNumber, "SB-1001")
        let calls = await orderCalls(harness)
        XCTAssertEqual(calls, [placement(), placement(cartID: "cart-2")])
        let payments = await startPayments(harness)
        XCTAssertEqual(payments, 1)
    }

    func testWhenTheTotalChangedAfterThePaymentNoOrderIsPlacedThePaymentIsVoidedAndPayingUnlocks() async throws {
        let harness = await ready()
        await harness.send(.payment(.payTapped))
        await harness.api.changePrice(productID: "cap-grey", to: 20)
        await harness.api.failNextCalls(with: .conflict(message: "the cart changed"))
        await harness.send(.payment(.submitted(card)))
        XCTAssertNil(harness.state.completedOrder)
        XCTAssertEqual(harness.state.orderPlacement?.isActive, false)
        XCTAssertNil(harness.state.orderPlacement?.placed)
        guard case .failed(let failure) = harness.state.payment.phase else {
            return XCTFail("expected a failed payment, got \(harness.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .guardViolation)
        XCTAssertTrue(harness.state.errors.contains { $0.kind == .totalChanged })
        let providerCalls = await harness.provider.receivedCalls
        XCTAssertEqual(providerCalls.last, .cancel(sessionID: "sandbox-session-1"), "the payment was voided")
        let orders = await harness.api.placedOrders
        XCTAssertEqual(orders, [])
        XCTAssertEqual(harness.state.displayedTotal, money("47.95"))
        XCTAssertTrue(harness.state.canPay, "the sections unlock; the new total can be paid")

        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.completedOrder?.total, money("47.95"))
        let placed = await harness.api.placedOrders
        XCTAssertEqual(placed.map(\.total), [money("47.95")])
    }

    /// Found by the property test: an answer lost (the order made), then a 409 and a new total:
    /// the payment was voided, but the order the lost answer made stayed pending, and paying again
    /// made a second one.
    func testAnOrderALostAnswerMadeIsCancelledWhenTheTotalChangedBeforePayingAgain() async throws {
        let reducer = CheckoutReducer.make(
            environment: CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()]))
        var state = Fixtures.nativeState()
        var details = await SandboxCheckoutAPI().currentDetails
        details.cart.totals.total = decimal("47.95")
        state.cart = details.cart
        state.payment.phase = .succeeded
        state.payment.amount = money("45.95")
        var placement = OrderPlacementState(paymentReference: "payment-1", amount: money("45.95"), target: .confirmed)
        placement.idempotencyKey = "k"
        placement.callsMade = 2
        placement.step = .recovering
        state.orderPlacement = placement
        state.native.refreshInFlight = 7

        _ = reducer.reduce(&state, .result(.checkoutRefreshed(details, requestID: 7)))
        XCTAssertEqual(state.orderPlacement?.target, .cancelled)
        guard case .placing(let placing) = state.orderPlacement?.step else {
            return XCTFail(
                "expected the key to be placed again, to find the order: \(String(describing: state.orderPlacement))")
        }
        XCTAssertFalse(state.canPay, "no new payment while the old order may be live")
        let lost = PlacedOrder(id: "order-1", number: "SB-1001", status: .pending, total: money("45.95"))
        _ = reducer.reduce(&state, .result(.orderPlaced(lost, requestID: placing)))
        guard case .updating(let updating) = state.orderPlacement?.step else {
            return XCTFail("expected the order cancelled: \(String(describing: state.orderPlacement))")
        }
        var cancelled = lost
        cancelled.status = .cancelled
        _ = reducer.reduce(&state, .result(.orderStatusUpdated(cancelled, requestID: updating)))
        XCTAssertEqual(state.orderPlacement?.isActive, false)
        XCTAssertNil(state.completedOrder)
        XCTAssertTrue(state.errors.contains { $0.kind == .totalChanged })
        XCTAssertTrue(state.errors.contains { $0.kind == .orderCancelled(orderNumber: "SB-1001") })
    }

    /// The checkout's reducer on the sandbox API and provider.
    private func placementReducer() -> CheckoutReducerType {
        CheckoutReducer.make(
            environment: CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()]))
    }

    /// A paid checkout whose order is being placed (request 7), the placement's target now
    /// `target`.
    private func stateWhilePlacing(target: OrderStatus) async -> CheckoutState {
        var state = Fixtures.nativeState()
        state.cart = await SandboxCheckoutAPI().currentDetails.cart
        state.payment.phase = .succeeded
        state.payment.amount = money("45.95")
        var placement = OrderPlacementState(paymentReference: "payment-1", amount: money("45.95"), target: target)
        placement.idempotencyKey = "k"
        placement.callsMade = 1
        placement.step = .placing(requestID: 7)
        state.orderPlacement = placement
        return state
    }

    /// A pending payment places its order as pending; when the provider's confirmation arrives
    /// while that call is under way, the pending answer is still the order asked for, and the
    /// order is then updated to confirmed (before, the answer was refused as unreadable and the
    /// customer saw an error although the payment had been confirmed).
    func testAConfirmationThatArrivesWhileAPendingOrderIsBeingPlacedUpdatesItToConfirmed() async throws {
        let reducer = placementReducer()
        // Placed as pending; the confirmation arrived while the call was under way.
        var state = await stateWhilePlacing(target: .confirmed)

        let pending = PlacedOrder(id: "order-1", number: "SB-1001", status: .pending, total: money("45.95"))
        _ = reducer.reduce(&state, .result(.orderPlaced(pending, requestID: 7)))
        XCTAssertEqual(state.orderPlacement?.placed, pending)
        XCTAssertFalse(state.errors.contains { if case .orderPlacementFailed = $0.kind { true } else { false } })
        guard case .updating(let updating) = state.orderPlacement?.step else {
            return XCTFail("expected the order updated to confirmed: \(String(describing: state.orderPlacement))")
        }
        var confirmed = pending
        confirmed.status = .confirmed
        _ = reducer.reduce(&state, .result(.orderStatusUpdated(confirmed, requestID: updating)))
        XCTAssertEqual(state.orderPlacement?.step, .settled)
        XCTAssertEqual(state.completedOrder?.status, .confirmed)
        XCTAssertEqual(state.view, .completed)
    }

    /// A placed order the backend cancelled is still refused while the order is wanted; and an
    /// update that answers another status than asked fails instead of updating again.
    func testACancelledPlacementOrAnUpdateThatKeepsThePendingStatusIsRefused() async throws {
        let reducer = placementReducer()
        var state = await stateWhilePlacing(target: .confirmed)
        var refused = state

        let cancelled = PlacedOrder(id: "order-1", number: "SB-1001", status: .cancelled, total: money("45.95"))
        _ = reducer.reduce(&refused, .result(.orderPlaced(cancelled, requestID: 7)))
        guard case .failed = refused.orderPlacement?.step else {
            return XCTFail("expected the cancelled order refused: \(String(describing: refused.orderPlacement))")
        }

        let pending = PlacedOrder(id: "order-1", number: "SB-1001", status: .pending, total: money("45.95"))
        _ = reducer.reduce(&state, .result(.orderPlaced(pending, requestID: 7)))
        guard case .updating(let updating) = state.orderPlacement?.step else {
            return XCTFail("expected an update: \(String(describing: state.orderPlacement))")
        }
        _ = reducer.reduce(&state, .result(.orderStatusUpdated(pending, requestID: updating)))
        guard case .failed = state.orderPlacement?.step else {
            return XCTFail(
                "expected the update that kept it pending to fail: \(String(describing: state.orderPlacement))")
        }
        XCTAssertNil(state.completedOrder)
    }

    func testAnOrderForAnotherAmountIsRefusedAndNeverCompletesTheCheckout() async throws {
        let api = WrongOrderAPI(wrapping: SandboxCheckoutAPI())
        let provider = SandboxPaymentProvider()
        let harness = Harness(api: SandboxCheckoutAPI(), provider: provider)
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [provider], clock: SandboxClock(),
            makeIdempotencyKey: SandboxIdempotencyKeys().next)
        let store = Store(reducer: CheckoutReducer.make(environment: environment), state: harness.state)
        for action: CheckoutAction in [
            .common(.started), .native(.emailSubmitted("ada@example.com")), .native(.editShippingContactTapped),
            .native(.addressFormSubmitted(Fixtures.home)), .native(.useShippingAsBillingTapped),
            .native(.shippingMethodSelected(id: "standard")), .payment(.payTapped), .payment(.submitted(card)),
        ] {
            store.dispatch(action)
            await store.waitForEffects()
        }
        XCTAssertNil(store.state.completedOrder)
        guard case .failed(.malformedResponse(let detail)) = store.state.orderPlacement?.step else {
            return XCTFail("expected a refused answer, got \(String(describing: store.state.orderPlacement?.step))")
        }
        XCTAssertEqual(detail, "the order SB-1001 is for 0.01 GBP, but 45.95 GBP was paid")
        XCTAssertEqual(store.state.errors.last?.retry, .placeOrder)
    }

    func testASecondSuccessOrADuplicateAnswerNeverPlacesOrCompletesASecondOrder() async throws {
        let recorder = ActionRecorder()
        let harness = Harness(extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        let completed = harness.state
        let answers = recorder.actions.filter {
            switch $0 {
            case .payment(.outcomeReceived), .result(.orderPlaced), .order(.placementKeyMade): return true
            default: return false
            }
        }
        XCTAssertEqual(answers.count, 3)
        for answer in answers { await harness.send(answer) }
        await harness.send(.order(.placementKeyMade(idempotencyKey: "another", paymentReference: "payment-1")))
        XCTAssertEqual(harness.state, completed)
        let orders = await harness.api.placedOrders
        XCTAssertEqual(orders.count, 1)
        XCTAssertEqual(harness.sink.events.filter { $0.name == "purchase" }.count, 1)
    }

    func testAKeyForAnotherPaymentOrAnEmptyKeyIsIgnored() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = Fixtures.nativeState()
        state.orderPlacement = OrderPlacementState(
            paymentReference: "payment-1", amount: money("45.95"), target: .confirmed)
        let before = state
        _ = reducer.reduce(&state, .order(.placementKeyMade(idempotencyKey: "k", paymentReference: "payment-2")))
        _ = reducer.reduce(&state, .order(.placementKeyMade(idempotencyKey: "", paymentReference: "payment-1")))
        _ = reducer.reduce(&state, .order(.retryDue(retry: 1)))
        XCTAssertEqual(state.orderPlacement, before.orderPlacement)
        XCTAssertEqual(state.nextRequestID, before.nextRequestID, "no call was made")
    }
}

/// A Checkout API whose placed orders are for 0.01 of the currency: a backend answer that must
/// never become a completed order.
private actor WrongOrderAPI: CheckoutAPI {
    let base: SandboxCheckoutAPI

    init(wrapping base: SandboxCheckoutAPI) {
        self.base = base
    }

    func fetchCheckout() async throws(CheckoutAPIError) -> CheckoutDetails { try await base.fetchCheckout() }
    func updateEmail(_ email: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.updateEmail(email, cartID: cartID)
    }
    func updateShippingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.updateShippingContact(address, cartID: cartID)
    }
    func updateBillingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.updateBillingContact(address, cartID: cartID)
    }
    func updateShippingMethod(id: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.updateShippingMethod(id: id, cartID: cartID)
    }
    func updateShippingEstimate(
        _ address: PartialAddress, cartID: String
    ) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.updateShippingEstimate(address, cartID: cartID)
    }
    func restoreCheckout(_ progress: CheckoutProgress) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await base.restoreCheckout(progress)
    }
    func beginWebCheckout(apiType: WebCheckoutApiType, cart: Cart?) async throws(CheckoutAPIError) -> WebCheckoutSession
    {
        try await base.beginWebCheckout(apiType: apiType, cart: cart)
    }
    func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) async throws(CheckoutAPIError) {
        try await base.completeWebCheckout(apiType: apiType, order: order, reference: reference)
    }
    func startPayment(cartID: String, expectedAmount: Money) async throws(CheckoutAPIError) -> PaymentIntent {
        try await base.startPayment(cartID: cartID, expectedAmount: expectedAmount)
    }
    func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) async throws(CheckoutAPIError) -> PlacedOrder {
        var order = try await base.placeOrder(
            cartID: cartID, paymentReference: paymentReference, amount: amount, status: status,
            idempotencyKey: idempotencyKey)
        order.total = money("0.01")
        return order
    }
    func updateOrderStatus(orderID: String, status: OrderStatus) async throws(CheckoutAPIError) -> PlacedOrder {
        try await base.updateOrderStatus(orderID: orderID, status: status)
    }
}

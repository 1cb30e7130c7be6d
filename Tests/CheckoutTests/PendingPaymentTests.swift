import Checkout
import CheckoutSandbox
import StateStore
import XCTest

/// The pending family (Pending, Received, vouchers, `actionFinishedWithoutDetails`, …): the order
/// is placed as pending and the customer told "we'll email you"; the provider's lookup is polled
/// on the checkout's clock; a confirmation confirms the order, a refusal cancels it and unlocks
/// paying again, and the schedule's end leaves the pending order for the backend to settle.
final class PendingPaymentTests: XCTestCase {
    private let card = PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))

    private func paidPending(
        _ behaviour: SandboxPaymentProvider.Behaviour = .pending,
        confirmation: SandboxPaymentProvider.Confirmation, stillPending: Int = 0
    ) async -> Harness {
        let provider = SandboxPaymentProvider(behaviour: behaviour, confirmation: confirmation)
        await provider.setLookupsStillPending(stillPending)
        let harness = Harness(provider: provider)
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        return harness
    }

    func testThePollingScheduleDoublesFrom2sCapsAt60sAndEndsWithinTenMinutes() {
        let schedule = BackoffSchedule.confirmationPolling
        let delays = (1...14).map { schedule.delay(beforeTry: $0) }
        let seconds: [Duration?] = [2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60].map { .seconds($0) } + [nil]
        XCTAssertEqual(delays, seconds)
        XCTAssertEqual(schedule.tryCount, 13)
        XCTAssertEqual(delays.compactMap { $0 }.reduce(.zero, +), .seconds(542))
        XCTAssertNil(schedule.delay(beforeTry: 0))
        XCTAssertNil(schedule.delay(beforeTry: Int.max), "a try number from a log never loops for long")
        XCTAssertNil(
            BackoffSchedule(initialDelay: .zero, maximumDelay: .seconds(1), limit: .seconds(10)).delay(beforeTry: 1))
        XCTAssertEqual(BackoffSchedule.orderPlacementRetries.tryCount, 3)
    }

    func testAPaymentThatStaysPendingKeepsItsPendingOrderWhenPollingEnds() async {
        let harness = await paidPending(confirmation: .stayPending)
        XCTAssertEqual(
            harness.clock.sleeps, [2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60].map { .seconds($0) })
        XCTAssertEqual(harness.state.payment.phase, .awaitingConfirmation)
        XCTAssertEqual(harness.state.payment.confirmation?.polls, 13)
        XCTAssertEqual(harness.state.payment.confirmation?.hasEnded, true)
        XCTAssertNil(harness.state.payment.confirmation?.nextPoll)
        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(harness.state.completedOrder?.status, .pending)
        XCTAssertEqual(harness.state.completedOrder?.isPending, true, "the \"we'll email you\" view")
        XCTAssertEqual(harness.clearedCarts.value, 1, "the cart is cleared when the pending order is placed")
        let confirms = await harness.provider.receivedCalls.filter {
            if case .confirm = $0 { return true }
            return false
        }
        XCTAssertEqual(confirms.count, 13)
        let orders = await harness.api.placedOrders
        XCTAssertEqual(orders.map(\.status), [.pending])

        // The host can still ask (the app came back to the foreground): the webhook had come.
        await harness.provider.setConfirmation(.authorise)
        await harness.send(.payment(.confirmationRequested))
        XCTAssertEqual(harness.state.completedOrder?.status, .confirmed)
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
    }

    func testARefusalAfterPendingCancelsTheOrderShowsItAndUnlocksPayingAgain() async throws {
        let harness = await paidPending(confirmation: .refuse(reason: "Expired"), stillPending: 2)
        XCTAssertEqual(harness.clock.sleeps, [.seconds(2), .seconds(4), .seconds(8)])
        XCTAssertNil(harness.state.completedOrder, "no completed order is left behind")
        XCTAssertEqual(harness.state.view, .nativeCheckout)
        XCTAssertEqual(harness.state.orderPlacement?.placed?.status, .cancelled, "shown as cancelled")
        XCTAssertEqual(harness.state.payment.phase, .failed(PaymentFailure(kind: .refused, message: "Expired")))
        let error = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(error.kind, .orderCancelled(orderNumber: "SB-1001"))
        XCTAssertEqual(error.retry, .payment)
        XCTAssertTrue(harness.state.canPay)
        XCTAssertEqual(harness.state.native.status(of: .shippingMethod)?.isEditable, true, "the sections unlock")

        await harness.provider.setBehaviour(.approve)
        await harness.send(.common(.retryTapped(errorID: error.id)))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.completedOrder?.orderNumber, "SB-1002")
        XCTAssertEqual(harness.state.completedOrder?.status, .confirmed)
        let orders = await harness.api.placedOrders
        XCTAssertEqual(orders.map(\.status), [.cancelled, .confirmed], "never two live orders")
        XCTAssertEqual(harness.sink.events.filter { $0.name == "purchase" }.count, 2)
    }

    func testAVoucherPlacesAPendingOrderAndStaysInTheStateForTheHost() async throws {
        let harness = await paidPending(.presentToShopper(.voucher), confirmation: .stayPending)
        guard case .actionRequired(let voucher) = harness.state.payment.phase else {
            return XCTFail("expected the voucher, got \(harness.state.payment.phase)")
        }
        XCTAssertEqual(voucher.kind, .voucher)
        XCTAssertNotNil(voucher.payload, "the voucher's data, for the host to show")
        XCTAssertNil(harness.state.orderPlacement, "nothing is placed before the shopper saw the voucher")

        await harness.send(.payment(.actionFinishedWithoutDetails))
        XCTAssertEqual(harness.state.payment.shopperAction, voucher, "kept for the \"we'll email you\" view")
        XCTAssertEqual(harness.state.completedOrder?.status, .pending)
        XCTAssertEqual(harness.state.payment.confirmation?.hasEnded, true)

        await harness.provider.setConfirmation(.authorise)
        await harness.send(.payment(.confirmationRequested))
        XCTAssertEqual(harness.state.completedOrder?.status, .confirmed)
        let calls = await harness.api.receivedCalls.suffix(2)
        XCTAssertEqual(
            Array(calls),
            [
                .placeOrder(
                    cartID: "cart-1", paymentReference: "payment-1", amount: money("45.95"), status: .pending,
                    idempotencyKey: "order-key-1"),
                .updateOrderStatus(orderID: "order-1", status: .confirmed),
            ])
    }

    /// A state awaiting confirmation with a lookup in flight, an order placed as pending.
    private func awaitingLookup() -> (CheckoutReducerType, CheckoutState) {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        var state = Fixtures.nativeState()
        state.payment.phase = .awaitingConfirmation
        state.payment.attempt = 1
        state.payment.amount = money("45.95")
        state.payment.intent = PaymentIntent(reference: "payment-1", cartID: "cart-1", amount: money("45.95"))
        state.payment.session = PaymentSession(id: "s", providerID: "sandbox", amount: money("45.95"))
        var confirmation = PaymentConfirmationState()
        confirmation.polls = 1
        confirmation.isLookupInFlight = true
        state.payment.confirmation = confirmation
        var placement = OrderPlacementState(paymentReference: "payment-1", amount: money("45.95"), target: .pending)
        placement.idempotencyKey = "k"
        placement.callsMade = 1
        placement.placed = PlacedOrder(id: "order-1", number: "SB-1001", status: .pending, total: money("45.95"))
        placement.step = .settled
        state.orderPlacement = placement
        return (CheckoutReducer.make(environment: environment), state)
    }

    func testAConfirmationForAnotherAmountIsIgnoredAndPollingGoesOn() {
        let (reducer, initial) = awaitingLookup()
        var state = initial
        let wrong = PaymentReceipt(providerReference: "psp", amount: money("0.01"), resultCode: "Authorised")
        _ = reducer.reduce(&state, .payment(.outcomeReceived(.authorised(wrong), attempt: 1)))
        XCTAssertEqual(state.payment.phase, .awaitingConfirmation)
        XCTAssertEqual(state.payment.confirmation?.nextPoll, 2)
        XCTAssertEqual(state.orderPlacement?.target, .pending, "the order is not confirmed")
    }

    func testUndecidedLookupAnswersSettleNothing() {
        for outcome: PaymentOutcome in [
            .error(message: "unknown result code \"Frobnicated\""),
            .actionRequired(PaymentActionRequest(kind: .redirect)),
            .partiallyAuthorised(
                PaymentReceipt(providerReference: "p", amount: money("1"), resultCode: "x"), remaining: money("44.95")),
            .awaitingConfirmation(
                PaymentReceipt(providerReference: "p", amount: money("45.95"), resultCode: "Received")),
        ] {
            let (reducer, initial) = awaitingLookup()
            var state = initial
            _ = reducer.reduce(&state, .payment(.outcomeReceived(outcome, attempt: 1)))
            XCTAssertEqual(state.payment.phase, .awaitingConfirmation, "\(outcome)")
            XCTAssertEqual(state.payment.confirmation?.nextPoll, 2, "\(outcome)")
            XCTAssertEqual(state.orderPlacement?.target, .pending, "\(outcome)")
        }
    }

    func testAnAnswerNobodyAskedForAndAHostRequestDuringALookupChangeNothing() {
        let (reducer, initial) = awaitingLookup()
        var state = initial
        let asked = state
        _ = reducer.reduce(&state, .payment(.confirmationRequested))
        _ = reducer.reduce(&state, .payment(.confirmationPollDue(poll: 2)))
        XCTAssertEqual(state.payment, asked.payment)
        state.payment.confirmation?.isLookupInFlight = false
        state.payment.confirmation?.nextPoll = 2
        let waiting = state
        let receipt = PaymentReceipt(providerReference: "p", amount: money("45.95"), resultCode: "Authorised")
        _ = reducer.reduce(&state, .payment(.outcomeReceived(.authorised(receipt), attempt: 1)))
        _ = reducer.reduce(&state, .payment(.confirmationPollDue(poll: 7)))
        XCTAssertEqual(state.payment, waiting.payment, "no lookup was asked: a stray answer or timer is ignored")
    }

    func testARefusalBeforeAnyPlacementCallSettlesWithoutTheBackendAndUnlocksPaying() {
        let (reducer, initial) = awaitingLookup()
        var state = initial
        state.orderPlacement = OrderPlacementState(
            paymentReference: "payment-1", amount: money("45.95"), target: .pending)
        _ = reducer.reduce(&state, .payment(.outcomeReceived(.refused(reason: "Refused"), attempt: 1)))
        XCTAssertEqual(state.orderPlacement?.target, .cancelled)
        XCTAssertEqual(state.orderPlacement?.step, .makingKey, "waits for the key the effect is making")
        let requests = state.nextRequestID
        _ = reducer.reduce(&state, .order(.placementKeyMade(idempotencyKey: "k", paymentReference: "payment-1")))
        XCTAssertEqual(state.nextRequestID, requests, "no call: the backend never heard of this order")
        XCTAssertEqual(state.orderPlacement?.isActive, false)
        XCTAssertEqual(
            state.errors.last?.kind, .paymentFailed(PaymentFailure(kind: .refused, message: "Refused")))
        XCTAssertEqual(state.errors.last?.retry, .payment)
    }
}

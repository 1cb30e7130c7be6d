import Checkout
import CheckoutSandbox
import StateStore
import XCTest

final class PaymentFlowTests: XCTestCase {
    private let card = PaymentSubmission(
        methodID: "scheme", payload: Sensitive("encrypted-4111111111111111"), displayDescription: "Visa •••• 1111")

    private func readyHarness(
        _ behaviour: SandboxPaymentProvider.Behaviour = .approve,
        descriptor: PaymentProviderDescriptor = SandboxPaymentProvider.defaultDescriptor,
        extraMiddleware: [Middleware<CheckoutState>] = []
    ) async -> Harness {
        let state = CheckoutState(kind: .native, user: .guest, paymentProviders: [descriptor])
        let harness = Harness(
            state: state, provider: SandboxPaymentProvider(behaviour: behaviour, descriptor: descriptor),
            extraMiddleware: extraMiddleware)
        await harness.start()
        await harness.completeGuestSections()
        return harness
    }

    func testApprovedPaymentSucceedsAndCompletesTheOrderOnce() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
        XCTAssertEqual(harness.state.payment.session?.amount, money("45.95"))
        XCTAssertEqual(harness.state.native.status(of: .shippingMethod)?.isEditable, false)

        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        XCTAssertFalse(harness.state.payment.isConfirmed, "a result code informs; only the lookup confirms")
        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(
            harness.state.completedOrder,
            CompletedOrder(
                orderID: "order-1", orderNumber: "SB-1001", total: money("45.95"), idSource: .backend,
                status: .confirmed),
            "the backend's order, never the payment's reference")
        XCTAssertEqual(harness.state.native.status(of: .payment)?.isComplete, true)
        XCTAssertEqual(harness.clearedCarts.value, 1)
        let prepared = await harness.provider.preparedRequests
        XCTAssertEqual(
            prepared,
            [
                PaymentRequest(
                    amount: money("45.95"), minorUnits: 4595, reference: "payment-1", cartID: "cart-1",
                    countryCode: "GB")
            ])
    }

    func testADropInResultForAProviderWhoseDropInDoesNotPayFailsAsAConfiguration() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        await harness.send(
            .payment(.dropInCompleted(PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("r")))))
        guard case .failed(let failure) = harness.state.payment.phase else {
            return XCTFail("\(harness.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .configuration)
        XCTAssertNil(harness.state.orderPlacement, "a report is never a payment on its own")
        XCTAssertNil(harness.state.completedOrder)
    }

    func testADropInReportOutsideAPresentedDropInChangesNothing() async {
        let harness = await readyHarness()
        let before = harness.state
        await harness.send(
            .payment(.dropInCompleted(PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("r")))))
        await harness.send(.payment(.dropInFailed(message: "late")))
        XCTAssertEqual(harness.state, before)
    }

    func testPayBeforeTheSectionsAreCompleteIsRefused() async {
        let harness = Harness()
        await harness.start()
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertEqual(harness.state.errors.last?.kind, .sectionIncomplete(.shippingContact))
        let calls = await harness.api.receivedCalls
        XCTAssertFalse(calls.contains { if case .startPayment = $0 { return true } else { return false } })
    }

    func testCurrencyTheProviderDoesNotTakeIsRefusedBeforeAnyCall() async {
        let euroOnly = PaymentProviderDescriptor(id: "sandbox", displayName: "EUR only", supportedCurrencies: ["EUR"])
        let harness = await readyHarness(descriptor: euroOnly)
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertEqual(
            harness.state.errors.last?.kind, .paymentRefused(.unsupportedCurrency("GBP", rejectedBy: "sandbox")))
    }

    func testDeclineReturnsToPresentingForARetry() async {
        let harness = await readyHarness(.decline(reason: "Insufficient funds"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.payment.phase, .declined(reason: "Insufficient funds"))
        XCTAssertEqual(harness.state.errors.last?.kind, .paymentDeclined(reason: "Insufficient funds"))
        XCTAssertNil(harness.state.completedOrder)

        await harness.send(.payment(.declineAcknowledged))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
        await harness.provider.setBehaviour(.approve)
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
    }

    func testChallengeRequiresAnActionThenDetailsFinishThePayment() async {
        let harness = await readyHarness(.challengeThenApprove)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        guard case .actionRequired(let request) = harness.state.payment.phase else {
            return XCTFail("expected actionRequired, got \(harness.state.payment.phase)")
        }
        XCTAssertEqual(request.kind, .threeDSChallenge)
        await harness.send(.payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds-result")))))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        let calls = await harness.provider.receivedCalls
        XCTAssertEqual(calls.filter { if case .submitDetails = $0 { return true } else { return false } }.count, 1)
    }

    func testChallengeThenDeclineEndsDeclined() async {
        let harness = await readyHarness(.challengeThenDecline(reason: "3DS failed"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        await harness.send(.payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("x")))))
        XCTAssertEqual(harness.state.payment.phase, .declined(reason: "3DS failed"))
    }

    func testPendingPlacesAPendingOrderAndTheFirstPollsConfirmationConfirmsIt() async throws {
        let harness = await readyHarness(.pending)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        // On the sandbox clock the first poll (2 s) ran at once: the lookup authorised.
        XCTAssertEqual(harness.clock.sleeps, [.seconds(2)])
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        XCTAssertTrue(harness.state.payment.isConfirmed)
        XCTAssertEqual(harness.state.view, .completed)
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
        XCTAssertEqual(harness.sink.events.filter { $0.name == "purchase" }.count, 1)
        XCTAssertEqual(harness.clearedCarts.value, 1, "cleared once, when the pending order was placed")
    }

    func testProviderErrorFailsWithRetryAndRetryStartsANewAttempt() async throws {
        let harness = await readyHarness(.errorResult(message: "Acquirer error"))
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.payment.phase, .failed(PaymentFailure(kind: .provider, message: "Acquirer error")))
        XCTAssertNil(harness.state.payment.session, "a failed payment leaves no session behind")
        let calls = await harness.provider.receivedCalls
        XCTAssertEqual(calls.last, .cancel(sessionID: "sandbox-session-1"))

        await harness.provider.setBehaviour(.approve)
        await harness.send(.payment(.retryTapped))
        XCTAssertEqual(harness.state.payment.attempt, 2)
        XCTAssertEqual(harness.state.payment.phase, .presenting)
    }

    func testThrownProviderErrorFails() async {
        let harness = await readyHarness(.throwError(message: "SDK crashed"))
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .failed(PaymentFailure(kind: .provider, message: "SDK crashed")))
        await harness.send(.payment(.abortTapped))
        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertNil(harness.state.payment.amount)
    }

    func testCancelInTheDropInGoesBackToSelectionAndAbandonsTheSession() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.cancelTapped))
        XCTAssertEqual(harness.state.payment.phase, .cancelled)
        XCTAssertNil(harness.state.payment.session)
        XCTAssertEqual(harness.state.native.status(of: .shippingMethod)?.isEditable, true)
        let calls = await harness.provider.receivedCalls
        XCTAssertEqual(calls.last, .cancel(sessionID: "sandbox-session-1"))
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
    }

    func testCancelledResultFromTheProviderGoesBackToSelection() async {
        let harness = await readyHarness(.cancel)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        XCTAssertEqual(harness.state.payment.phase, .cancelled)
    }

    func testAppGoingAwayWhileTheProviderWorksLeavesNoHalfStartedPayment() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = readyStateWithoutEffects()
        state.payment.phase = .submitting
        state.payment.session = PaymentSession(id: "s", providerID: "sandbox", amount: money("45.95"))
        _ = reducer.reduce(&state, .payment(.appWentAway))
        XCTAssertEqual(
            state.payment.phase,
            .failed(PaymentFailure(kind: .interrupted, message: "the app went away during the payment")))
        XCTAssertNil(state.payment.session)
        XCTAssertFalse(state.payment.phase.locksCheckout)
    }

    func testTimeoutFailsThePaymentWithRetry() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.timedOut))
        XCTAssertEqual(
            harness.state.payment.phase, .failed(PaymentFailure(kind: .timeout, message: "the payment step timed out")))
        XCTAssertEqual(harness.state.errors.last?.retry, .payment)
    }

    func testDismissConfirmedDuringPaymentCancelsIt() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        await harness.send(.common(.dismissTapped))
        await harness.send(.common(.dismissConfirmed))
        XCTAssertEqual(harness.state.view, .dismissed)
        XCTAssertEqual(harness.state.payment.phase, .cancelled)
    }

    func testEditsAreIgnoredWhileAPaymentIsInProgress() async {
        let harness = await readyHarness()
        await harness.send(.payment(.payTapped))
        let before = harness.state
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.send(.native(.editShippingContactTapped))
        XCTAssertEqual(harness.state, before)
    }

    func testTotalChangedBeforeSubmitRestartsWithTheNewTotalAndTellsTheUser() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = readyStateWithoutEffects()
        let attempt = present(&state, with: reducer, sessionAmount: "45.95")
        XCTAssertEqual(state.payment.phase, .presenting)

        // The total changes under the presented drop-in (a refreshed cart arrives).
        state.cart?.totals.total = decimal("49.95")
        _ = reducer.reduce(&state, .payment(.submitted(card)))

        XCTAssertEqual(state.payment.phase, .preparing)
        XCTAssertEqual(state.payment.amount, money("49.95"))
        XCTAssertEqual(state.payment.attempt, attempt + 1)
        XCTAssertEqual(state.payment.restarts, 1)
        XCTAssertNil(state.payment.session)
        XCTAssertTrue(state.errors.contains { $0.kind == .totalChanged })
    }

    func testSessionForAnotherAmountIsRefused() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = readyStateWithoutEffects()
        present(&state, with: reducer, sessionAmount: "45.00")
        guard case .failed(let failure) = state.payment.phase else { return XCTFail("expected failed") }
        XCTAssertEqual(failure.kind, .guardViolation)
    }

    func testResultOfAnOlderAttemptIsIgnored() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = readyStateWithoutEffects()
        _ = reducer.reduce(&state, .payment(.payTapped))
        let before = state
        _ = reducer.reduce(&state, .payment(.intentFailed(.timeout, attempt: state.payment.attempt - 1)))
        XCTAssertEqual(state, before)
    }

    /// Regression: after a partial payment the paid session was dropped while the remainder's was
    /// prepared, so a shopper leaving then left the paid part (an open order) uncancelled.
    func testLeavingWhileTheRemainderIsPreparedCancelsThePaidSession() async {
        var (state, reducer, provider) = partiallyPaid()
        XCTAssertEqual(state.payment.phase, .preparing)

        // The app goes away before the remainder's session arrives: run the effects it asks for.
        let effect = reducer.reduce(&state, .payment(.appWentAway))
        await run(effect)
        let calls = await provider.receivedCalls
        XCTAssertTrue(calls.contains(.cancel(sessionID: "s1")), "the paid session must be cancelled: \(calls)")
        XCTAssertNil(state.payment.session)
    }

    /// Runs an effect's asynchronous work to the end, dropping the actions it sends.
    private func run(_ effect: Effect<CheckoutAction>) async {
        guard case .run(let work) = effect.inspection else {
            if case .merge(let effects) = effect.inspection {
                for effect in effects { await run(effect) }
            }
            return
        }
        try? await work.perform(Send { _ in })
    }

    /// A state whose payment got a gift card's 20.00 of 45.95 (a partial authorisation), with the
    /// reducer and the provider it ran with.
    private func partiallyPaid() -> (CheckoutState, Reducer<CheckoutState, CheckoutAction>, SandboxPaymentProvider) {
        var descriptor = SandboxPaymentProvider.defaultDescriptor
        descriptor.supportsPartialPayments = true
        let provider = SandboxPaymentProvider(descriptor: descriptor)
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [provider])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = readyStateWithoutEffects()
        state.paymentProviders = [descriptor]
        let attempt = present(&state, with: reducer, sessionAmount: "45.95")
        _ = reducer.reduce(&state, .payment(.submitted(card)))
        let giftCard = PaymentReceipt(providerReference: "gc", amount: money("20"), resultCode: "Authorised")
        _ = reducer.reduce(
            &state,
            .payment(.outcomeReceived(.partiallyAuthorised(giftCard, remaining: money("25.95")), attempt: attempt)))
        return (state, reducer, provider)
    }

    func testPartialPaymentPreparesTheRemainder() {
        var (state, reducer, _) = partiallyPaid()
        let attempt = state.payment.attempt
        XCTAssertEqual(state.payment.phase, .preparing)
        XCTAssertEqual(state.payment.amountDue, money("25.95"))
        _ = reducer.reduce(
            &state,
            .payment(
                .sessionPrepared(
                    PaymentSession(id: "s2", providerID: "sandbox", amount: money("25.95")), attempt: attempt)))
        XCTAssertEqual(state.payment.phase, .presenting)
    }

    func testSecretsOfASubmissionNeverReachTheStateOrItsLog() async throws {
        let recorder = ActionRecorder()
        let harness = await readyHarness(.challengeThenApprove, extraMiddleware: [recorder.middleware])
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        await harness.send(.payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds-secret")))))
        let log = try recorder.actions.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }.joined()
        XCTAssertFalse(log.contains("4111111111111111"))
        XCTAssertFalse(log.contains("3ds-secret"))
        XCTAssertFalse(log.contains("sandbox-token"))
        XCTAssertTrue(log.contains("Visa"))
        XCTAssertFalse(String(describing: harness.state).contains("sandbox-token"))
    }

    /// A guest checkout with every section complete, built by reducing without effects.
    /// Pays, gets the intent and a prepared session for `sessionAmount` (the drop-in presented
    /// when it is the total), as the provider's effects would; returns the attempt.
    @discardableResult
    private func present(
        _ state: inout CheckoutState, with reducer: Reducer<CheckoutState, CheckoutAction>, sessionAmount: String
    ) -> Int {
        _ = reducer.reduce(&state, .payment(.payTapped))
        let attempt = state.payment.attempt
        _ = reducer.reduce(
            &state,
            .payment(
                .intentCreated(
                    PaymentIntent(reference: "p", cartID: "cart-1", amount: money("45.95")), attempt: attempt)))
        _ = reducer.reduce(
            &state,
            .payment(
                .sessionPrepared(
                    PaymentSession(id: "s1", providerID: "sandbox", amount: money(sessionAmount)), attempt: attempt)))
        return attempt
    }

    private func readyStateWithoutEffects() -> CheckoutState {
        var state = Fixtures.nativeState()
        let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
        _ = reducer.reduce(&state, .common(.started))
        let methods = [ShippingMethod(id: "standard", name: "Standard", price: money("3.95"))]
        let details = CheckoutDetails(
            cart: Cart(
                id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(subtotal: 42, shipping: decimal("3.95"), discount: 0, total: decimal("45.95")),
                currencyCode: "GBP"),
            email: "ada@example.com", shippingContact: Fixtures.home, billingContact: Fixtures.home,
            shippingMethods: methods, selectedShippingMethodID: "standard")
        _ = reducer.reduce(&state, .result(.checkoutLoaded(details, requestID: state.loadInFlight ?? 0)))
        XCTAssertEqual(state.native.currentSection, .payment)
        return state
    }
}

extension PaymentFlowTests {
    func testFailedConfirmationLookupKeepsThePaymentAwaitingConfirmationAndPollsAgain() {
        let environment = CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()])
        let reducer = CheckoutReducer.make(environment: environment)
        var state = Fixtures.nativeState()
        state.payment.phase = .awaitingConfirmation
        state.payment.attempt = 1
        state.payment.session = PaymentSession(id: "s", providerID: "sandbox", amount: money("45.95"))
        var confirmation = PaymentConfirmationState()
        confirmation.polls = 3
        confirmation.isLookupInFlight = true
        state.payment.confirmation = confirmation
        let lookupFailure = PaymentFailure(kind: .provider, message: "lookup unavailable")
        let effect = reducer.reduce(&state, .payment(.providerFailed(lookupFailure, attempt: 1)))
        XCTAssertEqual(state.payment.phase, .awaitingConfirmation, "the lookup failed, not the payment")
        XCTAssertNotNil(state.payment.session, "the session is needed to ask again")
        XCTAssertEqual(state.payment.confirmation?.nextPoll, 4, "the next poll is scheduled")
        XCTAssertEqual(state.payment.confirmation?.isLookupInFlight, false)
        XCTAssertFalse(effect.isNone, "the poll timer runs")
        XCTAssertTrue(state.errors.isEmpty, "nothing to tell the customer: the order stays pending")
    }
}

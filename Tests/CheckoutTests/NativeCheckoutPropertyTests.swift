import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Random sequences of native actions, with 409s, 410s, failures and edits mixed in, order
/// placements that fail (lost answers, a backend down, 409s and 410s), pending payments that are
/// confirmed, refused or stay pending (vouchers among them), and drop-in reports at any point,
/// never show a section before its predecessors are complete, never ask for or complete a payment
/// of anything but the displayed total, never make two orders, and never leave the checkout stuck.
/// Now and then the app is killed while an action's effects run (their calls reach the sandbox,
/// their answers are lost) and relaunched from its state on the same backend
/// (``CommonAction/relaunched(_:)``): the same properties hold across it. Each sequence's action log,
/// replayed with effects off, reaches the same state, and each of its actions decodes through the
/// log reader's fast path as through `Decodable`.
///
/// **Never two orders**: at no point does the backend hold more than one order that is not
/// cancelled, every placement call for one payment carries the same key, and the completed order
/// only ever becomes another order after the one before it was cancelled.
///
/// **Stuck**, checked after every step once the store has settled (every effect finished; the
/// checkout's timers run on a `SandboxClock`, so a timer still pending would be an effect still
/// running): a non-terminal state with nothing running and no action that leads out of it.
/// Precisely:
/// - the payment is `preparing`, `submitting` or `submittingDetails` (only an effect leads out);
/// - the payment awaits confirmation and polling has not ended (a lookup or poll is owed);
/// - the payment succeeded or awaits confirmation and no order placement exists;
/// - the order placement is making its key, placing, updating, or waiting for a retry;
/// - the order placement is recovering from a 409 or 410 and neither a fetch nor a rebuild is in
///   flight (its retry then leads out: checked by taking it);
/// - the order placement is settled, not cancelled, and the checkout shows no completed order of
///   that status.
/// Everything else has a way forward: the customer's actions in the drop-in (presenting,
/// declined, an action to perform), paying (idle, cancelled, failed), the placement's retry
/// (`OrderAction.retryTapped`, whether or not its error is still shown), or nothing to do (a
/// completed checkout; a pending order once polling ended: "we'll email you").
///
/// Each sequence runs from a seed; a failure prints it. To rerun one sequence:
/// `CHECKOUT_PROPERTY_SEED=1234 swift test --filter NativeCheckoutPropertyTests`.
final class NativeCheckoutPropertyTests: XCTestCase {
    private let sequences = 120
    private let steps = 40

    func testRandomNativeSequencesKeepSectionOrderAndPayOnlyTheDisplayedTotal() async {
        let seeds: [UInt64]
        if let text = ProcessInfo.processInfo.environment["CHECKOUT_PROPERTY_SEED"], let seed = UInt64(text) {
            seeds = [seed]
        } else {
            var master = SplitMix64(seed: 0xC0FFEE)
            seeds = (0..<sequences).map { _ in master.next() }
        }
        var paymentsStarted = 0
        var conflictsAndExpiries = 0
        var actionsDecoded = 0
        var reached = Reached()
        for seed in seeds {
            let outcome = await run(seed: seed)
            paymentsStarted += outcome.paymentsStarted
            conflictsAndExpiries += outcome.recoveries
            actionsDecoded += outcome.actionsDecoded
            reached.add(outcome.reached)
            if let violation = outcome.violation {
                XCTFail(
                    "seed \(seed): \(violation)\nreproduce with CHECKOUT_PROPERTY_SEED=\(seed)\nactions:\n"
                        + outcome.trail.joined(separator: "\n"))
                return
            }
        }
        // The generator must actually reach the paths the property is about.
        if seeds.count > 1 {
            XCTAssertGreaterThan(paymentsStarted, sequences / 4, "too few payments started to test the property")
            XCTAssertGreaterThan(conflictsAndExpiries, sequences / 4, "too few 409/410 recoveries")
            XCTAssertGreaterThan(actionsDecoded, sequences * steps / 2, "too few actions compared on the fast path")
            print(
                "property: \(paymentsStarted) payments, \(reached.ordersPlaced) orders "
                    + "(\(reached.pendingOrders) placed pending, \(reached.cancelledOrders) cancelled), "
                    + "\(reached.placementFailures) failed placements (\(reached.placementRecoveries) 409/410), "
                    + "\(reached.relaunches) relaunches (\(reached.relaunchesMidPayment) mid-payment)")
            XCTAssertGreaterThan(reached.ordersPlaced, sequences / 4, "too few orders placed")
            XCTAssertGreaterThan(reached.placementFailures, sequences / 10, "too few failed placements")
            XCTAssertGreaterThan(reached.pendingOrders, sequences / 10, "too few pending orders")
            XCTAssertGreaterThan(reached.cancelledOrders, 3, "too few pending orders cancelled by a refusal")
            XCTAssertGreaterThan(reached.placementRecoveries, 3, "too few 409/410 answers to a placement")
            XCTAssertGreaterThan(reached.relaunches, sequences, "too few relaunches")
            XCTAssertGreaterThan(reached.relaunchesMidPayment, sequences / 4, "too few relaunches mid-payment")
        }
    }

    /// How often the sequences reached the order placement's paths.
    private struct Reached {
        var ordersPlaced = 0
        var placementFailures = 0
        var pendingOrders = 0
        var cancelledOrders = 0
        var placementRecoveries = 0
        var relaunches = 0
        var relaunchesMidPayment = 0

        mutating func add(_ other: Reached) {
            relaunches += other.relaunches
            relaunchesMidPayment += other.relaunchesMidPayment
            ordersPlaced += other.ordersPlaced
            placementFailures += other.placementFailures
            pendingOrders += other.pendingOrders
            cancelledOrders += other.cancelledOrders
            placementRecoveries += other.placementRecoveries
        }
    }

    func testTheStuckCheckRecognisesEachStuckStateAndNoWayForward() {
        var state = Fixtures.nativeState()
        XCTAssertNil(Self.stuckReason(state))
        for phase in [PaymentPhase.preparing, .submitting, .submittingDetails, .succeeded, .awaitingConfirmation] {
            state.payment.phase = phase
            XCTAssertNotNil(Self.stuckReason(state), "\(phase)")
        }
        state.payment.phase = .awaitingConfirmation
        var confirmation = PaymentConfirmationState()
        confirmation.hasEnded = true
        state.payment.confirmation = confirmation
        var placement = OrderPlacementState(paymentReference: "p", amount: money("1"), target: .pending)
        for step in [OrderPlacementState.Step.makingKey, .placing(requestID: 1), .updating(requestID: 1)] {
            placement.step = step
            state.orderPlacement = placement
            XCTAssertNotNil(Self.stuckReason(state), "\(step)")
        }
        placement.step = .settled
        placement.placed = PlacedOrder(id: "o", number: "1", status: .pending, total: money("1"))
        state.orderPlacement = placement
        XCTAssertNotNil(Self.stuckReason(state), "placed but not shown")
        state.completedOrder = CompletedOrder(
            placed: PlacedOrder(id: "o", number: "1", status: .pending, total: money("1")))
        XCTAssertNil(Self.stuckReason(state), "we'll email you: polling ended, the order pending")
        placement.step = .failed(.timeout)
        state.orderPlacement = placement
        XCTAssertNil(Self.stuckReason(state), "its retry leads out")
    }

    private struct Outcome {
        var violation: String?
        var trail: [String]
        var paymentsStarted: Int
        var recoveries: Int
        var actionsDecoded: Int
        var reached: Reached
    }

    private func run(seed: UInt64) async -> Outcome {
        var random = SplitMix64(seed: seed)
        let checker = InvariantChecker()
        let recorder = ActionRecorder()
        let user = Bool.random(using: &random) ? CheckoutUser.guest : Fixtures.loggedInWithoutDefault
        var killSwitch = KillSwitch()
        var harness = Harness(
            state: Fixtures.nativeState(user: user), leadingMiddleware: [killSwitch.middleware],
            extraMiddleware: [recorder.middleware, checker.middleware])
        var trail: [String] = ["user: \(user.isGuest ? "guest" : "loggedIn")"]
        await harness.start()
        var orderViolation: String?
        // Its own stream, so that when the app dies does not change the actions drawn.
        var deaths = SplitMix64(seed: seed ^ 0x5EED_DEAD)
        var relaunched = Reached()
        for _ in 0..<steps {
            var step = ""
            // Besides the step drawn, now and then: the app dies during the payment step a
            // customer would take next (or, more rarely, at once), and is relaunched from its state
            // on the same backend and provider.
            let roll = deaths.next() % 40
            let next = progressStep(harness.state, &deaths)
            let paymentStep: Bool
            switch next {
            case .payment?, .order?: paymentStep = true
            default: paymentStep = false
            }
            if (paymentStep && roll < 12) || roll == 39 {
                let action = paymentStep ? next : nil
                killSwitch.killAfterNextAction()
                if let action { await harness.send(action) }
                killSwitch = KillSwitch()
                relaunched.relaunches += 1
                harness = Harness(
                    state: harness.state, api: harness.api, provider: harness.provider,
                    leadingMiddleware: [killSwitch.middleware],
                    extraMiddleware: [recorder.middleware, checker.middleware],
                    keyPrefix: "relaunch-\(relaunched.relaunches)-key")
                await harness.send(.common(.relaunched(.savedState)))
                if harness.state.relaunch?.found.payment != nil { relaunched.relaunchesMidPayment += 1 }
                step = "app killed during \(action.map { "\($0)" } ?? "nothing"), relaunched; then "
                if checker.violation != nil {
                    trail.append(step)
                    break
                }
            }
            step += await randomStep(harness, &random)
            trail.append(step)
            if checker.violation != nil { break }
            // `randomStep` waited for every effect: the store has settled.
            if let problem = await Self.orderProblem(harness, checker) ?? Self.stuckReason(harness.state) {
                orderViolation = "after \(step): \(problem)"
                break
            }
        }
        await harness.store.waitForEffects()
        var violation = checker.violation ?? orderViolation
        if violation == nil,
            let diverged = replayDiverges(recorder.actions, from: Fixtures.nativeState(user: user), to: harness.state)
        {
            violation = diverged
        }
        let actions = recorder.actions
        if violation == nil, let mismatch = actions.lazy.compactMap(FastDecodingCheck.mismatch).first {
            violation = mismatch
        }
        let orders = await harness.api.placedOrders
        let calls = await harness.api.receivedCalls
        var reached = relaunched
        reached.ordersPlaced = orders.count
        reached.pendingOrders =
            calls.filter {
                if case .placeOrder(_, _, _, .pending, _) = $0 { return true }
                return false
            }.count
        reached.cancelledOrders = orders.filter { $0.status == .cancelled }.count
        for action in actions {
            switch action {
            case .result(.orderPlacementFailed(let error, _)):
                reached.placementFailures += 1
                if error == .cartExpired || error.httpStatus == 409 { reached.placementRecoveries += 1 }
            default: break
            }
        }
        return Outcome(
            violation: violation, trail: trail + checker.trail.suffix(5).map { "  reduced: \($0)" },
            paymentsStarted: checker.paymentsStarted, recoveries: checker.recoveries, actionsDecoded: actions.count,
            reached: reached)
    }

    /// Never two orders, and never an order for another amount than the one paid (see the type's
    /// discussion); `checker` remembers the completed orders seen.
    private static func orderProblem(_ harness: Harness, _ checker: InvariantChecker) async -> String? {
        let orders = await harness.api.placedOrders
        let live = orders.filter { $0.status != .cancelled }
        if live.count > 1 { return "two orders that are not cancelled: \(live)" }
        var keys: [String: String] = [:]
        for call in await harness.api.receivedCalls {
            guard case .placeOrder(_, let reference, _, _, let key) = call else { continue }
            if let seen = keys[reference], seen != key {
                return "payment \(reference) was placed with two keys, \(seen) and \(key)"
            }
            keys[reference] = key
        }
        let state = harness.state
        if let completed = state.completedOrder, completed.idSource == .backend {
            guard let placement = state.orderPlacement, let placed = placement.placed, placed.id == completed.orderID
            else { return "the completed order \(completed.orderID) is not the order placed" }
            if completed.total != placement.amount {
                return "completed \(String(describing: completed.total)), paid \(placement.amount)"
            }
            if !orders.contains(where: { $0.id == completed.orderID && $0.total == placement.amount }) {
                return "the backend has no order \(completed.orderID) for \(placement.amount)"
            }
        }
        return checker.completedOrderProblem
    }

    /// Why a settled checkout is stuck, if it is (see the type's discussion).
    static func stuckReason(_ state: CheckoutState) -> String? {
        switch state.payment.phase {
        case .preparing, .submitting, .submittingDetails:
            return "the payment is \(state.payment.phase.name) with nothing running"
        case .awaitingConfirmation:
            guard let confirmation = state.payment.confirmation, confirmation.hasEnded,
                !confirmation.isLookupInFlight, confirmation.nextPoll == nil
            else { return "awaiting confirmation with no poll owed and polling not ended" }
            if state.orderPlacement == nil { return "awaiting confirmation without an order placement" }
        case .succeeded:
            if state.orderPlacement == nil { return "paid without an order placement" }
        default:
            break
        }
        guard let placement = state.orderPlacement else { return nil }
        switch placement.step {
        case .makingKey, .placing, .updating, .retryScheduled:
            return "the order placement is \(placement.step) with nothing running"
        case .recovering:
            if state.native.refreshInFlight != nil || state.native.recoveryInFlight != nil {
                return "recovering with a fetch or rebuild in flight and nothing running"
            }
        case .failed:
            break
        case .settled:
            guard placement.target != .cancelled, let placed = placement.placed else { return nil }
            if state.completedOrder?.orderID != placed.id || state.completedOrder?.status != placed.status {
                return
                    "the order \(placed.number) is \(placed.status.rawValue) but the checkout shows \(String(describing: state.completedOrder))"
            }
        }
        return nil
    }

    /// Replays the recorded log through JSON with effects off; describes the divergence, if any.
    private func replayDiverges(
        _ actions: [CheckoutAction], from initial: CheckoutState, to live: CheckoutState
    ) -> String? {
        let replay = Store(
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: UnreachableAPI())), state: initial,
            effectsEnabled: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            for action in actions {
                replay.dispatch(try JSONDecoder().decode(CheckoutAction.self, from: try encoder.encode(action)))
            }
            let replayed = String(decoding: try encoder.encode(replay.state), as: UTF8.self)
            let expected = String(decoding: try encoder.encode(live), as: UTF8.self)
            return replayed == expected
                ? nil : "the replayed log reached another state:\n\(replayed)\nlive:\n\(expected)"
        } catch {
            return "the log did not survive JSON: \(error)"
        }
    }

    /// Performs one random step: a user action, a backend change, or a provider change.
    private func randomStep(_ harness: Harness, _ random: inout SplitMix64) async -> String {
        let addresses = [Fixtures.home, Fixtures.work, Fixtures.paris, Fixtures.homeAsCartHoldsIt]
        let methods = ["standard", "express", "international", "bogus"]
        let state = harness.state
        if Int.random(in: 0..<2, using: &random) == 0, let next = progressStep(state, &random) {
            await harness.send(next)
            return "\(next)"
        }
        let action: CheckoutAction
        switch Int.random(in: 0..<27, using: &random) {
        case 0: action = .native(.emailSubmitted(Bool.random(using: &random) ? "ada@example.com" : "ada@"))
        case 1: action = .native(.editShippingContactTapped)
        case 2: action = .native(.editBillingContactTapped)
        case 3, 4: action = .native(.addressFormSubmitted(addresses.randomElement(using: &random) ?? Fixtures.home))
        case 5:
            action = .native(
                .addressBookEntrySelected(id: ["home", "work", "nope"].randomElement(using: &random) ?? "home"))
        case 6: action = .native(.addNewAddressTapped)
        case 7: action = .native(.useShippingAsBillingTapped)
        case 8, 9: action = .native(.shippingMethodSelected(id: methods.randomElement(using: &random) ?? "standard"))
        case 10, 11: action = .payment(.payTapped)
        case 12: action = .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))))
        case 13: action = .payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds"))))
        case 14:
            // A drop-in's report (here of a drop-in that does not pay by itself, so a configuration
            // failure) at any point: never a second order, never a stuck phase.
            let report = PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("r"))
            action =
                [
                    .payment(.declineAcknowledged), .payment(.cancelTapped), .payment(.timedOut),
                    .payment(.retryTapped),
                    .payment(.dropInCompleted(report)), .payment(.dropInFailed(message: "closed")),
                ]
                .randomElement(using: &random) ?? .payment(.cancelTapped)
        case 15:
            guard let error = state.errors.randomElement(using: &random) else { return "no error to retry" }
            action = .common(.retryTapped(errorID: error.id))
        case 16:
            await harness.api.expireCart()
            return "backend: cart expired"
        case 17:
            let price = Decimal(Int.random(in: 5...30, using: &random))
            await harness.api.changePrice(productID: "cap-grey", to: price)
            return "backend: cap price \(price)"
        case 18:
            let error =
                [CheckoutAPIError.timeout, .server(status: 500, message: nil), .conflict(message: nil), .cartExpired]
                .randomElement(using: &random) ?? .timeout
            // Up to 5 in a row: enough to use up a placement's automatic retries.
            let count = Int.random(in: 1...5, using: &random)
            await harness.api.failNextCalls(count, with: error)
            return "backend: next \(count) calls fail with \(error)"
        case 19, 21:
            let behaviour =
                [
                    SandboxPaymentProvider.Behaviour.approve, .decline(reason: "no"), .challengeThenApprove, .pending,
                    .errorResult(message: "e"), .cancel, .presentToShopper(.voucher), .pending,
                ].randomElement(using: &random) ?? .approve
            await harness.provider.setBehaviour(behaviour)
            return "provider: \(behaviour)"
        case 22:
            let confirmation =
                [
                    SandboxPaymentProvider.Confirmation.authorise, .refuse(reason: "Refused"), .stayPending,
                ].randomElement(using: &random) ?? .authorise
            let stillPending = Int.random(in: 0...3, using: &random)
            await harness.provider.setConfirmation(confirmation)
            await harness.provider.setLookupsStillPending(stillPending)
            return "provider: lookups \(stillPending) × pending, then \(confirmation)"
        case 23:
            await harness.api.loseNextOrderAnswers()
            return "backend: the next order placement's answer is lost"
        case 24: action = .payment(.actionFinishedWithoutDetails)
        case 25: action = .order(.retryTapped)
        case 20: action = .native(.addressEditorClosed)
        default: action = .payment(.confirmationRequested)
        }
        await harness.send(action)
        return "\(action)"
    }

    /// The action a user moving forward would take next, so sequences reach payment often.
    private func progressStep(_ state: CheckoutState, _ random: inout SplitMix64) -> CheckoutAction? {
        let addresses = [Fixtures.home, Fixtures.work, Fixtures.paris]
        if let editor = state.native.addressEditor {
            if case .selection = editor.mode, Bool.random(using: &random) {
                return .native(.addressBookEntrySelected(id: Bool.random(using: &random) ? "home" : "work"))
            }
            return .native(.addressFormSubmitted(addresses.randomElement(using: &random) ?? Fixtures.home))
        }
        switch state.orderPlacement?.step {
        case .failed?, .recovering?: return .order(.retryTapped)
        default: break
        }
        switch state.payment.phase {
        case .presenting, .declined:
            return .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))))
        case .actionRequired(let request):
            return request.finishesWithoutDetails
                ? .payment(.actionFinishedWithoutDetails)
                : .payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds"))))
        case .failed:
            return .payment(.retryTapped)
        default:
            break
        }
        switch state.native.currentSection {
        case .contactInformation: return .native(.emailSubmitted("ada@example.com"))
        case .shippingContact: return .native(.editShippingContactTapped)
        case .billingContact:
            return Bool.random(using: &random)
                ? .native(.useShippingAsBillingTapped) : .native(.editBillingContactTapped)
        case .shippingMethod:
            return state.shippingMethods.randomElement(using: &random).map {
                .native(.shippingMethodSelected(id: $0.id))
            }
        case .orderSummary, .payment: return .payment(.payTapped)
        case nil: return nil
        }
    }
}

/// Checks the properties after every reduced action (effect results included).
private final class InvariantChecker: @unchecked Sendable {
    private let lock = NSLock()
    private var firstViolation: String?
    private var reduced: [String] = []
    private var started = 0
    private var recovered = 0
    private var orderProblem: String?

    var violation: String? { lock.withLock { firstViolation } }
    /// The first completed order that replaced another without its cancellation, if any.
    var completedOrderProblem: String? { lock.withLock { orderProblem } }
    var trail: [String] { lock.withLock { reduced } }
    var paymentsStarted: Int { lock.withLock { started } }
    var recoveries: Int { lock.withLock { recovered } }

    var middleware: Middleware<CheckoutState> {
        .afterReduce { [self] _, action, before, after in
            let problem = Self.check(action: action, before: before, after: after)
            lock.withLock {
                reduced.append("\(action)")
                if after.payment.attempt > before.payment.attempt { started += 1 }
                if after.errors.contains(where: { $0.kind == .cartExpired || $0.kind == .cartChanged })
                    && !before.errors.contains(where: { $0.kind == .cartExpired || $0.kind == .cartChanged })
                {
                    recovered += 1
                }
                if firstViolation == nil, let problem { firstViolation = "after \(action): \(problem)" }
                if orderProblem == nil, let problem = Self.completion(before: before, after: after) {
                    orderProblem = "after \(action): \(problem)"
                }
            }
        }
    }

    /// A completed order is replaced only after it was cancelled, and completes for the total shown.
    static func completion(before: CheckoutState, after: CheckoutState) -> String? {
        switch (before.completedOrder, after.completedOrder) {
        case (let old?, let new?) where old.orderID != new.orderID:
            return "the completed order \(old.orderID) became \(new.orderID)"
        case (.some, nil) where after.orderPlacement?.placed?.status != .cancelled:
            return "the completed order went away without being cancelled"
        case (nil, let new?) where new.total != after.displayedTotal:
            return
                "completed an order for \(String(describing: new.total)), shown \(String(describing: after.displayedTotal))"
        default:
            return nil
        }
    }

    static func check(action: CheckoutAction, before: CheckoutState, after: CheckoutState) -> String? {
        // Sections: the stored statuses are the rules' statuses, and none shows before its
        // predecessors are complete.
        if after.cart != nil, after.native.sections != SectionProgression.statuses(for: after) {
            return "stored section statuses are stale"
        }
        var predecessorsComplete = true
        for status in after.native.sections {
            if status.isVisible && !predecessorsComplete { return "\(status.section) visible before its predecessors" }
            predecessorsComplete = predecessorsComplete && status.isComplete
        }
        // Payments: a payment starts for exactly the displayed total, and money only moves while
        // the amount is still the displayed total.
        let payment = after.payment
        if payment.attempt > before.payment.attempt, payment.amount != after.displayedTotal {
            return
                "payment started for \(String(describing: payment.amount)), shown \(String(describing: after.displayedTotal))"
        }
        if payment.phase == .presenting,
            payment.session?.amount != payment.amountDue || payment.amount != after.displayedTotal
        {
            return
                "presenting a session for \(String(describing: payment.session?.amount)), shown \(String(describing: after.displayedTotal))"
        }
        if payment.phase.isWithProvider, payment.amount != after.displayedTotal {
            return
                "submitting \(String(describing: payment.amount)) while showing \(String(describing: after.displayedTotal))"
        }
        if payment.phase == .succeeded, before.payment.phase != .succeeded,
            payment.receipt?.amount != after.displayedTotal
        {
            return
                "paid \(String(describing: payment.receipt?.amount)), shown \(String(describing: after.displayedTotal))"
        }
        if payment.phase == .idle || payment.phase == .cancelled, payment.session != nil {
            return "a payment session was left behind in \(payment.phase.name)"
        }
        return nil
    }
}

import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// Random sequences of native actions, with 409s, 410s, failures and edits mixed in, never show a
/// section before its predecessors are complete, and never ask for a payment of anything but the
/// displayed total. Each sequence's action log, replayed with effects off, reaches the same state,
/// and each of its actions decodes through the log reader's fast path as through `Decodable`.
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
        for seed in seeds {
            let outcome = await run(seed: seed)
            paymentsStarted += outcome.paymentsStarted
            conflictsAndExpiries += outcome.recoveries
            actionsDecoded += outcome.actionsDecoded
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
        }
    }

    private struct Outcome {
        var violation: String?
        var trail: [String]
        var paymentsStarted: Int
        var recoveries: Int
        var actionsDecoded: Int
    }

    private func run(seed: UInt64) async -> Outcome {
        var random = SplitMix64(seed: seed)
        let checker = InvariantChecker()
        let recorder = ActionRecorder()
        let user = Bool.random(using: &random) ? CheckoutUser.guest : Fixtures.loggedInWithoutDefault
        let harness = Harness(
            state: Fixtures.nativeState(user: user), extraMiddleware: [recorder.middleware, checker.middleware])
        var trail: [String] = ["user: \(user.isGuest ? "guest" : "loggedIn")"]
        await harness.start()
        for _ in 0..<steps {
            let step = await randomStep(harness, &random)
            trail.append(step)
            if checker.violation != nil { break }
        }
        await harness.store.waitForEffects()
        var violation = checker.violation
        if violation == nil,
            let diverged = replayDiverges(recorder.actions, from: Fixtures.nativeState(user: user), to: harness.state)
        {
            violation = diverged
        }
        let actions = recorder.actions
        if violation == nil, let mismatch = actions.lazy.compactMap(FastDecodingCheck.mismatch).first {
            violation = mismatch
        }
        return Outcome(
            violation: violation, trail: trail + checker.trail.suffix(5).map { "  reduced: \($0)" },
            paymentsStarted: checker.paymentsStarted, recoveries: checker.recoveries, actionsDecoded: actions.count)
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
        switch Int.random(in: 0..<22, using: &random) {
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
            action =
                [.payment(.declineAcknowledged), .payment(.cancelTapped), .payment(.timedOut), .payment(.retryTapped)]
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
            await harness.api.failNextCalls(with: error)
            return "backend: next call fails with \(error)"
        case 19:
            let behaviour =
                [
                    SandboxPaymentProvider.Behaviour.approve, .decline(reason: "no"), .challengeThenApprove, .pending,
                    .errorResult(message: "e"), .cancel,
                ].randomElement(using: &random) ?? .approve
            await harness.provider.setBehaviour(behaviour)
            return "provider: \(behaviour)"
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
        switch state.payment.phase {
        case .presenting, .declined:
            return .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))))
        case .actionRequired:
            return .payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds"))))
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

    var violation: String? { lock.withLock { firstViolation } }
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
            }
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

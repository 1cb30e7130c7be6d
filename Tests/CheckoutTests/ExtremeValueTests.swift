import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Integers and decimals from outside data never trap (issue #13, item 1). Every number of every
/// sample action, and every number and amount of states the example logs pass through, is set to
/// each extreme value (`Int.max`, `Int.min`, 0, -1, 2^53 ± 1; NaN, negatives, more digits than
/// `Decimal` holds, beyond its exponent); the result decodes through the log's fast path and
/// `Decodable` to the same value or is refused with a `DecodingError` naming the field, and what
/// decodes reduces, from normal states and from states whose integers are extreme, without a trap
/// and into a guarded state. (A trap ends the test process: that it finishes is the proof.)
///
/// The random part runs from a seed; a failure prints it. To rerun one sequence:
/// `CHECKOUT_EXTREME_SEED=1234 swift test --filter ExtremeValueTests`.
final class ExtremeValueTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let reducer = CheckoutReducer.make(
        environment: CheckoutEnvironment(api: SandboxCheckoutAPI(), paymentProviders: [SandboxPaymentProvider()]))

    /// States the example logs pass through: one per kind, view, payment phase and request in
    /// flight, so every reducer meets each action in each situation it can be in.
    static let baseStates: [CheckoutState] = {
        var seen = Set<String>()
        var states: [CheckoutState] = []
        let logs = [
            "native-guest", "native-logged-in-409", "native-410-recovery", "native-decline-then-retry",
            "native-adyen-3ds", "native-afterpay", "web-bridge-cart-transfer", "web-parse-checkout",
            "native-voucher-pending", "native-pending-refused", "native-placement-retry",
        ]
        for name in logs {
            let path = root.appendingPathComponent("Examples/Logs/\(name).jsonl").path
            guard
                let replay = try? Replayer(
                    path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version,
                    upgrade: CheckoutLogSchema.upgrade)
            else { continue }
            for step in 0...replay.count {
                let state = replay.state(at: step)
                let signature = [
                    "\(state.kind)", "\(state.view)", state.payment.phase.name, "\(state.loadInFlight != nil)",
                    "\(state.native.isInSync)", "\(state.errors.isEmpty)", "\(state.isFinished)",
                ].joined(separator: "|")
                if seen.insert(signature).inserted { states.append(state) }
            }
        }
        return states
    }()

    /// The first base state of each kind and payment phase, with and without a load in flight:
    /// the states the sweeps reduce from (every base state would only repeat them, slower).
    static let representativeStates: [CheckoutState] = {
        var seen = Set<String>()
        return baseStates.filter { state in
            seen.insert("\(state.kind)|\(state.payment.phase.name)|\(state.loadInFlight != nil)").inserted
        }
    }()

    func testTheBaseStatesCoverEveryKindAndPaymentPhase() {
        XCTAssertGreaterThan(Self.baseStates.count, 15)
        XCTAssertEqual(Set(Self.baseStates.map(\.kind)), [.native, .web])
        let phases = Set(Self.baseStates.map(\.payment.phase.name))
        for phase in [
            "idle", "preparing", "presenting", "submitting", "actionRequired", "succeeded", "declined",
            "awaitingConfirmation", "failed",
        ] {
            XCTAssertTrue(phases.contains(phase), "no base state in phase \(phase)")
        }
        XCTAssertTrue(
            Self.baseStates.contains { $0.orderPlacement?.placed?.status == .pending },
            "no base state with a pending order")
    }

    // MARK: Every number of every action

    func testEveryNumberOfEveryActionTakesEachExtremeValueWithoutATrap() throws {
        var decoded = 0
        var refused = 0
        for action in CheckoutActionSamples.actions {
            let json = try JSONParser.parse(try CanonicalEncoder.encode(action).compactJSON)
            for leaf in ExtremeJSON.leaves(of: json) {
                for replacement in ExtremeJSON.replacements(for: leaf) {
                    let mutated = ExtremeJSON.replacing(leaf.path, in: json, with: replacement)
                    guard let extreme = Self.decodeAction(mutated, changing: leaf, to: replacement) else {
                        refused += 1
                        continue
                    }
                    decoded += 1
                    for state in Self.representativeStates { Self.reduce(extreme, from: state) }
                }
            }
        }
        XCTAssertGreaterThan(decoded, 1500, "mutated actions that decoded and were reduced")
        XCTAssertGreaterThan(refused, 1000, "mutated actions refused with an error naming the field")
    }

    // MARK: States whose integers are extreme

    func testStatesWhoseIntegersAreExtremeTakeEveryActionWithoutATrap() throws {
        var reduced = 0
        for integer in ExtremeJSON.integers {
            // The sample actions, and the same with every integer set to the extreme value, so
            // that the ids they carry match the state's.
            let actions = try CheckoutActionSamples.actions + Self.actionsWithEveryInteger(set: integer)
            for state in Self.representativeStates {
                let extreme = try Self.stateWithEveryCounter(of: state, set: integer)
                for action in actions + Self.matchingActions(for: extreme) {
                    Self.reduce(action, from: extreme)
                    reduced += 1
                }
            }
        }
        XCTAssertGreaterThan(reduced, 20_000)
    }

    func testEveryNumberAndAmountOfAStateTakesEachExtremeValueWithoutATrap() throws {
        var decoded = 0
        var refused = 0
        for state in Self.representativeStates {
            let json = try JSONParser.parse(try CanonicalEncoder.encode(state).compactJSON)
            // One element of each array stands for the others (a cart's second line is read as its first).
            var shapes = Set<[ExtremeJSON.Step]>()
            let leaves = ExtremeJSON.leaves(of: json).filter { leaf in
                shapes.insert(leaf.path.map { step in if case .index = step { return .index(0) } else { return step } })
                    .inserted
            }
            for leaf in leaves {
                for replacement in ExtremeJSON.replacements(for: leaf, fewer: true) {
                    let mutated = ExtremeJSON.replacing(leaf.path, in: json, with: replacement)
                    let extreme: CheckoutState
                    do {
                        extreme = try JSONValueDecoder().decode(CheckoutState.self, from: mutated)
                    } catch {
                        XCTAssertTrue(
                            ExtremeJSON.decodingError(error, names: leaf.nameable),
                            "a state with \(replacement.jsonText) at \(leaf.path) was refused without naming it: \(error)"
                        )
                        refused += 1
                        continue
                    }
                    decoded += 1
                    Self.assertReadExactly(replacement, at: leaf, in: extreme)
                    for action in Self.matchingActions(for: extreme) { Self.reduce(action, from: extreme) }
                }
            }
        }
        XCTAssertGreaterThan(decoded, 600)
        XCTAssertGreaterThan(refused, 800)
    }

    func testRandomSequencesFromExtremeStatesStayGuarded() throws {
        let seeds: [UInt64]
        if let text = ProcessInfo.processInfo.environment["CHECKOUT_EXTREME_SEED"], let seed = UInt64(text) {
            seeds = [seed]
        } else {
            var master = SplitMix64(seed: 0x1D_B0_0D5)
            seeds = (0..<60).map { _ in master.next() }
        }
        var pools: [String: [CheckoutAction]] = [:]
        for integer in ExtremeJSON.integers {
            pools[integer] = try CheckoutActionSamples.actions + Self.actionsWithEveryInteger(set: integer)
        }
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let integer = ExtremeJSON.integers[Int(random.next() % UInt64(ExtremeJSON.integers.count))]
            let base = Self.baseStates[Int(random.next() % UInt64(Self.baseStates.count))]
            var state = try Self.stateWithEveryCounter(of: base, set: integer)
            let pool = pools[integer] ?? []
            for _ in 0..<40 {
                let matching = Self.matchingActions(for: state)
                let action =
                    random.next() % 2 == 0
                    ? matching[Int(random.next() % UInt64(matching.count))]
                    : pool[Int(random.next() % UInt64(pool.count))]
                let before = state
                _ = Self.reducer.reduce(&state, action)
                if let problem = Self.unguarded(state, before: before) {
                    XCTFail(
                        "seed \(seed): \(problem) after \(action)\n"
                            + "reproduce with CHECKOUT_EXTREME_SEED=\(seed)")
                    return
                }
            }
        }
    }

    // MARK: Helpers

    /// Decodes a mutated action through `Decodable` and through the fast path: they agree, a
    /// refusal names the field, and nothing decodes to another value than the one written.
    static func decodeAction(
        _ json: JSONValue, changing leaf: ExtremeJSON.Leaf, to replacement: JSONValue
    ) -> CheckoutAction? {
        let text = json.jsonText
        let decodable: CheckoutAction
        do {
            decodable = try JSONValueDecoder().decode(CheckoutAction.self, from: json)
        } catch {
            XCTAssertTrue(
                ExtremeJSON.decodingError(error, names: leaf.nameable),
                "\(text) was refused without naming \(leaf.path): \(error)")
            if let fast = try? LogDecoding.decode(CheckoutAction.self, json: text) {
                XCTFail("the fast path accepted \(text), which Decodable refuses, as \(fast)")
            }
            return nil
        }
        if let fast = try? LogDecoding.decode(CheckoutAction.self, json: text) {
            XCTAssertEqual(fast, decodable, text)
        }
        assertReadExactly(replacement, at: leaf, in: decodable)
        return decodable
    }

    /// A value that decoded is the value written: an integer beyond `Int` never reads as another,
    /// and an amount is exactly its text (never NaN, never rounded).
    static func assertReadExactly<Value: Encodable>(
        _ replacement: JSONValue, at leaf: ExtremeJSON.Leaf, in value: Value
    ) {
        let written: String
        switch replacement {
        case .string(let text), .number(let text): written = text
        default: return
        }
        // Load progress is a `Double`: any JSON number is one.
        if leaf.path.contains(.key("loadProgressChanged")) || leaf.path.contains(.key("loadProgress")) { return }
        // A bridge message's JSON (posted, or submitted in Forms mode) and a provider's
        // payment-methods answer keep any number's text exactly; nothing reads it as an `Int`.
        if leaf.path.contains(.key("messagePosted")) || leaf.path.contains(.key("formSubmitted"))
            || leaf.path.contains(.key("paymentMethodsResponse"))
        {
            return
        }
        guard let canonical = try? CanonicalEncoder.encode(value).compactJSON,
            let back = try? JSONParser.parse(canonical)
        else { return XCTFail("\(value) does not encode") }
        let read = ExtremeJSON.value(at: leaf.path, in: back)
        if leaf.key.map(ExtremeJSON.amountKeys.contains) == true {
            guard let exact = ExtremeJSON.exactDecimal(written) else {
                return XCTFail(
                    "\(written) at \(leaf.path) cannot be held exactly, yet read as \(read?.jsonText ?? "none")")
            }
            XCTAssertEqual(ExtremeJSON.decimal(of: read), exact, "\(written) at \(leaf.path) read as another amount")
        } else if ExtremeJSON.beyondInt.contains(written) {
            XCTFail("\(written) at \(leaf.path) is beyond Int, yet read as \(read?.jsonText ?? "none")")
        } else {
            XCTAssertEqual(read, .number(written), "\(written) at \(leaf.path) read as another number")
        }
    }

    /// Reduces `action` from `state`; the state after it must be guarded.
    static func reduce(
        _ action: CheckoutAction, from state: CheckoutState, file: StaticString = #filePath, line: UInt = #line
    ) {
        var after = state
        _ = reducer.reduce(&after, action)
        if let problem = unguarded(after, before: state) {
            XCTFail("\(problem) after \(action)", file: file, line: line)
        }
    }

    /// What is wrong with `after` (reached from `before` by one action), if anything: a payment
    /// started for an amount that is not a number greater than zero, a part paid that is not, an
    /// error shown with an id another error has, an order summary with a negative item count.
    static func unguarded(_ after: CheckoutState, before: CheckoutState) -> String? {
        if after.payment.amount != before.payment.amount || after.payment.attempt != before.payment.attempt,
            let amount = after.payment.amount, amount.amount.isNaN || !amount.isPositive
        {
            return "a payment runs for \(amount)"
        }
        if after.payment.paidAmount != before.payment.paidAmount, let paid = after.payment.paidAmount,
            paid.amount.isNaN || !paid.isPositive
        {
            return "a payment counts \(paid) as paid"
        }
        if let due = after.payment.amountDue, after.payment.phase != before.payment.phase,
            after.payment.phase.locksCheckout, due.amount.isNaN || !due.isPositive
        {
            return "a payment is \(after.payment.phase.name) with \(due) due"
        }
        let earlier = Set(before.errors.map(\.id))
        let added = after.errors.filter { error in !before.errors.contains(error) }.map(\.id)
        if Set(added).count != added.count || added.contains(where: earlier.contains) {
            return "an error was shown with an id already taken: \(added) among \(earlier.sorted())"
        }
        if let count = after.orderSummary?.itemCount, after.orderSummary != before.orderSummary, count < 0 {
            return "the order summary counts \(count) items"
        }
        return nil
    }

    /// `state` with every integer of its own (counters, ids in flight, error ids, the item count,
    /// load progress) set to `integer`. Quantities and minor-unit digits are left: decoding refuses
    /// them out of range (the per-field test sets them one by one).
    static func stateWithEveryCounter(of state: CheckoutState, set integer: String) throws -> CheckoutState {
        var json = try JSONParser.parse(try CanonicalEncoder.encode(state).compactJSON)
        for leaf in ExtremeJSON.leaves(of: json) where leaf.isNumber {
            if leaf.key == "quantity" || leaf.path.contains(.key("minorUnitOverrides")) { continue }
            json = ExtremeJSON.replacing(leaf.path, in: json, with: .number(integer))
        }
        return try JSONValueDecoder().decode(CheckoutState.self, from: json)
    }

    /// Every sample action with every integer in it set to `integer` (those that decoding refuses
    /// then, a negative quantity say, left out).
    static func actionsWithEveryInteger(set integer: String) throws -> [CheckoutAction] {
        try CheckoutActionSamples.actions.compactMap { action in
            var json = try JSONParser.parse(try CanonicalEncoder.encode(action).compactJSON)
            for leaf in ExtremeJSON.leaves(of: json) where leaf.isNumber {
                json = ExtremeJSON.replacing(leaf.path, in: json, with: .number(integer))
            }
            return try? JSONValueDecoder().decode(CheckoutAction.self, from: json)
        }
    }

    /// Actions that `state` does not ignore: results for the requests and payment attempt it
    /// waits for, retries of the errors it shows, and the user's steps.
    static func matchingActions(for state: CheckoutState) -> [CheckoutAction] {
        let details = CheckoutActionSamples.details
        let due = state.payment.amountDue ?? state.displayedTotal ?? Money(amount: 1, currencyCode: "GBP")
        let attempt = state.payment.attempt
        let receipt = PaymentReceipt(providerReference: "psp", amount: due, resultCode: "Authorised")
        let half = Money(amount: due.amount / 2, currencyCode: due.currencyCode)
        var actions: [CheckoutAction] = [
            .common(.started), .common(.dismissTapped), .payment(.payTapped), .payment(.retryTapped),
            .payment(.timedOut), .payment(.cancelTapped), .payment(.declineAcknowledged),
            .result(.checkoutLoaded(details, requestID: state.loadInFlight ?? state.nextRequestID)),
            .result(.webSessionLoaded(CheckoutActionSamples.session, requestID: state.loadInFlight ?? 0)),
            .result(.updateAccepted(details, requestID: state.native.updateInFlight ?? 0)),
            .result(.updateFailed(.conflict(message: nil), requestID: state.native.updateInFlight ?? 0)),
            .result(.checkoutRestored(details, requestID: state.native.recoveryInFlight ?? 0)),
            .result(.checkoutRefreshed(details, requestID: state.native.refreshInFlight ?? 0)),
            .result(.refreshFailed(.cartExpired, requestID: state.native.refreshInFlight ?? 0)),
            .payment(.intentCreated(PaymentIntent(reference: "p", cartID: "c", amount: due), attempt: attempt)),
            .payment(.intentFailed(.conflict(message: nil), attempt: attempt)),
            .payment(.sessionPrepared(PaymentSession(id: "s", providerID: "sandbox", amount: due), attempt: attempt)),
            .payment(.outcomeReceived(.authorised(receipt), attempt: attempt)),
            .payment(.outcomeReceived(.awaitingConfirmation(receipt), attempt: attempt)),
            .payment(
                .outcomeReceived(
                    .partiallyAuthorised(
                        PaymentReceipt(providerReference: "gift", amount: half, resultCode: "Authorised"),
                        remaining: Money(amount: due.amount - half.amount, currencyCode: due.currencyCode)),
                    attempt: attempt)),
            .payment(
                .outcomeReceived(
                    .partiallyAuthorised(
                        PaymentReceipt(
                            providerReference: "gift", amount: Money(amount: -1, currencyCode: due.currencyCode),
                            resultCode: "Authorised"),
                        remaining: Money(amount: due.amount + 1, currencyCode: due.currencyCode)),
                    attempt: attempt)),
            .payment(.providerFailed(PaymentFailure(kind: .provider, message: "x"), attempt: attempt)),
        ]
        for error in state.errors {
            actions.append(.common(.retryTapped(errorID: error.id)))
            actions.append(.common(.errorDismissed(id: error.id)))
        }
        return actions
    }
}

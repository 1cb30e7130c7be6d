import ActionLog
public import StateStore

/// A store for unit tests: it runs your reducer, and fails the test unless you assert every state
/// change, every action an effect sends back, and the end of every effect.
///
/// ```swift
/// func testIncrementThenLoad() async {
///     let store = TestStore(initialState: Counter()) { _ in counterReducer(api: .fake(fact: "42")) }
///
///     await store.send(.increment) { $0.count = 1 }
///     await store.send(.factButtonTapped) { $0.isLoading = true }
///     await store.receive(.factLoaded("42")) {
///         $0.isLoading = false
///         $0.fact = "42"
///     }
/// }
/// ```
///
/// The trailing closure of ``send(_:assert:fileID:filePath:line:column:isolation:)`` and
/// ``receive(_:assert:timeout:fileID:filePath:line:column:isolation:)`` describes the change by mutating the
/// state *before* the action into the state you expect *after* it. The test store compares that
/// with what the reducer produced and, on a mismatch, fails at the line of the `send` with a line
/// diff of the two states (rendered by `CanonicalValue.renderedLines`, so secrets show as
/// `[REDACTED]`).
///
/// ## What fails the test (exhaustive mode)
/// - a state change the closure did not describe, or described wrongly;
/// - sending an action while actions effects sent are still unasserted;
/// - an action received that is not the one you expected, or none arriving;
/// - at ``finish(timeout:fileID:filePath:line:column:)``, or when the store is released: actions
///   nobody received, and effects still running.
///
/// With ``Exhaustivity/off`` only what you assert is checked (see ``exhaustivity``).
///
/// ## Effects and time
/// Effects run under the store's control (see ``TestClock``): give your reducer the store's
/// ``clock`` wherever production code uses a real clock, and move time with
/// `await store.clock.advance(by:)`. `send`, `receive` and `advance` return only once the effects
/// have run as far as they can (each finished or asleep on the clock), so the actions they send
/// arrive in a deterministic order and no test needs to sleep.
///
/// Failures go to the running test framework (XCTest or Swift Testing) through the
/// ``FailureReporter`` that was current when the store was created.
///
/// One task drives a test store: await each `send`, `receive` and `advance` before the next.
public final class TestStore<State: StoreState & Equatable & Encodable>: @unchecked Sendable {
    /// The actions of the state.
    public typealias Action = State.Action

    /// The clock effects must sleep on; move time with ``TestClock/advance(by:)``.
    public let clock: TestClock

    /// How strictly the store checks. Can be changed in the middle of a test.
    public var exhaustivity: Exhaustivity {
        get { settings.withLock { $0.exhaustivity } }
        set { settings.withLock { $0.exhaustivity = newValue } }
    }

    /// The state after the last step the test asserted (or skipped); with ``Exhaustivity/off``, the
    /// state with every action reduced so far, asserted or not.
    public var state: State { exhaustivity == .on ? core.asserted : core.liveState }

    /// Actions effects sent that no `receive` asserted yet, oldest first.
    public var receivedActions: [Action] { core.received.map(\.action) }

    /// The identifiers of the effects still running (or about to start), in the order they were
    /// started. Effects without an id are not listed; see ``inFlightEffectCount``.
    public var inFlightEffectIDs: [EffectID] { core.inFlight.compactMap(\.id) }

    /// How many effects are still running (or about to start).
    public var inFlightEffectCount: Int { core.inFlight.count }

    private struct Settings {
        var exhaustivity: Exhaustivity
        var isFinished = false
    }

    private let core: TestStoreCore<State>
    private let reporter: FailureReporter
    private let creation: TestFailure.Location
    private let settings: Guarded<Settings>

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - initialState: The state the test starts from.
    ///   - reducer: The reducer under test. If its effects need a clock, build the reducer with the
    ///     same `clock` you pass here (or use the initializer that hands you the clock).
    ///   - clock: The clock effects sleep on. A new one by default.
    ///   - exhaustivity: ``Exhaustivity/on`` (the default) checks everything.
    ///   - timeout: How long to wait for an effect before failing. A failure guard: a passing test
    ///     waits for it only once for each effect that waits on something outside the store (a
    ///     stream the test feeds), before the store stops waiting for that effect to settle. When
    ///     every effect finishes or sleeps on the clock, pass a long one (a minute): a loaded
    ///     machine may take more than the default second to run an effect, and settling would
    ///     stop waiting for it.
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        clock: TestClock = TestClock(),
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.clock = clock
        self.core = TestStoreCore(state: initialState, reducer: reducer, timeout: timeout)
        self.reporter = FailureReporter.current
        self.creation = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        self.settings = Guarded(Settings(exhaustivity: exhaustivity))
        clock.attach(core)
    }

    /// Creates a test store whose reducer is built with the store's clock.
    ///
    /// ```swift
    /// let store = TestStore(initialState: Timer.State()) { clock in
    ///     timerReducer(clock: clock)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state the test starts from.
    ///   - exhaustivity: ``Exhaustivity/on`` (the default) checks everything.
    ///   - timeout: How long to wait for an effect before failing (a failure guard only).
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    ///   - makeReducer: Builds the reducer under test from the store's clock.
    public convenience init(
        initialState: State,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        reducer makeReducer: (TestClock) -> Reducer<State, Action>
    ) {
        let clock = TestClock()
        self.init(
            initialState: initialState, reducer: makeReducer(clock), clock: clock, exhaustivity: exhaustivity,
            timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        if !settings.withLock({ $0.isFinished }) {
            checkEnd(at: creation)
        }
        core.shutDown()
    }

    // MARK: Sending

    /// Sends an action and asserts how it changes the state.
    ///
    /// - Parameters:
    ///   - action: The action, as the host app would dispatch it.
    ///   - assert: Mutates the state before the action into the state you expect after it. Omit it
    ///     when the action must not change the state.
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    ///   - isolation: The caller's actor, where the assertion closure runs (no need to be `Sendable`).
    public func send(
        _ action: Action,
        assert: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        let unasserted = core.takeAllReceived()
        if !unasserted.isEmpty, exhaustivity == .on {
            fail(
                """
                Must handle \(unasserted.count) received action\(unasserted.count == 1 ? "" : "s") before \
                sending \(describe(action)):
                \(unasserted.map { "  " + describe($0.action) }.joined(separator: "\n"))
                Assert each with `await store.receive(...)`, or call `await store.skipReceivedActions()`.
                """,
                at: location)
        }
        if let last = unasserted.last { core.asserted = last.state }
        let (before, after) = core.send(action, at: location.description)
        checkChange(
            of: "sending \(describe(action))", before: before, actual: after, assert: assert, at: location)
        core.asserted = after
        await core.settle()
    }

    // MARK: Receiving

    /// Asserts that an effect sent `action` (the next one, in exhaustive mode) and how it changed
    /// the state. Waits for it if the effects have not sent it yet.
    ///
    /// - Parameters:
    ///   - action: The action you expect an effect to have sent.
    ///   - assert: Mutates the state before the action into the state you expect after it.
    ///   - timeout: How long to wait for an effect still working (not asleep on the clock) before
    ///     failing; the store's timeout by default.
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    ///   - isolation: The caller's actor, where the assertion closure runs (no need to be `Sendable`).
    public func receive(
        _ action: Action,
        assert: ((inout State) throws -> Void)? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            describe(action), matching: { $0 == action }, expected: action, assert: assert, timeout: timeout,
            at: location, isolation: isolation)
    }

    /// Asserts that an effect sent an action `matches` accepts, and how it changed the state. Use
    /// it when the action carries values the test cannot predict.
    ///
    /// ```swift
    /// await store.receive(where: { if case .searchFailed = $0 { true } else { false } }) {
    ///     $0.isSearching = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matches: Accepts the action you expect.
    ///   - assert: Mutates the state before the action into the state you expect after it.
    ///   - timeout: How long to wait for an effect still working before failing.
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    ///   - isolation: The caller's actor, where the assertion closure runs (no need to be `Sendable`).
    public func receive(
        where matches: @escaping @Sendable (Action) -> Bool,
        assert: ((inout State) throws -> Void)? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            "an action matching the predicate", matching: matches, expected: nil, assert: assert, timeout: timeout,
            at: location, isolation: isolation)
    }

    private func receive(
        _ description: String,
        matching matches: @escaping @Sendable (Action) -> Bool,
        expected: Action?,
        assert: ((inout State) throws -> Void)?,
        timeout: Duration?,
        at location: TestFailure.Location,
        isolation: isolated (any Actor)?
    ) async {
        let exhaustive = exhaustivity == .on
        // In exhaustive mode the next received action must be the one; otherwise any later one.
        let accepts: @Sendable (Action) -> Bool
        if exhaustive {
            accepts = { _ in true }
        } else {
            accepts = matches
        }
        var taken = core.takeReceived(upToFirst: accepts)
        if taken == nil {
            await core.settle()
            taken = core.takeReceived(upToFirst: accepts)
        }
        if taken == nil, !core.isQuiescent {
            _ = await core.wait(timeout: timeout) { core in
                core.hasReceivedLocked(where: accepts) || core.isQuiescentLocked
            }
            taken = core.takeReceived(upToFirst: accepts)
        }
        guard let (skipped, match) = taken else {
            fail("Expected to receive \(description), but \(whyNothingArrived(timeout: timeout)).", at: location)
            return
        }
        let before = skipped.last?.state ?? core.asserted
        if !matches(match.action) {
            var message = "Received an unexpected action: \(describe(match.action)), expected \(description)."
            if let expected {
                let diff = LineDiff(old: render(expected), new: render(match.action))
                message += " (− expected, + received)\n" + diff.unified(oldLabel: "expected", newLabel: "received")
            }
            fail(message, at: location)
        } else {
            checkChange(
                of: "receiving \(describe(match.action))", before: before,
                actual: match.state, assert: assert, at: location)
        }
        core.asserted = match.state
        await core.settle()
    }

    private func whyNothingArrived(timeout: Duration?) -> String {
        let effects = core.inFlight
        if effects.isEmpty {
            return "no effect is running to send it"
        }
        if core.isQuiescent {
            let wake = clock.nextDeadline.map { " (the next wakes at \($0))" } ?? ""
            return "every running effect is asleep on the TestClock\(wake): advance it with "
                + "`await store.clock.advance(by:)` first"
        }
        return "nothing arrived within \(timeout ?? core.timeout); still running: "
            + effects.map(describe).joined(separator: ", ")
    }

    // MARK: Asserting without an action

    /// Asserts what the state is now, without sending an action: `expected` mutates the current
    /// state (``state``) into what you expect it to be, and any difference fails with a diff.
    ///
    /// Most useful in non-exhaustive tests, to check an outcome after a long flow:
    ///
    /// ```swift
    /// await store.skipReceivedActions()
    /// store.assert { $0.orderID = "A-1" }
    /// ```
    ///
    /// - Parameters:
    ///   - expected: Mutates the current state into the state you expect.
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    public func assert(
        _ expected: (inout State) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        let current = state
        var wanted = current
        do {
            try expected(&wanted)
        } catch {
            fail("The assertion closure threw: \(error)", at: location)
            return
        }
        guard wanted != current else { return }
        fail(mismatch("the steps so far", expected: wanted, actual: current), at: location)
    }

    // MARK: Skipping

    /// Drops the actions effects sent that no `receive` asserted, accepting the state they made.
    public func skipReceivedActions() async {
        await core.settle()
        if let last = core.takeAllReceived().last {
            core.asserted = last.state
        }
    }

    /// Cancels every effect still running, so the end of the test does not fail on them.
    public func skipInFlightEffects() async {
        core.cancelAllEffects()
        await core.settle()
    }

    // MARK: Finishing

    /// Waits for every effect to end, then fails for each action no `receive` asserted and each
    /// effect still running. Called automatically (without waiting) when the store is released.
    ///
    /// - Parameter timeout: How long to wait for effects still working (not asleep on the clock).
    ///
    /// - Parameters:
    ///   - fileID: The call site's `#fileID`, where a failure is reported.
    ///   - filePath: The call site's `#filePath`, where a failure is reported.
    ///   - line: The call site's line, where a failure is reported.
    ///   - column: The call site's column, where a failure is reported.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await core.settle()
        if !core.isQuiescent {
            _ = await core.wait(timeout: timeout) { $0.isQuiescentLocked }
        }
        settings.withLock { $0.isFinished = true }
        checkEnd(at: location)
        core.cancelAllEffects()
    }

    private func checkEnd(at location: TestFailure.Location) {
        guard exhaustivity == .on else { return }
        let unasserted = core.received
        if !unasserted.isEmpty {
            fail(
                """
                \(unasserted.count) received action\(unasserted.count == 1 ? " was" : "s were") not asserted:
                \(unasserted.map { "  " + describe($0.action) }.joined(separator: "\n"))
                Assert each with `await store.receive(...)`.
                """,
                at: location)
        }
        let effects = core.inFlight
        if !effects.isEmpty {
            let asleep =
                clock.sleeperCount > 0 ? " Effects asleep on the TestClock need `store.clock.advance(by:)`." : ""
            fail(
                """
                \(effects.count) effect\(effects.count == 1 ? " is" : "s are") still running at the end of the test:
                \(effects.map { "  " + describe($0) }.joined(separator: "\n"))
                Let them finish (receive their actions, advance the clock), cancel them from the reducer, \
                or call `await store.skipInFlightEffects()`.\(asleep)
                """,
                at: location)
        }
    }

    // MARK: Checking state

    private func checkChange(
        of step: String,
        before: State,
        actual: State,
        assert: ((inout State) throws -> Void)?,
        at location: TestFailure.Location
    ) {
        var expected = before
        do {
            try assert?(&expected)
        } catch {
            fail("The assertion closure for \(step) threw: \(error)", at: location)
            return
        }
        if exhaustivity == .off {
            guard let assert, expected != actual else { return }
            // Absolute assertions (`$0.total = 10`) hold when applying them to the actual state
            // changes nothing; relative ones (`$0.count += 1`) were checked from the state before.
            var appliedToActual = actual
            try? assert(&appliedToActual)
            guard appliedToActual != actual else { return }
            fail(mismatch(step, expected: appliedToActual, actual: actual), at: location)
            return
        }
        if expected != actual {
            if assert == nil {
                fail(
                    "State changed when \(step), but no change was asserted. (− before, + after)\n"
                        + stateDiff(before, actual, labels: ("before", "after")),
                    at: location)
            } else {
                fail(mismatch(step, expected: expected, actual: actual), at: location)
            }
        } else if assert != nil, expected == before, actual == before {
            fail(
                "Expected a state change when \(step), but the state did not change and the assertion closure "
                    + "changed nothing. Omit the closure when no change is expected.",
                at: location)
        }
    }

    private func mismatch(_ step: String, expected: State, actual: State) -> String {
        "State after \(step) does not match the assertion. (− expected, + actual)\n"
            + stateDiff(expected, actual, labels: ("expected", "actual"))
    }

    private func stateDiff(_ old: State, _ new: State, labels: (String, String)) -> String {
        let diff = LineDiff(old: render(old), new: render(new))
        if diff.isEmpty {
            return "(The states differ only in values their rendering does not show: redacted `Sensitive` "
                + "values or fields left out of their encoding.)"
        }
        return diff.unified(oldLabel: labels.0, newLabel: labels.1)
    }

    // MARK: Reporting

    private func fail(_ message: String, at location: TestFailure.Location) {
        reporter.report(TestFailure(message: message, location: location))
    }

    private func describe(_ action: Action) -> String {
        "." + String(describing: action)
    }

    private func describe(_ effect: TestStoreCore<State>.RunningEffect) -> String {
        let id = effect.id.map { "\"\($0)\"" } ?? "without id"
        let sent = effect.sentAt.map { " sent at \($0)" } ?? " (an action an effect sent)"
        return "effect \(id), started by .\(effect.origin)\(sent)"
    }
}

/// Renders a value as the lines diffs are made of; values that fail to encode fall back to their
/// description (which never shows a `Sensitive` secret).
func render(_ value: some Encodable) -> [String] {
    do {
        return try CanonicalEncoder.encode(value).renderedLines
    } catch {
        return ["\(value)"]
    }
}

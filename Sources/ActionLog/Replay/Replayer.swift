public import StateStore

/// Replays an action log through the current reducer, with effects off: the actions effects
/// produced are in the log already.
///
/// ```swift
/// let replay = try Replayer(path: "session.jsonl", reducer: checkoutReducer)
/// print(replay.finalState)
/// if let divergence = replay.divergence { print("diverged at step", divergence.step) }
/// let atStep = replay.state(at: 120)   // time travel, backwards or forwards
/// ```
///
/// Loading reads the whole log (following rotated parts), reduces every action once, checks the
/// recorded fingerprints, and keeps a checkpoint of the state every `checkpointInterval` steps,
/// so ``state(at:)`` on any step costs at most that many reductions.
public final class Replayer<State: StoreState & Codable> {
    /// One replayed step.
    public struct Step: Sendable {
        /// The action's sequence number in the log.
        public var sequence: Int
        /// When it was recorded (milliseconds since 1970).
        public var timeMilliseconds: Int64
        /// The action.
        public var action: State.Action
        /// The fingerprint the recorder wrote after it, if any.
        public var recordedFingerprint: Fingerprint?

        @usableFromInline
        init(sequence: Int, timeMilliseconds: Int64, action: State.Action, recordedFingerprint: Fingerprint?) {
            self.sequence = sequence
            self.timeMilliseconds = timeMilliseconds
            self.action = action
            self.recordedFingerprint = recordedFingerprint
        }
    }

    /// The first step where the replayed state's fingerprint differs from the recorded one.
    public struct Divergence: Sendable {
        /// The step (1-based: step 1 is the first action).
        public var step: Int
        /// The action at that step.
        public var action: State.Action
        /// The fingerprint the log recorded after the step.
        public var recorded: Fingerprint
        /// The fingerprint of the replayed state after the step.
        public var replayed: Fingerprint
        /// The replayed state at the last step whose fingerprint matched (or the initial state).
        public var lastMatchingState: State
        /// The step of `lastMatchingState` (0 for the initial state).
        public var lastMatchingStep: Int
        /// The replayed state after the divergent step.
        public var replayedState: State

        @usableFromInline
        init(
            step: Int, action: State.Action, recorded: Fingerprint, replayed: Fingerprint,
            lastMatchingState: State, lastMatchingStep: Int, replayedState: State
        ) {
            self.step = step
            self.action = action
            self.recorded = recorded
            self.replayed = replayed
            self.lastMatchingState = lastMatchingState
            self.lastMatchingStep = lastMatchingStep
            self.replayedState = replayedState
        }
    }

    /// The header of the log's first part (its state is the initial state).
    public let header: ActionLogHeader<State>
    /// Every step, in order.
    public let steps: [Step]
    /// The footer of the last part read, if the log was closed cleanly.
    public let footer: ActionLogFooter?
    /// The last part read: the log's own path, unless it rotated.
    public let lastPath: String
    /// How many recorded fingerprints the replay compared with its own states (records', and
    /// footers'), up to and including the first divergence.
    public let fingerprintsChecked: Int
    /// A torn last line that was skipped: where, and what was wrong.
    public let tornLine: (path: String, line: Int, problem: ActionLogError.LineProblem)?
    /// The first divergence from the recorded fingerprints, if any.
    public let divergence: Divergence?
    /// The state after the last step.
    public let finalState: State
    /// How many steps apart checkpoints are.
    public let checkpointInterval: Int

    @usableFromInline let reduce: @Sendable (inout State, State.Action) -> Effect<State.Action>
    @usableFromInline var checkpoints: [State]

    /// Loads and replays a log.
    ///
    /// - Parameters:
    ///   - path: The log's first part. Rotated parts named in footers are followed.
    ///   - reducer: The current reducer.
    ///   - schemaVersion: This app's action schema version.
    ///   - upgrade: How to read actions of an older schema.
    ///   - checkpointInterval: Steps between kept states (memory against jump speed).
    ///   - maximumLineBytes: The longest line taken (see
    ///     ``ActionLogReader/init(path:schemaVersion:upgrade:maximumLineBytes:)``).
    ///   - progress: For a progress bar: called on the calling thread after each batch of records
    ///     is replayed, with the steps replayed so far and an estimate of the log's steps (from
    ///     the file's size and the lines read; `nil` until known, and a rotated log's later parts
    ///     raise it as they are reached).
    /// - Throws: ``ActionLogError`` for a log that cannot be read, or whose parts do not add up
    ///   (a footer's count that is not its last record's sequence number names the records lost
    ///   before it); a torn last line is not an error (see ``tornLine``), and neither is a log
    ///   without a footer (see ``closedCleanly``).
    ///
    /// Inlinable, so the loop that reduces every action is compiled for the app's own state and
    /// action types (generic code pays runtime metadata lookups and value-witness calls on every
    /// action).
    @inlinable
    public init(
        path: String,
        reducer: Reducer<State, State.Action>,
        schemaVersion: Int = 1,
        upgrade: ActionSchemaUpgrade? = nil,
        checkpointInterval: Int = 1024,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes,
        progress: ((_ replayed: Int, _ estimatedTotal: Int?) -> Void)? = nil
    ) throws(ActionLogError) {
        self.reduce = reducer.reduce
        self.checkpointInterval = max(1, checkpointInterval)
        var reader = try ActionLogReader<State>(
            path: path, schemaVersion: schemaVersion, upgrade: upgrade, maximumLineBytes: maximumLineBytes)
        header = reader.header
        var state = reader.header.state
        var steps: [Step] = []
        var checkpoints = [state]
        // The fingerprint checks live in a class: a `Divergence?` and a last matching state held
        // in the loop's own variables (two whole states each) were copied on every step.
        let verification = Verification(initialState: state)
        var torn: (path: String, line: Int, problem: ActionLogError.LineProblem)?
        var untilCheckpoint = self.checkpointInterval
        var stepsBeforePart = 0
        while true {
            var reserved = false
            // Asked once a part: asking waits for the batch being read ahead.
            var estimatedTotal: Int?
            while case let batch = try reader.nextBatch(), !batch.isEmpty {
                if !reserved, let estimate = reader.estimatedRecordCount {
                    // Room for the whole part at once (a little over: untouched room costs no memory).
                    // Only a hint, and capped: a file that is mostly one huge damaged tail (or
                    // sparse) must not reserve room for billions of steps before its error is read.
                    let capped = min(estimate, Self.largestReservation)
                    steps.reserveCapacity(steps.count + capped + capped / 32 + 64)
                    reserved = true
                    estimatedTotal = stepsBeforePart + estimate
                }
                for record in batch {
                    _ = reducer.reduce(&state, record.action)
                    steps.append(
                        Step(
                            sequence: record.sequence,
                            timeMilliseconds: record.timeMilliseconds,
                            action: record.action,
                            recordedFingerprint: record.fingerprint
                        )
                    )
                    untilCheckpoint -= 1
                    if untilCheckpoint == 0 {
                        checkpoints.append(state)
                        untilCheckpoint = self.checkpointInterval
                    }
                    if let recorded = record.fingerprint, !verification.hasDiverged {
                        verification.check(recorded, step: steps.count, action: record.action, state: state)
                    }
                }
                progress?(steps.count, estimatedTotal)
            }
            if let line = reader.tornLine { torn = (reader.path, line.line, line.problem) }
            // Every footer's fingerprint is checked, the last part's and each rotated part's (the
            // reader has checked its count: no record is missing before it).
            if !verification.hasDiverged, let footer = reader.footer, steps.count > stepsBeforePart,
                let last = steps.last
            {
                verification.check(footer.fingerprint, step: steps.count, action: last.action, state: state)
            }
            guard let footer = reader.footer, let next = footer.nextPart, torn == nil else { break }
            reader = try reader.nextPart(
                named: next, footer: footer, logID: header.logID, schemaVersion: schemaVersion, upgrade: upgrade,
                maximumLineBytes: maximumLineBytes)
            stepsBeforePart = steps.count
        }
        self.divergence = verification.divergence
        self.fingerprintsChecked = verification.checked
        self.lastPath = reader.path
        self.steps = steps
        self.checkpoints = checkpoints
        self.finalState = state
        self.footer = reader.footer
        self.tornLine = torn
    }

    /// The number of steps (actions) in the log.
    public var count: Int { steps.count }

    /// Whether the log ends with a footer. `false` when the recording stopped without closing
    /// the log (the app was killed, the file was cut or copied mid-write): its complete records
    /// replay, but records lost at its end cannot be told from records never written.
    public var closedCleanly: Bool { footer != nil }

    /// The most steps a replay reserves room for from its estimate, before it has read them.
    @usableFromInline static var largestReservation: Int { 1 << 22 }

    /// The initial state (before step 1).
    public var initialState: State { header.state }

    /// The state after `step` actions (0 is the initial state; values are clamped to the log).
    /// Costs at most `checkpointInterval` reductions, whatever the step.
    public func state(at step: Int) -> State {
        let target = min(max(step, 0), steps.count)
        let checkpointIndex = min(target / checkpointInterval, checkpoints.count - 1)
        var state = checkpoints[checkpointIndex]
        var position = checkpointIndex * checkpointInterval
        while position < target {
            _ = reduce(&state, steps[position].action)
            position += 1
        }
        return state
    }

    /// A replay's fingerprint checks: the last step whose state matched its recorded fingerprint,
    /// and the first that did not.
    @usableFromInline
    final class Verification {
        @usableFromInline private(set) var hasDiverged = false
        @usableFromInline private(set) var divergence: Divergence?
        @usableFromInline private(set) var checked = 0
        private var lastMatchingStep = 0
        private var lastMatchingState: State

        @usableFromInline
        init(initialState: State) {
            lastMatchingState = initialState
        }

        /// Compares the fingerprint of `state`, the state after `step`, with the recorded one.
        @usableFromInline
        func check(_ recorded: Fingerprint, step: Int, action: State.Action, state: State) {
            checked += 1
            let replayed = (try? Fingerprint.of(state)) ?? Fingerprint(value: 0)
            if replayed == recorded {
                lastMatchingStep = step
                lastMatchingState = state
            } else {
                hasDiverged = true
                divergence = Divergence(
                    step: step, action: action, recorded: recorded, replayed: replayed,
                    lastMatchingState: lastMatchingState, lastMatchingStep: lastMatchingStep, replayedState: state)
            }
        }
    }
}

extension Replayer where State: Equatable {
    /// A step whose reduction is not deterministic.
    public struct Nondeterminism: Sendable {
        /// The step (1-based).
        public var step: Int
        /// The action.
        public var action: State.Action
        /// The two results of reducing the same state with the same action.
        public var first: State
        /// The second result.
        public var second: State
    }

    /// Re-reduces each step twice from the same state and compares the results, to catch a
    /// reducer that reads the clock, randomness or other hidden input.
    ///
    /// - Returns: The first step whose two reductions differ, or `nil`.
    public func selfCheck() -> Nondeterminism? {
        var state = header.state
        for (index, step) in steps.enumerated() {
            var first = state
            var second = state
            _ = reduce(&first, step.action)
            _ = reduce(&second, step.action)
            if first != second {
                return Nondeterminism(step: index + 1, action: step.action, first: first, second: second)
            }
            state = first
        }
        return nil
    }
}

import ActionLog
public import StateStore

/// The text of a reducer snapshot: the initial state, then for each action the action, the
/// effects the reducer asked for, and the whole state after it.
///
/// ```
/// == step 0: initial state ==
/// count: 0
///
/// == step 1 ==
/// action: {"loadTapped":{}}
/// effects: run id="load"
/// -- state --
/// count: 0
/// isLoading: true
/// ```
///
/// States and actions are rendered through `CanonicalEncoder` (sorted keys, one scalar per
/// line, decimals as exact text, `Sensitive` values as `[REDACTED]`), the same renderer the
/// `checkout` CLI diffs with, so the text is identical on every run and platform. Effects are
/// described, never run: a snapshot is about what the reducer decides.
public struct ReducerSnapshot: Sendable, Equatable {
    /// The steps; step 0 is the initial state.
    public let steps: [[String]]

    /// Runs `actions` through `reducer` from `state`, recording each step.
    ///
    /// - Throws: `EncodingError` when a state or an action cannot be encoded.
    public init<State: Encodable, Action: Encodable & Sendable>(
        of reducer: Reducer<State, Action>,
        from state: State,
        actions: [Action]
    ) throws {
        var state = state
        var steps = [["== step 0: initial state =="] + (try CanonicalEncoder.encode(state).renderedLines)]
        for (index, action) in actions.enumerated() {
            let effect = reducer.reduce(&state, action)
            var lines = ["== step \(index + 1) =="]
            lines.append("action: " + (try CanonicalEncoder.encode(action).compactJSON))
            lines.append("effects: " + (try Self.describe(effect)))
            lines.append("-- state --")
            lines += try CanonicalEncoder.encode(state).renderedLines
            steps.append(lines)
        }
        self.steps = steps
    }

    /// Reads the steps back from a snapshot file's text.
    public init(text: String) {
        var steps: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("== step ") {
                steps.append([line])
            } else if !line.isEmpty, !steps.isEmpty {
                steps[steps.count - 1].append(line)
            }
        }
        self.steps = steps
    }

    /// The file text: steps separated by a blank line, ending with a newline.
    public var text: String {
        steps.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The lines of ``text``, for diffing.
    public var lines: [String] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    /// The index of the first step that differs from `other`'s, or `nil` when they are equal.
    public func firstDifferingStep(from other: ReducerSnapshot) -> Int? {
        for index in 0..<max(steps.count, other.steps.count) {
            let mine = index < steps.count ? steps[index] : nil
            let theirs = index < other.steps.count ? other.steps[index] : nil
            if mine != theirs { return index }
        }
        return nil
    }

    /// One line describing an effect: `none`, `send {...}`, `run id="load" cancelInFlight catch`,
    /// `cancel id="timer"`, or several joined by `; `.
    static func describe<Action: Encodable & Sendable>(_ effect: Effect<Action>) throws -> String {
        switch effect.inspection {
        case .none:
            return "none"
        case .send(let action):
            return "send " + (try CanonicalEncoder.encode(action).compactJSON)
        case .cancel(let id):
            return "cancel id=" + (try CanonicalEncoder.encode(id.rawValue).compactJSON)
        case .merge(let effects):
            return try effects.map(describe).joined(separator: "; ")
        case .run(let run):
            var words = ["run"]
            if let id = run.id { words.append("id=" + (try CanonicalEncoder.encode(id.rawValue).compactJSON)) }
            if run.cancelInFlight { words.append("cancelInFlight") }
            if run.catchesErrors { words.append("catch") }
            return words.joined(separator: " ")
        }
    }
}

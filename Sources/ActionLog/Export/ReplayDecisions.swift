public import StateStore

/// What an app's reducer decides at each step of a replay, in a form two replays can be compared
/// by: the notion of "the same decisions" a pseudonymised export proves (module `LogPrivacy`), so
/// that the export stays generic and the app's notion lives beside the app's types (the
/// checkout's is `CheckoutDecisions`).
///
/// An export replays the original log and its pseudonymised copy side by side and asks, at every
/// step, whether ``difference(between:and:)`` is nil. Its decisions should therefore be
/// everything the reducer decides that does not hold personal data itself: the state with its
/// personal leaves masked, the effects issued, the events derived.
///
/// ```swift
/// struct CounterDecisions: ReplayDecisions {
///     let reducer: Reducer<CounterState, CounterAction>
///     func reduce(_ state: inout CounterState, _ action: CounterAction) -> CounterState {
///         _ = reducer.reduce(&state, action)
///         return state
///     }
///     func difference(between original: CounterState, and export: CounterState) -> String? {
///         original == export ? nil : "state"
///     }
/// }
/// ```
public protocol ReplayDecisions: Sendable {
    /// The app's state.
    associatedtype State: StoreState & Codable & DataClassified where State.Action: DataClassified
    /// What one step decided.
    associatedtype Decisions

    /// The app's action schema version, for reading logs (see ``ActionLogReader``).
    var schemaVersion: Int { get }
    /// How to read logs of an older schema, if any.
    var upgrade: ActionSchemaUpgrade? { get }

    /// Reduces `action` into `state` with the app's reducer (effects are never run) and returns
    /// what the step decided.
    func reduce(_ state: inout State, _ action: State.Action) -> Decisions

    /// Reduces `action` into `state` without computing the decisions: for reading back an
    /// export against its own fingerprints. By default ``reduce(_:_:)``, its decisions dropped.
    func replay(_ state: inout State, _ action: State.Action)

    /// Nil when the two steps decided the same; otherwise the name of the first decision that
    /// differs (`state.payment.phase`, `effects`, `analytics`), never a value, for a refusal's
    /// message.
    func difference(between original: Decisions, and export: Decisions) -> String?

    /// ``difference(between:and:)`` for a step of two replays whose previous step decided the
    /// same (its difference was nil): an app may then compare only what this step changed. It
    /// must answer as ``difference(between:and:)`` would, given that precondition. By default
    /// ``difference(between:and:)``.
    func differenceFollowingEqualStep(between original: Decisions, and export: Decisions) -> String?

    /// Text that free-text replacement must leave untouched in a log that starts from `state`
    /// (configured URL fragments and parameter names the reducer looks for in pages).
    func protectedFragments(in state: State) -> [String]

    /// The state before the step that `decisions` describe, when they hold it; nil (the default)
    /// when they do not. An export needs that state only to redraw a pseudonym that changed a
    /// decision: given here, it keeps no copy of its own of the state before each step. Answer
    /// alike (a state, or nil) for every step.
    func stateBefore(_ decisions: Decisions) -> State?
}

extension ReplayDecisions {
    /// No upgrade.
    public var upgrade: ActionSchemaUpgrade? { nil }

    /// Reduces with ``reduce(_:_:)`` and drops its decisions.
    public func replay(_ state: inout State, _ action: State.Action) {
        _ = reduce(&state, action)
    }

    /// The full comparison, ``difference(between:and:)``.
    public func differenceFollowingEqualStep(between original: Decisions, and export: Decisions) -> String? {
        difference(between: original, and: export)
    }

    /// Nothing protected.
    public func protectedFragments(in state: State) -> [String] { [] }

    /// Not held: an export keeps its own copy.
    public func stateBefore(_ decisions: Decisions) -> State? { nil }
}

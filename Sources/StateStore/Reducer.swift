/// Decides how a state changes in answer to an action, and what work follows.
///
/// A reducer mutates the state in place (`inout`: no whole-state copy per action) and returns an
/// ``Effect`` describing any work to run afterwards. It must be pure and total: no I/O, no clock,
/// no randomness. Time, identifiers and random values reach a reducer only inside actions, so the
/// same log of actions always produces the same state, on every machine.
///
/// ```swift
/// let counter = Reducer<Counter, Counter.Action> { state, action in
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
/// }
/// ```
///
/// Reducers compose: `combine(_:)` runs several over one state, and
/// ``scope(state:action:)`` lifts a reducer of a part of the state into a reducer of the whole.
public struct Reducer<State, Action: Sendable>: Sendable {
    /// The reducing function.
    public let reduce: @Sendable (inout State, Action) -> Effect<Action>

    /// Creates a reducer from a function that mutates the state and returns the effect to run.
    @inlinable
    public init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
        self.reduce = reduce
    }

    /// Creates a reducer that only changes state and never asks for work.
    ///
    /// ```swift
    /// let title = Reducer<Screen, Screen.Action>.pure { state, action in
    ///     if case .rename(let name) = action { state.title = name }
    /// }
    /// ```
    @inlinable
    public static func pure(_ reduce: @escaping @Sendable (inout State, Action) -> Void) -> Reducer {
        Reducer { state, action in
            reduce(&state, action)
            return .none
        }
    }

    /// A reducer that changes nothing.
    @inlinable
    public static var empty: Reducer {
        Reducer { _, _ in .none }
    }

    /// Runs `reducers` one after another on the same state, in the order given, and merges their
    /// effects in that order.
    @inlinable
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs `reducers` one after another on the same state, in the order given, and merges their
    /// effects in that order.
    ///
    /// Inlinable, so the composed reducer is specialised for the client's state and action types
    /// (a generic one looks up `Effect<Action>`'s type metadata at run time on every action).
    @inlinable
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        switch reducers.count {
        case 0:
            return .empty
        case 1:
            return reducers[0]
        default:
            // Each reducer is called through an unretained reference to a box that holds it: the
            // combined reducer's closure keeps the boxes (`steps`) alive, so a call needs no
            // retain and release of the reducer's closure context (two atomic operations per
            // reducer per action, a dozen reducers in a checkout).
            let steps = reducers.map { CombinedStep($0.reduce) }
            let unretained = steps.map(Unmanaged.passUnretained)
            return Reducer { state, action in
                // Most actions produce no effect or one: no array unless there are two.
                var single = Effect<Action>.none
                var several: [Effect<Action>] = []
                for index in unretained.indices {
                    let effect = unretained[index]._withUnsafeGuaranteedRef { $0.reduce(&state, action) }
                    if effect.isNone { continue }
                    if single.isNone && several.isEmpty {
                        single = effect
                    } else {
                        if several.isEmpty { several.append(single) }
                        several.append(effect)
                    }
                }
                return withExtendedLifetime(steps) { several.isEmpty ? single : .merge(several) }
            }
        }
    }

    /// Runs this reducer and then `other`.
    public func combined(with other: Reducer) -> Reducer {
        .combine(self, other)
    }
}

/// One reducer of a combined reducer, boxed so the combination can call it unretained.
@usableFromInline
final class CombinedStep<State, Action: Sendable>: Sendable {
    @usableFromInline let reduce: @Sendable (inout State, Action) -> Effect<Action>

    @usableFromInline
    init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
        self.reduce = reduce
    }
}

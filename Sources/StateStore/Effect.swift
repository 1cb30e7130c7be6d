/// Work that a reducer asks the store to do after an action: asynchronous work that feeds actions
/// back, a follow-up action, or the cancellation of running work.
///
/// An effect is a description, not the work itself: reducers stay pure and return effects; the
/// store runs them (unless effects are switched off, as they are during replay, where the actions
/// the effects produced are already in the log).
///
/// ```swift
/// case .payTapped:
///     state.payment = .submitting
///     return .run(id: "payment") { send in
///         let result = try await provider.pay(amount)
///         send(.paymentFinished(result))
///     } catch: { error in
///         .paymentFailed(PaymentError(error))
///     }
/// ```
///
/// A throwing effect always names the action its error becomes (`catch:`), so an error is never
/// lost. Cancellation is not an error: an effect cancelled by id or by its store going away ends
/// silently.
public struct Effect<Action: Sendable>: Sendable {
    @usableFromInline
    enum Operation: Sendable {
        case none
        case send(Action)
        case run(Run)
        case cancel(EffectID)
        case merge([Effect<Action>])
    }

    @usableFromInline
    struct Run: Sendable {
        @usableFromInline let id: EffectID?
        @usableFromInline let cancelInFlight: Bool
        @usableFromInline let priority: TaskPriority?
        @usableFromInline let operation: @Sendable (Send<Action>) async throws -> Void
        @usableFromInline let onError: (@Sendable (any Error) -> Action)?
    }

    /// The operation, boxed; `nil` is `.none`. Nearly every action's reducers return `.none`
    /// several times over, so that case is a null pointer: nothing to copy or destroy (an inline
    /// multi-payload enum went through the runtime's value witnesses on every copy).
    @usableFromInline
    let storage: Storage?

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let operation: Operation

        @usableFromInline
        init(_ operation: Operation) {
            self.operation = operation
        }
    }

    /// Inlinable, as ``inspection`` that reads it: otherwise each read from another module looked
    /// up `Operation`'s generic metadata at run time (the export 109,279 instructions an action
    /// with it opaque, 107,804 inlinable).
    @inlinable
    var operation: Operation { storage?.operation ?? .none }

    @usableFromInline
    init(operation: Operation) {
        if case .none = operation {
            storage = nil
        } else {
            storage = Storage(operation)
        }
    }

    @inlinable
    init() {
        storage = nil
    }

    /// No work: the most common effect.
    @inlinable
    public static var none: Effect { Effect() }

    /// `true` when this effect does nothing.
    @inlinable
    public var isNone: Bool { storage == nil }

    /// Dispatches `action` right after the current action (and any actions already queued).
    ///
    /// The follow-up goes through the middleware like any other action, and is suppressed when
    /// effects are switched off (a replayed log already holds it).
    public static func send(_ action: Action) -> Effect {
        Effect(operation: .send(action))
    }

    /// Runs non-throwing asynchronous work that can send actions back.
    ///
    /// - Parameters:
    ///   - id: An identifier to cancel the work with ``cancel(id:)``.
    ///   - cancelInFlight: When `true`, work already running under the same `id` is cancelled first.
    ///   - priority: The priority of the task that runs the work.
    ///   - operation: The work. Call `send` to feed actions back.
    public static func run(
        id: EffectID? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async -> Void
    ) -> Effect {
        Effect(
            operation: .run(
                Run(id: id, cancelInFlight: cancelInFlight, priority: priority, operation: operation, onError: nil)
            )
        )
    }

    /// Runs throwing asynchronous work; an error it throws becomes the action `catch` returns.
    ///
    /// - Parameters:
    ///   - id: An identifier to cancel the work with ``cancel(id:)``.
    ///   - cancelInFlight: When `true`, work already running under the same `id` is cancelled first.
    ///   - priority: The priority of the task that runs the work.
    ///   - operation: The work. Call `send` to feed actions back.
    ///   - catch: Turns an error thrown by `operation` into an action. Not called when the work was
    ///     cancelled.
    public static func run(
        id: EffectID? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch: @escaping @Sendable (any Error) -> Action
    ) -> Effect {
        Effect(
            operation: .run(
                Run(id: id, cancelInFlight: cancelInFlight, priority: priority, operation: operation, onError: `catch`)
            )
        )
    }

    /// Cancels the work running under `id`. Actions it sends afterwards are dropped.
    public static func cancel(id: EffectID) -> Effect {
        Effect(operation: .cancel(id))
    }

    /// Runs several effects; each one as if returned alone, in the order given.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// Runs several effects; each one as if returned alone, in the order given.
    @inlinable
    public static func merge(_ effects: [Effect]) -> Effect {
        let work = effects.filter { !$0.isNone }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Effect(operation: .merge(work))
        }
    }

    /// Runs this effect and then `other`, as `merge(_:)` does.
    @inlinable
    public func merge(with other: Effect) -> Effect {
        // The same effect `.merge(self, other)` makes, without its array when one side is none.
        if other.isNone { return self }
        if isNone { return other }
        return .merge([self, other])
    }

    /// Transforms the actions this effect sends, so a child reducer's effects can run in a parent
    /// store.
    public func map<NewAction: Sendable>(
        _ transform: @escaping @Sendable (Action) -> NewAction
    ) -> Effect<NewAction> {
        switch operation {
        case .none:
            return .none
        case .send(let action):
            return .send(transform(action))
        case .cancel(let id):
            return .cancel(id: id)
        case .merge(let effects):
            return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
        case .run(let run):
            let operation = run.operation
            var mappedOnError: (@Sendable (any Error) -> NewAction)?
            if let onError = run.onError {
                mappedOnError = { error in transform(onError(error)) }
            }
            return Effect<NewAction>(
                operation: .run(
                    .init(
                        id: run.id,
                        cancelInFlight: run.cancelInFlight,
                        priority: run.priority,
                        operation: { send in
                            try await operation(Send { action in send(transform(action)) })
                        },
                        onError: mappedOnError
                    )
                )
            )
        }
    }
}

/// A read-only view of what an ``Effect`` asks for, for tools that run effects themselves: the
/// test store in `StateStoreTesting`, reducer snapshots that list the effects of each step, and
/// adapters that bridge effects to another runtime.
///
/// A reducer never needs this; it builds effects with ``Effect/run(id:cancelInFlight:priority:operation:)``
/// and friends. Whoever inspects an effect takes over the store's duties and must honour them the
/// way ``Store`` does: `.send` is dispatched right after the current action; `.run` work is
/// cancelled by id, replaces work under the same id when ``Effect/Inspection/Run/cancelInFlight``
/// is set, and turns a thrown error into the ``Effect/Inspection/Run/errorAction(for:)`` unless it
/// was cancelled; `.merge` runs its effects in the order given.
///
/// ```swift
/// switch effect.inspection {
/// case .none: break
/// case .send(let action): queue.append(action)
/// case .run(let run): startTask(id: run.id) { try await run.perform(send) }
/// case .cancel(let id): cancelTasks(id: id)
/// case .merge(let effects): effects.forEach(start)
/// }
/// ```
extension Effect {
    /// The shape of an effect, one case per kind of work.
    public enum Inspection: Sendable {
        /// No work.
        case none
        /// A follow-up action, dispatched right after the current one.
        case send(Action)
        /// Asynchronous work that sends actions back.
        case run(Run)
        /// The cancellation of the work running under an id.
        case cancel(EffectID)
        /// Several effects, to be run in the order given.
        case merge([Effect<Action>])
    }

    /// What this effect asks for.
    ///
    /// Inlinable, so that a caller in another module (the checkout's export compares the effects
    /// of both replays' every step) reads it specialised for its action: unspecialised, each call
    /// looked up the generic metadata of `Operation`, `Run` and `Inspection` at run time.
    @inlinable
    public var inspection: Inspection {
        switch operation {
        case .none: return .none
        case .send(let action): return .send(action)
        case .run(let run): return .run(Inspection.Run(run))
        case .cancel(let id): return .cancel(id)
        case .merge(let effects): return .merge(effects)
        }
    }
}

extension Effect.Inspection {
    /// Asynchronous work, as returned by ``Effect/run(id:cancelInFlight:priority:operation:)`` or
    /// its throwing form.
    public struct Run: Sendable {
        @usableFromInline let run: Effect<Action>.Run

        @inlinable
        init(_ run: Effect<Action>.Run) {
            self.run = run
        }

        /// The identifier the work can be cancelled by, if any.
        public var id: EffectID? { run.id }

        /// Whether work already running under ``id`` must be cancelled before this starts.
        public var cancelInFlight: Bool { run.cancelInFlight }

        /// The priority the work asked to run at.
        public var priority: TaskPriority? { run.priority }

        /// Whether the work names an action for its errors (the throwing form with `catch:`).
        public var catchesErrors: Bool { run.onError != nil }

        /// Performs the work, sending actions through `send`. Rethrows what the work throws;
        /// the caller turns it into ``errorAction(for:)`` unless the work was cancelled.
        public func perform(_ send: Send<Action>) async throws {
            try await run.operation(send)
        }

        /// The action the work's `catch:` makes of `error`, or `nil` for non-throwing work.
        public func errorAction(for error: any Error) -> Action? {
            run.onError?(error)
        }
    }
}

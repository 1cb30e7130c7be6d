/// Code that sees every action before the reducer does.
///
/// A middleware is called with a context, the action, and `next`, the rest of the chain. It may:
/// - pass the action on: `next(action)`;
/// - replace it: `next(otherAction)`;
/// - swallow it: return without calling `next`;
/// - dispatch others: `context.dispatch(action)` (queued, processed after the current action);
/// - read the state: `context.state` (before `next` it is the state before the action, after
///   `next` returns it is the state after it, since `next` reduces synchronously).
///
/// ```swift
/// let blockWhileLoading = Middleware<Checkout> { context, action, next in
///     if case .payTapped = action, context.state.isLoading { return }  // swallowed
///     next(action)
/// }
/// ```
///
/// ## Order
/// Middleware run in the order they are given to the store: the first one sees the action first,
/// and its `next` calls the second, and so on; the last one's `next` reduces. Calling `next` twice
/// reduces twice. `next` cannot escape the call: to act later, use `context.dispatch`.
public struct Middleware<State: StoreState>: Sendable {
    /// The middleware function.
    public let handle:
        @Sendable (
            _ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void
        ) -> Void

    /// Creates a middleware from a function of the context, the action and the rest of the chain.
    public init(
        _ handle:
            @escaping @Sendable (
                _ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void
            ) -> Void
    ) {
        self.handle = handle
    }

    /// A middleware that only observes: `body` runs before the action is passed on unchanged.
    public static func observing(
        _ body: @escaping @Sendable (_ context: MiddlewareContext<State>, _ action: State.Action) -> Void
    ) -> Middleware {
        Middleware { context, action, next in
            body(context, action)
            next(action)
        }
    }

    /// A middleware that observes the result: `body` runs after the action was reduced, with the
    /// state before and the state after it.
    public static func afterReduce(
        _ body:
            @escaping @Sendable (
                _ context: MiddlewareContext<State>, _ action: State.Action, _ before: State, _ after: State
            ) -> Void
    ) -> Middleware {
        Middleware { context, action, next in
            let before = context.state
            next(action)
            body(context, action, before, context.state)
        }
    }
}

/// What a middleware can do besides passing the action on: read the state and dispatch.
///
/// A context stays safe to use after its store is gone: `state` returns the last state, and
/// `dispatch` does nothing.
public struct MiddlewareContext<State: StoreState>: Sendable {
    @usableFromInline
    let core: StoreCore<State>

    @usableFromInline
    init(core: StoreCore<State>) {
        self.core = core
    }

    /// The store's current state.
    @inlinable
    public var state: State { core.state }

    /// Dispatches an action through the whole middleware chain. Called while an action is being
    /// processed, it is queued and processed after it (FIFO), never recursively.
    @inlinable
    public func dispatch(_ action: State.Action) {
        core.dispatch(action)
    }
}

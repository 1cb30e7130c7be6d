/// Two middleware run one after the other: `first` sees the action first, and its `next` calls
/// `second`, whose `next` is the rest of the chain.
///
/// ``MiddlewareBuilder`` makes these, one per line after the first, so a list of five is four of
/// them nested. Both `handle` methods are inlined where the composition is specialised, so the
/// `next` made here costs no call.
///
/// ```swift
/// let both = ComposedMiddleware(Analytics(), BlockWhileLoading())
/// let store = Store(reducer: reducer, state: Checkout(), middleware: [Middleware(both)])
/// ```
public struct ComposedMiddleware<First: MiddlewareType, Second: MiddlewareType>: MiddlewareType
where First.State == Second.State {
    /// The state of the store both middleware are for.
    public typealias State = First.State

    /// The middleware that sees the action first.
    public let first: First
    /// The middleware `first`'s `next` calls.
    public let second: Second

    /// Runs `first`, then, when it calls `next`, `second`.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Calls `first` with a `next` that calls `second` with the rest of the chain.
    @inlinable
    public func handle(_ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void) {
        first.handle(context, action) { action in
            second.handle(context, action, next)
        }
    }
}

/// Middleware that may be absent: an `if` without `else` in a ``MiddlewareBuilder`` block.
/// Absent, the action passes through unchanged.
///
/// ```swift
/// let middleware = Middleware<Checkout>.composed {
///     if verbose { Middleware.logging() }  // an OptionalMiddleware
///     BlockWhileLoading()
/// }
/// ```
public struct OptionalMiddleware<Wrapped: MiddlewareType>: MiddlewareType {
    /// The state of the store the middleware is for.
    public typealias State = Wrapped.State

    /// The middleware, or `nil` when the `if` was not taken.
    public let wrapped: Wrapped?

    /// Runs `wrapped` when there is one; passes the action through otherwise.
    @inlinable
    public init(_ wrapped: Wrapped?) {
        self.wrapped = wrapped
    }

    /// Calls the wrapped middleware, or `next(action)` when there is none.
    @inlinable
    public func handle(_ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void) {
        if let wrapped {
            wrapped.handle(context, action, next)
        } else {
            next(action)
        }
    }
}

/// One of two middleware: an `if`/`else` in a ``MiddlewareBuilder`` block, the branch taken when
/// the block ran.
///
/// ```swift
/// let middleware = Middleware<Checkout>.composed {
///     if strict { BlockWhileLoading() } else { Middleware.observing { _, _ in } }  // an EitherMiddleware
/// }
/// ```
public enum EitherMiddleware<First: MiddlewareType, Second: MiddlewareType>: MiddlewareType
where First.State == Second.State {
    /// The state of the store the middleware is for.
    public typealias State = First.State

    /// The `if` branch was taken.
    case first(First)
    /// The `else` branch was taken.
    case second(Second)

    /// Calls the middleware of the branch taken.
    @inlinable
    public func handle(_ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void) {
        switch self {
        case .first(let middleware): middleware.handle(context, action, next)
        case .second(let middleware): middleware.handle(context, action, next)
        }
    }
}

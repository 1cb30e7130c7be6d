/// A middleware whose type is known at compile time, so that several can be composed into one
/// whose chain the optimiser inlines.
///
/// The contract is ``Middleware``'s: `handle` is called with a context, the action and `next`, the
/// rest of the chain, and may pass the action on (`next(action)`), replace it
/// (`next(otherAction)`), swallow it (return without calling `next`), call `next` twice (the
/// action is reduced twice), dispatch others (`context.dispatch(_:)`, queued behind the current
/// action) and read the state (`context.state`: before `next`, the state before the action;
/// after `next` returns, the state after it). `next` cannot escape the call.
///
/// ```swift
/// struct BlockWhileLoading: MiddlewareType {
///     func handle(_ context: MiddlewareContext<Checkout>, _ action: Checkout.Action, _ next: (Checkout.Action) -> Void) {
///         if case .payTapped = action, context.state.isLoading { return }  // swallowed
///         next(action)
///     }
/// }
///
/// let store = Store(reducer: reducer, state: Checkout(), middleware: [
///     .composed {
///         Analytics()
///         BlockWhileLoading()
///         Middleware.observing { _, action in metrics.count(action) }  // a closure `Middleware` mixes in
///     }
/// ], observers: [recorder.observer])  // the recorder sees what the reducer reduced
/// ```
///
/// A store with several middleware on a hot path gains most: composed with
/// ``Middleware/composed(_:)``, the layers cost what one closure ``Middleware`` costs, because
/// each `handle` is inlined into the next. A ``Middleware`` made from a closure is the simple
/// default, and conforms too.
public protocol MiddlewareType<State>: Sendable {
    /// The state of the store the middleware is for.
    associatedtype State: StoreState

    /// Sees `action` before the reducer; calls `next` to pass it (or another action) on.
    ///
    /// - Parameters:
    ///   - context: Reads the store's state and dispatches actions.
    ///   - action: The action being processed.
    ///   - next: The rest of the chain; the last `next` reduces, synchronously.
    func handle(_ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void)
}

extension Middleware: MiddlewareType {
    /// Calls the middleware's closure, so that a closure middleware mixes into a composition.
    ///
    /// ```swift
    /// let composed = Middleware<Checkout>.composed {
    ///     Middleware.logging()
    ///     BlockWhileLoading()
    /// }
    /// ```
    @inlinable
    public func handle(_ context: MiddlewareContext<State>, _ action: State.Action, _ next: (State.Action) -> Void) {
        // The stored closure, not this method: a property and a method of one base name are told
        // apart by the type annotation.
        let body: @Sendable (MiddlewareContext<State>, State.Action, (State.Action) -> Void) -> Void = handle
        body(context, action, next)
    }
}

extension Middleware {
    /// Wraps a middleware of a known type as a closure middleware, to give it to a ``Store``.
    ///
    /// The closure made here is specialised for `M` where this initialiser is called: a
    /// composition's layers are inlined into it.
    ///
    /// ```swift
    /// let store = Store(reducer: reducer, state: Checkout(), middleware: [Middleware(BlockWhileLoading())])
    /// ```
    @inlinable
    public init<M: MiddlewareType>(_ middleware: M) where M.State == State {
        self.init { context, action, next in
            middleware.handle(context, action, next)
        }
    }

    /// Composes middleware at compile time into one closure middleware.
    ///
    /// The middleware listed run in order, exactly as if they were given to the store as an
    /// array: the first sees the action first, its `next` calls the second, and so on; the last
    /// one's `next` reduces. `if` (absent means pass-through) and `if`/`else` choose layers once,
    /// when the middleware is built.
    ///
    /// ```swift
    /// let store = Store(reducer: reducer, state: Checkout(), middleware: [
    ///     .composed {
    ///         Analytics()
    ///         if debug { Middleware.logging() }
    ///         BlockWhileLoading()
    ///     }
    /// ])
    /// ```
    ///
    /// The layers' `handle` methods are inlined into one another, so five of them cost about what
    /// one closure middleware costs; each closure ``Middleware`` in the list still costs its call.
    @inlinable
    public static func composed<M: MiddlewareType>(@MiddlewareBuilder<State> _ build: () -> M) -> Middleware
    where M.State == State {
        Middleware(build())
    }
}

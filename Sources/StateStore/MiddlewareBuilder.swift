/// Builds a composition of middleware from a list, for ``Middleware/composed(_:)``.
///
/// Each line is a middleware (a ``MiddlewareType`` or a closure ``Middleware``); they run in the
/// order written. `if` without `else` makes its layers optional (absent, the action passes
/// through); `if`/`else` picks one branch. The choice is made once, when the block runs.
///
/// ```swift
/// let middleware = Middleware<Checkout>.composed {
///     Analytics()
///     if verbose { Middleware.logging() }
///     if strict { BlockWhileLoading() } else { Middleware.observing { _, _ in } }
/// }
/// ```
@resultBuilder
public enum MiddlewareBuilder<State: StoreState> {
    /// A middleware of a known type, as written.
    @inlinable
    public static func buildExpression<M: MiddlewareType>(_ middleware: M) -> M where M.State == State {
        middleware
    }

    /// A closure middleware, as written: lets `.logging()` and other shortcuts be written without
    /// the type.
    @inlinable
    public static func buildExpression(_ middleware: Middleware<State>) -> Middleware<State> {
        middleware
    }

    /// The first middleware of a block.
    @inlinable
    public static func buildPartialBlock<M: MiddlewareType>(first: M) -> M where M.State == State {
        first
    }

    /// The middleware so far, followed by the next one.
    @inlinable
    public static func buildPartialBlock<Accumulated: MiddlewareType, Next: MiddlewareType>(
        accumulated: Accumulated, next: Next
    ) -> ComposedMiddleware<Accumulated, Next> where Accumulated.State == State, Next.State == State {
        ComposedMiddleware(accumulated, next)
    }

    /// The layers of an `if` without `else`: absent, the action passes through.
    @inlinable
    public static func buildOptional<M: MiddlewareType>(_ middleware: M?) -> OptionalMiddleware<M>
    where M.State == State {
        OptionalMiddleware(middleware)
    }

    /// The layers of an `if` branch taken.
    @inlinable
    public static func buildEither<First: MiddlewareType, Second: MiddlewareType>(
        first: First
    ) -> EitherMiddleware<First, Second> where First.State == State, Second.State == State {
        .first(first)
    }

    /// The layers of an `else` branch taken.
    @inlinable
    public static func buildEither<First: MiddlewareType, Second: MiddlewareType>(
        second: Second
    ) -> EitherMiddleware<First, Second> where First.State == State, Second.State == State {
        .second(second)
    }
}

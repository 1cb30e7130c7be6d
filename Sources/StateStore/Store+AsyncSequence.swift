extension Store {
    /// The selected state as an `AsyncStream`: the current selection first, then each change
    /// (repeats skipped).
    ///
    /// ```swift
    /// for await total in store.states({ $0.cart.total }) {
    ///     render(total)
    /// }
    /// ```
    ///
    /// The stream's subscription ends when the consuming task is cancelled or the stream is
    /// dropped. With the default unbounded buffer a slow consumer sees every change in order; pass
    /// `.bufferingNewest(1)` to see only the latest.
    public func states<Value: Equatable & Sendable>(
        _ select: @escaping @Sendable (State) -> Value,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: bufferingPolicy)
        let subscription = subscribe(select) { value in
            continuation.yield(value)
        }
        continuation.onTermination = { _ in
            subscription.cancel()
        }
        return stream
    }
}

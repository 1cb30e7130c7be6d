/// Feeds actions from a running effect back into its store.
///
/// An effect receives a `Send` and calls it like a function:
///
/// ```swift
/// .run { send in
///     let checkout = await api.fetchCheckout()
///     send(.checkoutLoaded(checkout))
/// }
/// ```
///
/// Actions sent after the effect was cancelled (by id, or because its store went away) are dropped:
/// a cancelled effect never changes the state.
public struct Send<Action: Sendable>: Sendable {
    @usableFromInline
    let deliver: @Sendable (Action) -> Void

    /// Creates a `Send` that hands each action to `deliver`.
    ///
    /// Stores create these for their effects; tests and adapters can create their own.
    public init(_ deliver: @escaping @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Sends an action to the store, unless the current task has been cancelled.
    @inlinable
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}

/// A subscription to a store; cancel it, or drop it, to stop receiving changes.
///
/// ```swift
/// let subscription = store.subscribe({ $0.cart.total }) { total in totalLabel.text = "\(total)" }
/// ...
/// subscription.cancel()   // or let it go out of scope
/// ```
///
/// Cancelling from inside a notification (on the thread that is notifying) takes effect at once,
/// also for subscribers later in the same round. Cancelling from another thread while a round is
/// running on some thread takes effect after that round.
///
/// A subscription made with `on: .mainActor` stops at once when cancelled on the main actor: no
/// callback runs after `cancel()` returns, not even for changes already queued for the main actor.
public final class StoreSubscription: Sendable, Hashable {
    private let onCancel: Lock.Guarded<(@Sendable () -> Void)?>

    @usableFromInline
    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Lock.Guarded(onCancel)
    }

    deinit {
        cancel()
    }

    /// Stops the subscription. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withValue { value in
            defer { value = nil }
            return value
        }
        action?()
    }

    /// Keeps the subscription alive as long as `set` holds it, in the manner of Combine's `store(in:)`.
    public func store(in set: inout Set<StoreSubscription>) {
        set.insert(self)
    }

    /// Subscriptions are equal when they are the same subscription.
    public static func == (lhs: StoreSubscription, rhs: StoreSubscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the subscription's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension StoreSubscription {
    /// Where a subscription's callback runs, when not on the thread that processes the action.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.cart.total }, on: .mainActor) { total in
    ///     totalLabel.text = total.formatted()
    /// }
    /// ```
    ///
    /// Without `on:`, a subscriber runs on the thread that processes the action, which for an
    /// effect's result is a background thread.
    public enum Delivery: Sendable, Hashable {
        /// On the main actor: every change, in the store's order, without `dispatch` ever waiting
        /// for the main thread.
        ///
        /// ```swift
        /// store.subscribe(\.view, on: .mainActor) { view in render(view) }
        /// ```
        case mainActor
    }
}

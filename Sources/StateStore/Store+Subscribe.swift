extension Store {
    /// Subscribes to a selection of the state, skipping repeats by `isDuplicate`.
    ///
    /// The subscriber gets the current selection at once (or, when another thread is processing an
    /// action, right after that action), then each time the selection changes. Notifications come
    /// in subscription order, on the thread that processes the action: a background thread for an
    /// effect's result. To update the user interface, subscribe with `on: .mainActor` instead
    /// (``subscribe(_:isDuplicate:on:onChange:)``).
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.items }, isDuplicate: { $0.count == $1.count }) { items in
    ///     badge.count = items.count
    /// }
    /// ```
    ///
    /// - Returns: A subscription; cancel or drop it to stop.
    @inlinable
    public func subscribe<Value>(
        _ select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> StoreSubscription {
        let subscriber = SelectingSubscriber<State, Value, ComparedByIsDuplicate>.comparing(
            select: select, isDuplicate: isDuplicate, onChange: onChange)
        return register(subscriber)
    }

    /// Subscribes to an `Equatable` selection of the state, skipping repeats, on the thread that
    /// processes the action.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.cart.total }) { total in analytics.totalChanged(total) }
    /// ```
    ///
    /// That thread is a background thread whenever an effect's result comes back. To update the
    /// user interface, subscribe with `on: .mainActor` instead (``subscribe(_:on:onChange:)``).
    ///
    /// A key path of stored properties (`\.cart.lines`) costs no more than a closure: it becomes
    /// a field read. A key path with a computed component (`\.items.count`, or a `total` computed
    /// from the lines) is projected by Swift's runtime on every dispatch, several times the cost of
    /// the rest of the dispatch; write it as a closure, `{ $0.items.count }`, which is compiled to
    /// the same code as a direct read.
    @inlinable
    public func subscribe<Value: Equatable>(
        _ select: @escaping @Sendable (State) -> Value,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> StoreSubscription {
        let subscriber = SelectingSubscriber<State, Value, ComparedWithEquals>.comparingWithEquals(
            select: select, onChange: onChange)
        return register(subscriber)
    }

    /// Subscribes to every change of an `Equatable` state, on the thread that processes the action.
    ///
    /// ```swift
    /// let subscription = store.subscribe { state in print(state) }
    /// ```
    ///
    /// For the main actor, use ``subscribe(on:onChange:)``.
    @inlinable
    public func subscribe(onChange: @escaping @Sendable (State) -> Void) -> StoreSubscription
    where State: Equatable {
        subscribe({ $0 }, onChange: onChange)
    }

    @inlinable
    func register(_ subscriber: Subscriber<State>) -> StoreSubscription {
        let handle = self.handle
        core.submit(.subscribe(subscriber))
        return StoreSubscription { handle.submit(.unsubscribe(subscriber)) }
    }
}

extension Store {
    /// Subscribes to a selection of the state, delivered on the main actor, skipping repeats by
    /// `isDuplicate`.
    ///
    /// ```swift
    /// let subscription = store.subscribe(
    ///     { $0.items }, isDuplicate: { $0.count == $1.count }, on: .mainActor
    /// ) { items in
    ///     badge.count = items.count
    /// }
    /// ```
    ///
    /// Every change of the selection reaches `onChange` on the main actor, in the order the store
    /// processed the actions (the store's first-in, first-out order), none skipped or merged.
    /// `dispatch` never waits for the main actor: a change made on another thread is queued for
    /// it. See ``subscribe(_:on:onChange:)`` for the first value and for cancelling.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state the subscriber needs. Runs on the processing thread.
    ///   - isDuplicate: Whether two selections count as the same (the second is then skipped).
    ///   - delivery: Where `onChange` runs: `.mainActor`.
    ///   - onChange: Receives each new selection, on the main actor.
    /// - Returns: A subscription; cancel or drop it to stop.
    @inlinable
    public func subscribe<Value: Sendable>(
        _ select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        on delivery: StoreSubscription.Delivery,
        onChange: @escaping @MainActor @Sendable (Value) -> Void
    ) -> StoreSubscription {
        // Built here rather than in a shared helper: the optimiser then specialises `select`
        // (a key path becomes a field read) as it does for `subscribe(_:onChange:)`.
        let sink = MainActorSink(mailbox: core.mainActorMailbox, callback: onChange)
        let subscriber = SelectingSubscriber<State, Value, ComparedByIsDuplicate>.comparing(
            select: select, isDuplicate: isDuplicate, onChange: { sink.post($0) })
        deliverFirstValueIfOnMainThread(to: sink, subscriber: subscriber)
        return registerOnMainActor(subscriber, sink: sink)
    }

    /// Subscribes to an `Equatable` selection of the state, delivered on the main actor, skipping
    /// repeats: the way a screen renders the state.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.cart.total }, on: .mainActor) { total in
    ///     totalLabel.text = total.formatted()
    /// }
    /// ```
    ///
    /// - **Every change, in order.** Each change of the selection reaches `onChange` on the main
    ///   actor, in the order the store processed the actions, none skipped or merged; changes of
    ///   all of a store's main-actor subscriptions arrive in one order, as they would on the
    ///   processing thread.
    /// - **`dispatch` never waits for the main actor.** A change processed on another thread (an
    ///   effect's result, a background dispatch) is queued, and one main-queue hop delivers all
    ///   changes queued by then. A change processed on the main thread while nothing is queued is
    ///   delivered at once, before `dispatch` returns.
    /// - **The first value.** Subscribed on the main actor, `onChange` receives the current
    ///   selection before `subscribe` returns, so a screen renders at once. Subscribed elsewhere,
    ///   it receives it on the main actor shortly after. If another thread was processing actions
    ///   when you subscribed, the selection may be delivered once more when the subscription
    ///   joins the store's order, if it changed in between.
    /// - **Cancelling.** Once `cancel()` returns on the main actor, `onChange` is not called again,
    ///   even for changes already queued. Cancelled on another thread, the main actor may still
    ///   finish the one call it is making or about to make; none after it.
    ///
    /// Changes already queued are still delivered if the store itself is released first.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state the subscriber needs. Runs on the processing thread.
    ///   - delivery: Where `onChange` runs: `.mainActor`.
    ///   - onChange: Receives each new selection, on the main actor.
    /// - Returns: A subscription; cancel or drop it to stop.
    @inlinable
    public func subscribe<Value: Equatable & Sendable>(
        _ select: @escaping @Sendable (State) -> Value,
        on delivery: StoreSubscription.Delivery,
        onChange: @escaping @MainActor @Sendable (Value) -> Void
    ) -> StoreSubscription {
        let sink = MainActorSink(mailbox: core.mainActorMailbox, callback: onChange)
        let subscriber = SelectingSubscriber<State, Value, ComparedWithEquals>.comparingWithEquals(
            select: select, onChange: { sink.post($0) })
        deliverFirstValueIfOnMainThread(to: sink, subscriber: subscriber)
        return registerOnMainActor(subscriber, sink: sink)
    }

    /// Subscribes to every change of an `Equatable` state, delivered on the main actor.
    ///
    /// ```swift
    /// let subscription = store.subscribe(on: .mainActor) { state in render(state) }
    /// ```
    ///
    /// The guarantees are those of ``subscribe(_:on:onChange:)``.
    @inlinable
    public func subscribe(
        on delivery: StoreSubscription.Delivery,
        onChange: @escaping @MainActor @Sendable (State) -> Void
    ) -> StoreSubscription where State: Equatable {
        subscribe({ $0 }, on: delivery, onChange: onChange)
    }

    /// Subscribed on the main actor, delivers the current selection before `subscribe` returns,
    /// so a screen renders at once. The draining thread reads the subscriber's `last` only after
    /// the subscribe command, which passes through the store's lock; a repeat of this value is
    /// then skipped.
    @inlinable
    func deliverFirstValueIfOnMainThread<Value, Comparison>(
        to sink: MainActorSink<Value>,
        subscriber: SelectingSubscriber<State, Value, Comparison>
    ) {
        guard isMainThread() else { return }
        let value = subscriber.select(core.state)
        subscriber.last = value
        sink.deliverNow(value)
    }

    /// Registers a main-actor subscriber; cancelling stops its callbacks at once (see
    /// ``MainActorSinkBase/cancel()``), then removes it from the store in the store's order.
    @inlinable
    func registerOnMainActor(_ subscriber: Subscriber<State>, sink: MainActorSinkBase) -> StoreSubscription {
        let handle = self.handle
        core.submit(.subscribe(subscriber))
        return StoreSubscription {
            sink.cancel()
            handle.submit(.unsubscribe(subscriber))
        }
    }
}

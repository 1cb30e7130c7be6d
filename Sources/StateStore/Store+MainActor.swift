extension Store {
    /// Subscribes to a selection of the state, delivered on the main actor, skipping repeats by
    /// `isDuplicate`.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.items }, isDuplicate: { $0.count == $1.count }, on: .mainActor) {
    ///     items in badge.count = items.count
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
        subscribeOnMainActor(select, isDuplicate: isDuplicate, onChange: onChange)
    }

    /// Subscribes to an `Equatable` selection of the state, delivered on the main actor, skipping
    /// repeats: the way a screen renders the state.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.cart.total, on: .mainActor) { total in
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
    ///   even for changes already queued. Cancelled from another thread, a callback already
    ///   running on the main actor finishes; no other starts.
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
        subscribeOnMainActor(select, isDuplicate: { $0 == $1 }, onChange: onChange)
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
        subscribeOnMainActor({ $0 }, isDuplicate: { $0 == $1 }, onChange: onChange)
    }

    /// The one implementation behind the `on: .mainActor` subscriptions. The selection and the
    /// comparison run on the processing thread, as for any subscriber; only the call to `onChange`
    /// goes to the main actor, through the store's ``MainActorMailbox``.
    @inlinable
    func subscribeOnMainActor<Value: Sendable>(
        _ select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        onChange: @escaping @MainActor @Sendable (Value) -> Void
    ) -> StoreSubscription {
        let core = self.core
        let sink = MainActorSink(mailbox: core.mainActorMailbox, callback: onChange)
        let last = LastSelection<Value>()
        if isMainThread() {
            // On the main actor: render the current selection before returning. The drainer
            // reads `last` only after the subscribe command below, which passes through the lock.
            let value = select(core.state)
            last.value = value
            sink.deliverNow(value)
        }
        let subscriber = Subscriber<State> { state, _ in
            let value = select(state)
            if let previous = last.value, isDuplicate(previous, value) { return }
            last.value = value
            sink.post(value)
        }
        core.submit(.subscribe(subscriber))
        return StoreSubscription { [weak core] in
            sink.cancel()
            core?.submit(.unsubscribe(subscriber))
        }
    }
}

/// One subscriber in a store's ordered subscriber list.
///
/// `receive(subscriber, &state)` selects, compares with the last selection and calls the
/// subscriber's closure when it changed. The first value goes through ``receiveFirst(_:)``
/// instead, which sets the last selection. `receive` is a closure that captures nothing, built in the (specialisable) `subscribe` call: it
/// reads what it needs from the subscriber it is handed (a ``SelectingSubscriber``), so the
/// selection and comparison run as specialised code, and a notification costs one call into it,
/// with no separate object for the last selection. Only the draining thread calls it and flips
/// `isActive`.
@usableFromInline
class Subscriber<State>: @unchecked Sendable {
    /// `final`: read on every notification, it must not be a call through the class's table.
    @usableFromInline @exclusivity(unchecked) final var isActive = true
    /// Takes the state `inout`, which it never writes, for how that is passed: by address, alike
    /// from generic and from specialised code. So the specialised closure is stored as it is,
    /// where a `State` parameter needed a thunk loading it from the generic caller's indirect
    /// argument (five instructions a subscriber); and the closure hands the state on to `select`
    /// in place, where an `UnsafePointer<State>`'s `pointee` would be copied (a retain and a
    /// release a subscriber). The store's state is the argument: nothing writes it during the
    /// call (no reducer runs while subscribers are notified; an action dispatched meanwhile is
    /// queued), and a subscriber reading `store.state` meanwhile only reads it.
    @usableFromInline let receive: (_ subscriber: Subscriber<State>, _ state: inout State) -> Void

    @usableFromInline
    init(receive: @escaping (Subscriber<State>, inout State) -> Void) {
        self.receive = receive
    }

    /// Hands the subscriber its first value, when its subscription is processed: the only call
    /// before the subscriber is in the store's list (or joins it at the end of a round), so every
    /// later call, to `receive`, comes after it.
    @usableFromInline
    func receiveFirst(_ state: inout State) {
        receive(self, &state)
    }

    /// A subscriber that does nothing, inactive from the start: the stand-in for one that left
    /// during a round of notifications (see `StoreCore.inertSubscriber`).
    @usableFromInline
    static func inert() -> Subscriber {
        let subscriber = Subscriber { _, _ in }
        subscriber.isActive = false
        return subscriber
    }
}

/// A subscriber to a selection of the state: what it selects, how it tells repeats, whom it tells,
/// and the last value it told. Only the draining thread (and, before the subscription joins the
/// store, the thread that subscribes) reads and writes `last`.
@usableFromInline
final class SelectingSubscriber<State, Value>: Subscriber<State>, @unchecked Sendable {
    @usableFromInline let select: @Sendable (State) -> Value
    /// Whether two selections count as the same; `nil` when `receive` compares with `==`.
    @usableFromInline let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    @usableFromInline let onChange: @Sendable (Value) -> Void
    @usableFromInline @exclusivity(unchecked) var last: Value?

    /// Sets `last` from the current selection and tells it, unless `last` is set already (a
    /// main-actor subscription made on the main thread told it before `subscribe` returned): then
    /// `receive` compares as in any round. So `last` is set before any call of `receive`, which
    /// reads it with `unsafelyUnwrapped`: no test of the optional in the rounds (two instructions
    /// a subscriber). Called once a subscription, unspecialised.
    @usableFromInline
    override func receiveFirst(_ state: inout State) {
        guard last == nil else { return receive(self, &state) }
        let value = select(state)
        last = value
        onChange(value)
    }

    /// `receive` is handed this subscriber: it reaches the fields with `unsafeDowncast`.
    @usableFromInline
    init(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        onChange: @escaping @Sendable (Value) -> Void,
        receive: @escaping (Subscriber<State>, inout State) -> Void
    ) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
        super.init(receive: receive)
    }
}

/// One subscriber in a store's ordered subscriber list.
///
/// `receive(subscriber, &state)` selects, compares with the last selection and calls the
/// subscriber's closure when it changed. `receiveRun(list, count, &state)` does that for
/// `list[0]` (this subscriber) and the ones right after it that are of the same class: a *run*
/// (at most `count`, the slots left in the round); it returns how many it notified, at least one.
/// The round calls `receiveRun` where the next subscriber is of the same class, else `receive`.
/// The first value goes through ``receiveFirst(_:)`` instead, which sets the last selection.
///
/// Both are closures that capture nothing, built in the (specialisable) `subscribe` call (by one
/// of ``SelectingSubscriber``'s factories): they read what they need from the subscribers they
/// are handed, so the selection and comparison run as specialised code. A run costs one call,
/// with each subscriber's selection inline in its loop: calling each subscriber through its own
/// closure costs a call, a frame and, where the compiler merged identical specialisations
/// (subscribers of one value type to stores of different states), two forwarding jumps. A lone
/// subscriber takes `receive`, whose frame is smaller than the run loop's. Only the draining
/// thread calls them and flips `isActive`.
@usableFromInline
class Subscriber<State>: @unchecked Sendable {
    /// `final`: read on every notification, it must not be a call through the class's table.
    @usableFromInline @exclusivity(unchecked) final var isActive = true
    /// Notifies this subscriber.
    ///
    /// Takes the state `inout`, which it never writes, for how that is passed: by address, alike
    /// from generic and from specialised code. So the specialised closure is stored as it is,
    /// where a `State` parameter needed a thunk loading it from the generic caller's indirect
    /// argument (five instructions a call); and the closure hands the state on to `select` in
    /// place, where an `UnsafePointer<State>`'s `pointee` would be copied (a retain and a release a
    /// subscriber). The store's state is the argument: nothing writes it during the call (no
    /// reducer runs while subscribers are notified; an action dispatched meanwhile is queued), and
    /// a subscriber reading `store.state` meanwhile only reads it.
    @usableFromInline let receive: (_ subscriber: Subscriber<State>, _ state: inout State) -> Void
    /// Notifies the run that starts at `list[0]`, this subscriber, within the `count` slots from
    /// there; returns how many it notified (at least one). The state as for ``receive``.
    @usableFromInline let receiveRun:
        (_ list: UnsafePointer<Subscriber<State>>, _ count: Int, _ state: inout State) -> Int

    @usableFromInline
    init(
        receive: @escaping (Subscriber<State>, inout State) -> Void,
        receiveRun: @escaping (UnsafePointer<Subscriber<State>>, Int, inout State) -> Int
    ) {
        self.receive = receive
        self.receiveRun = receiveRun
    }

    /// Hands the subscriber its first value, when its subscription is processed: the only call
    /// before the subscriber is in the store's list (or joins it at the end of a round), so every
    /// later call, to `receive`, comes after it.
    @usableFromInline
    func receiveFirst(_ state: inout State) {
        receive(self, &state)
    }

    /// A subscriber that does nothing, inactive from the start: the stand-in for one that left
    /// during a round of notifications (see `StoreCore.inertSubscriber`). Its class is not a
    /// ``SelectingSubscriber``'s, so it ends any run it follows.
    @usableFromInline
    static func inert() -> Subscriber {
        let subscriber = Subscriber(receive: { _, _ in }, receiveRun: { _, _, _ in 1 })
        subscriber.isActive = false
        return subscriber
    }

    /// Notifies, with `notifyOne`, `list[0]` and each following subscriber of `list[0]`'s class,
    /// `Kind`, up to `count`; returns how many. The body of every `receiveRun` closure.
    ///
    /// Sound because every subscriber of class `Kind` has closures that notify as `notifyOne`
    /// does: ``SelectingSubscriber``'s comparison parameter (``ComparedWithEquals``,
    /// ``ComparedByIsDuplicate``) names how it compares, and its two factories, the only places
    /// its closures are built, each build theirs for one comparison. So notifying a subscriber
    /// from the closure of an earlier one of its class does what its own closure would. `list[0]`
    /// is of class `Kind`: the round calls a subscriber's own `receiveRun` with `list[0]` set to
    /// it.
    /// Each slot is read afresh, after the previous subscriber's closure ran: one that left
    /// meanwhile holds the inert subscriber, whose class ends the run.
    @inlinable
    @inline(__always)
    static func notifyRun<Kind: Subscriber<State>>(
        of kind: Kind.Type,
        _ list: UnsafePointer<Subscriber<State>>,
        _ count: Int,
        _ state: inout State,
        _ notifyOne: (Kind, inout State) -> Void
    ) -> Int {
        let runClass = ObjectIdentifier(type(of: list[0]))
        var index = 0
        repeat {
            Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef { subscriber in
                notifyOne(unsafeDowncast(subscriber, to: Kind.self), &state)
            }
            index &+= 1
        } while index < count && ObjectIdentifier(type(of: list[index])) == runClass
        return index
    }
}

/// The comparison of a ``SelectingSubscriber`` whose `Value` is compared with `==`.
@usableFromInline
enum ComparedWithEquals {}

/// The comparison of a ``SelectingSubscriber`` whose repeats are told by an `isDuplicate`
/// closure.
@usableFromInline
enum ComparedByIsDuplicate {}

/// A subscriber to a selection of the state: what it selects, how it tells repeats, whom it tells,
/// and the last value it told. Only the draining thread (and, before the subscription joins the
/// store, the thread that subscribes) reads and writes `last`.
///
/// `Comparison` (``ComparedWithEquals`` or ``ComparedByIsDuplicate``) only tells the two kinds
/// apart: subscribers of one class notify alike, so a run of them is notified by one call (see
/// ``Subscriber/notifyRun(of:_:_:_:_:)``). Make them with ``comparingWithEquals(select:onChange:)``
/// and ``comparing(select:isDuplicate:onChange:)``.
@usableFromInline
final class SelectingSubscriber<State, Value, Comparison>: Subscriber<State>, @unchecked Sendable {
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

    /// `receive` is handed this subscriber, and `receiveRun` subscribers of this class: they
    /// reach the fields with `unsafeDowncast`.
    @usableFromInline
    init(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        onChange: @escaping @Sendable (Value) -> Void,
        receive: @escaping (Subscriber<State>, inout State) -> Void,
        receiveRun: @escaping (UnsafePointer<Subscriber<State>>, Int, inout State) -> Int
    ) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
        super.init(receive: receive, receiveRun: receiveRun)
    }
}

extension SelectingSubscriber where Value: Equatable, Comparison == ComparedWithEquals {
    /// A subscriber that skips a selection equal (`==`) to the last one.
    @inlinable
    static func comparingWithEquals(
        select: @escaping @Sendable (State) -> Value,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> SelectingSubscriber {
        SelectingSubscriber(
            select: select, isDuplicate: nil, onChange: onChange,
            receive: { base, state in notifyOne(unsafeDowncast(base, to: SelectingSubscriber.self), &state) },
            receiveRun: { list, count, state in
                notifyRun(of: SelectingSubscriber.self, list, count, &state) { notifyOne($0, &$1) }
            }
        )
    }

    /// Notifies `subscriber` if its selection changed.
    @inlinable
    @inline(__always)
    static func notifyOne(_ subscriber: SelectingSubscriber, _ state: inout State) {
        let value = subscriber.select(state)
        // `last` is set: see ``Subscriber/receiveFirst(_:)``.
        if subscriber.last.unsafelyUnwrapped == value { return }
        subscriber.last = value
        subscriber.onChange(value)
    }
}

extension SelectingSubscriber where Comparison == ComparedByIsDuplicate {
    /// A subscriber that skips a selection `isDuplicate` finds the same as the last one.
    @inlinable
    static func comparing(
        select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> SelectingSubscriber {
        SelectingSubscriber(
            select: select, isDuplicate: isDuplicate, onChange: onChange,
            receive: { base, state in notifyOne(unsafeDowncast(base, to: SelectingSubscriber.self), &state) },
            receiveRun: { list, count, state in
                notifyRun(of: SelectingSubscriber.self, list, count, &state) { notifyOne($0, &$1) }
            }
        )
    }

    /// Notifies `subscriber` if `isDuplicate` finds its selection changed. `isDuplicate` is set:
    /// ``comparing(select:isDuplicate:onChange:)`` is the only maker of this class.
    @inlinable
    @inline(__always)
    static func notifyOne(_ subscriber: SelectingSubscriber, _ state: inout State) {
        let value = subscriber.select(state)
        // `last` is set: see ``Subscriber/receiveFirst(_:)``.
        if subscriber.isDuplicate.unsafelyUnwrapped(subscriber.last.unsafelyUnwrapped, value) { return }
        subscriber.last = value
        subscriber.onChange(value)
    }
}

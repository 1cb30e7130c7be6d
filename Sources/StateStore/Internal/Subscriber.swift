/// One subscriber in a store's ordered subscriber list.
///
/// `receive(state, isInitial)` selects, compares with the last selection and calls the
/// subscriber's closure when it changed (always when `isInitial`). It is a closure built in the
/// (specialisable) `subscribe` call rather than a virtual method, so the selection and comparison
/// run as specialised code. Only the draining thread calls it and flips `isActive`.
@usableFromInline
final class Subscriber<State>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var isActive = true
    @usableFromInline let receive: (State, _ isInitial: Bool) -> Void

    @usableFromInline
    init(receive: @escaping (State, Bool) -> Void) {
        self.receive = receive
    }
}

/// Holds the last value a subscriber was given. Only the draining thread reads and writes it.
@usableFromInline
final class LastSelection<Value>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: Value?

    @usableFromInline
    init() {}
}

#if canImport(Observation)
import Dispatch
public import Observation

/// A selection of a store's state that SwiftUI (or any `Observation` user) can read.
///
/// ```swift
/// @State var total = store.observe { $0.cart.total }
/// var body: some View { Text(total.value.formatted) }
/// ```
///
/// `value` changes on the main actor only, so a view reads it where it renders. A change the
/// store processes on the main thread while no update is pending applies at once (before
/// `dispatch` returns); a change processed on another thread is applied by a main-queue hop.
///
/// Updates are coalesced: when several changes arrive before the main actor applies them, it
/// applies only the latest, once. `value` may skip intermediate values but always ends on the
/// latest selection, and never goes back to an older one. (For every change, in order, use
/// ``Store/subscribe(_:on:onChange:)`` with `.mainActor`.)
///
/// The observation lasts as long as this object. `value` can be read from any thread.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public final class ObservedState<Value: Sendable>: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage: Lock.Guarded<Value>
    /// The latest change not applied yet, and whether a hop to apply it is scheduled.
    private let pending: Lock.Guarded<(value: Value?, isScheduled: Bool)>
    private let isDuplicate: @Sendable (Value, Value) -> Bool
    private let subscription: Lock.Guarded<StoreSubscription?>

    init(initial: Value, isDuplicate: @escaping @Sendable (Value, Value) -> Bool) {
        storage = Lock.Guarded(initial)
        pending = Lock.Guarded((nil, false))
        self.isDuplicate = isDuplicate
        subscription = Lock.Guarded(nil)
    }

    /// The current selection. Reading it inside an observation tracks it.
    ///
    /// ```swift
    /// Text(total.value.formatted)
    /// ```
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return storage.withValue { $0 }
    }

    /// Takes a change from the store's processing thread to the main actor.
    func receive(_ newValue: Value) {
        let next = pending.withValue { pending -> ObservedStateStep in
            if !pending.isScheduled, isMainThread() { return .applyNow }
            pending.value = newValue
            if pending.isScheduled { return .nothing }
            pending.isScheduled = true
            return .schedule
        }
        switch next {
        case .applyNow:
            apply(newValue)  // on the main thread, nothing pending
        case .schedule:
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.applyPending() }
            }
        case .nothing:
            break
        }
    }

    @MainActor
    private func applyPending() {
        let latest = pending.withValue { pending -> Value? in
            defer { pending = (nil, false) }
            return pending.value
        }
        if let latest { apply(latest) }
    }

    /// Sets `value`. Only on the main thread: from the main-queue hop, or from `receive` after it
    /// checked. (Not marked `@MainActor`, so that `receive` need not pay for the runtime's check.)
    private func apply(_ newValue: Value) {
        if isDuplicate(storage.withValue { $0 }, newValue) { return }
        registrar.withMutation(of: self, keyPath: \.value) {
            storage.withValue { $0 = newValue }
        }
    }

    func hold(_ token: StoreSubscription) {
        subscription.withValue { $0 = token }
    }
}

/// What a change asks of an ``ObservedState``: apply it now (on the main thread, nothing pending),
/// schedule the hop that applies it, or nothing (a hop is already scheduled and will take it).
private enum ObservedStateStep {
    case applyNow, schedule, nothing
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Store {
    /// Observes a selection of the state through Swift's `Observation`, for SwiftUI.
    ///
    /// ```swift
    /// @State var total = store.observe { $0.cart.total }
    /// var body: some View { Text(total.value.formatted) }
    /// ```
    ///
    /// The returned object holds the current selection at once. Its `value` then changes on the
    /// main actor, coalesced to the latest selection when changes come faster than the main actor
    /// applies them (see ``ObservedState``).
    public func observe<Value: Equatable & Sendable>(
        _ select: @escaping @Sendable (State) -> Value
    ) -> ObservedState<Value> {
        let observed = ObservedState(initial: select(state), isDuplicate: { $0 == $1 })
        let token = subscribe(select) { [weak observed] value in
            observed?.receive(value)
        }
        observed.hold(token)
        return observed
    }
}
#endif

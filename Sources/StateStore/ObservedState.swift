#if canImport(Observation)
public import Observation

/// A selection of a store's state that SwiftUI (or any `Observation` user) can read.
///
/// ```swift
/// @State var total = store.observe(\.cart.total)
/// var body: some View { Text(total.value.formatted) }
/// ```
///
/// `value` changes when the selection changes (repeats skipped), on the thread that processes the
/// action: dispatch from the main actor when a view reads it. The observation lasts as long as
/// this object.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public final class ObservedState<Value: Sendable>: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage: Lock.Guarded<Value>
    private let subscription: Lock.Guarded<StoreSubscription?>

    init(initial: Value) {
        storage = Lock.Guarded(initial)
        subscription = Lock.Guarded(nil)
    }

    /// The current selection. Reading it inside an observation tracks it.
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return storage.withValue { $0 }
    }

    func update(_ newValue: Value) {
        registrar.withMutation(of: self, keyPath: \.value) {
            storage.withValue { $0 = newValue }
        }
    }

    func hold(_ token: StoreSubscription) {
        subscription.withValue { $0 = token }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Store {
    /// Observes a selection of the state through Swift's `Observation`, for SwiftUI.
    public func observe<Value: Equatable & Sendable>(
        _ select: @escaping @Sendable (State) -> Value
    ) -> ObservedState<Value> {
        let observed = ObservedState(initial: select(state))
        let token = subscribe(select) { [weak observed] value in
            observed?.update(value)
        }
        observed.hold(token)
        return observed
    }
}
#endif

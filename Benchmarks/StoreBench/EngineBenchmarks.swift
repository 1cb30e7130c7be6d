// store-bench: the engine, Store.dispatch with subscribers, middleware and states of every size.
import ActionLog
import Checkout
import Foundation
import StateStore

struct CounterState: StoreState {
    enum Action: Codable, Sendable, Equatable { case increment }
    var count = 0
}

let counterReducer = Reducer<CounterState, CounterState.Action> { state, _ in
    state.count &+= 1
    return .none
}

struct SlotsState: StoreState {
    enum Action: Codable, Sendable, Equatable { case bump(Int) }
    var slots = [Int](repeating: 0, count: 100)
}

let slotsReducer = Reducer<SlotsState, SlotsState.Action> { state, action in
    switch action {
    case .bump(let index): state.slots[index] &+= 1
    }
    return .none
}

struct LineItem {
    var sku: Int
    var quantity: Int
    var price: Decimal
}

struct CartState: StoreState {
    enum Action: Codable, Sendable, Equatable { case setQuantity(index: Int, quantity: Int) }
    var items: [LineItem]
    var version = 0
}

let cartReducer = Reducer<CartState, CartState.Action> { state, action in
    switch action {
    case .setQuantity(let index, let quantity):
        state.items[index].quantity = quantity
        state.version &+= 1
    }
    return .none
}

func cart(items: Int) -> CartState {
    CartState(items: (0..<items).map { LineItem(sku: $0, quantity: 1, price: 10) })
}

let passThrough = Middleware<CounterState> { _, action, next in next(action) }

/// What the recorder benchmarks write: the counter, as a log holds it.
extension CounterState: Codable, Equatable {
    static var logged: CounterState { CounterState() }
}

/// The engine's benchmarks, by name, in the order they run.
@MainActor let engineBenchmarks: [(String, () -> Result)] = [
    (
        "direct",
        {
            measure("direct", iterations: 5_000_000, repetitions: 5) { n in
                var state = CounterState()
                // Through `opaque`: the optimiser sees the whole program and would otherwise fold
                // the loop into one addition.
                let reduce = opaque(counterReducer.reduce)
                for _ in 0..<n { _ = reduce(&state, .increment) }
                return state.count
            }
        }
    ),
    (
        "store-0",
        {
            measure("store-0", iterations: 2_000_000, repetitions: 5) { n in
                let store = Store(reducer: counterReducer, state: CounterState())
                for _ in 0..<n { store.dispatch(.increment) }
                return store.state.count
            }
        }
    ),
    (
        "store-1",
        {
            measure("store-1", iterations: 2_000_000, repetitions: 5) { n in
                let store = Store(reducer: counterReducer, state: CounterState())
                let subscription = store.subscribe(\.count) { _ in }
                for _ in 0..<n { store.dispatch(.increment) }
                subscription.cancel()
                return store.state.count
            }
        }
    ),
    (
        "subscribers-100",
        {
            measure("subscribers-100", iterations: 200_000, repetitions: 5) { n in
                let store = Store(reducer: slotsReducer, state: SlotsState())
                let subscriptions = (0..<100).map { slot in store.subscribe({ $0.slots[slot] }) { _ in } }
                for i in 0..<n { store.dispatch(.bump(i % 100)) }
                withExtendedLifetime(subscriptions) {}
                return store.state.slots[0]
            }
        }
    ),
    (
        "small-state",
        {
            measure("small-state", iterations: 1_000_000, repetitions: 5) { n in
                let store = Store(reducer: cartReducer, state: cart(items: 1))
                let subscription = store.subscribe(\.version) { _ in }
                for i in 0..<n { store.dispatch(.setQuantity(index: 0, quantity: i)) }
                subscription.cancel()
                return store.state.version
            }
        }
    ),
    (
        "large-state",
        {
            measure("large-state", iterations: 1_000_000, repetitions: 5) { n in
                let store = Store(reducer: cartReducer, state: cart(items: 10_000))
                let subscription = store.subscribe(\.version) { _ in }
                for i in 0..<n { store.dispatch(.setQuantity(index: i % 10_000, quantity: i)) }
                subscription.cancel()
                return store.state.version
            }
        }
    ),
    (
        "middleware-5",
        {
            measure("middleware-5", iterations: 2_000_000, repetitions: 5) { n in
                let store = Store(
                    reducer: counterReducer,
                    state: CounterState(),
                    middleware: Array(repeating: passThrough, count: 5)
                )
                let subscription = store.subscribe(\.count) { _ in }
                for _ in 0..<n { store.dispatch(.increment) }
                subscription.cancel()
                return store.state.count
            }
        }
    ),
]

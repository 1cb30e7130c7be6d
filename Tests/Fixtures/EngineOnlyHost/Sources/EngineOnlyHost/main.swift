// The smallest host: a counter store, dispatched to, its state read.
import StateStore

struct Counter: StoreState {
    enum Action: Codable, Sendable, Equatable { case increment }
    var count = 0
}

let reducer = Reducer<Counter, Counter.Action>.pure { state, _ in state.count += 1 }
let store = Store(reducer: reducer, state: Counter())
store.dispatch(.increment)
print("count is \(store.state.count)")

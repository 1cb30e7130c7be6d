// A store in forty lines: a reducer, a middleware that logs, a subscriber, an effect.
//
//     swift run counter-example
import StateStore

struct Counter: StoreState {
    enum Action: Codable, Sendable, Equatable {
        case increment
        case decrement
        case incrementLater
        case tick
    }

    var count = 0
}

let reducer = Reducer<Counter, Counter.Action> { state, action in
    switch action {
    case .increment, .tick:
        state.count += 1
    case .decrement:
        state.count -= 1
    case .incrementLater:
        // Work that feeds an action back: the reducer stays pure, the store runs the effect.
        return .run(id: "later") { send in
            await Task.yield()
            send(.tick)
        }
    }
    return .none
}

let store = Store(reducer: reducer, state: Counter(), middleware: [.logging(prefix: "action:")])
let subscription = store.subscribe(\.count) { count in print("count is now \(count)") }

store.dispatch(.increment)
store.dispatch(.increment)
store.dispatch(.decrement)
store.dispatch(.incrementLater)
await store.waitForEffects()
print("final count: \(store.state.count)")
subscription.cancel()

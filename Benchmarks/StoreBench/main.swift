// store-bench: nanoseconds per dispatch for the StateStore engine.
//
//     swift run -c release store-bench           # a table
//     swift run -c release store-bench --json    # machine-readable
//     swift run -c release store-bench --filter store   # only benchmarks whose name contains "store"
//
// Each benchmark runs a fixed number of dispatches per repetition and reports the minimum and the
// median over the repetitions. Compare figures as ratios within one run: these machines are noisy.
import Foundation
import StateStore

// MARK: - States and reducers

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

// MARK: - Harness

struct Result: Codable {
    let name: String
    let iterations: Int
    let repetitions: Int
    let minNanoseconds: Double
    let medianNanoseconds: Double
}

/// Runs `body` `repetitions` times; `body` performs `iterations` dispatches and returns a value
/// that depends on the work so the optimiser cannot drop it.
func measure(_ name: String, iterations: Int, repetitions: Int, _ body: (Int) -> Int) -> Result {
    var samples: [Double] = []
    var sink = 0
    sink &+= body(iterations / 10)  // warm-up
    for _ in 0..<repetitions {
        let clock = ContinuousClock()
        let start = clock.now
        sink &+= body(iterations)
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(nanoseconds / Double(iterations))
    }
    if sink == 42 { print("") }  // keeps `sink` alive
    samples.sort()
    return Result(
        name: name,
        iterations: iterations,
        repetitions: repetitions,
        minNanoseconds: samples[0],
        medianNanoseconds: samples[samples.count / 2]
    )
}

let passThrough = Middleware<CounterState> { _, action, next in next(action) }

let benchmarks: [(String, () -> Result)] = [
    (
        "direct",
        {
            measure("direct", iterations: 5_000_000, repetitions: 5) { n in
                var state = CounterState()
                let reduce = counterReducer.reduce
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

// MARK: - Main

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
var filter: String?
if let index = arguments.firstIndex(of: "--filter"), arguments.index(after: index) < arguments.endIndex {
    filter = arguments[arguments.index(after: index)]
}

var results: [Result] = []
for (name, run) in benchmarks where filter.map({ name.contains($0) }) ?? true {
    let result = run()
    results.append(result)
    if !json {
        let line =
            name.padding(toLength: 18, withPad: " ", startingAt: 0)
            + String(format: "%12.1f %12.1f", result.minNanoseconds, result.medianNanoseconds)
        if results.count == 1 {
            print("benchmark".padding(toLength: 18, withPad: " ", startingAt: 0) + "      min ns   median ns")
        }
        print(line)
    }
}

if json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    if let data = try? encoder.encode(results) {
        print(String(decoding: data, as: UTF8.self))
    }
} else {
    func median(_ name: String) -> Double? { results.first { $0.name == name }?.medianNanoseconds }
    if let large = median("large-state"), let small = median("small-state") {
        print(String(format: "large-state / small-state: %.2fx", large / small))
    }
    if let middleware = median("middleware-5"), let one = median("store-1") {
        print(String(format: "middleware-5 / store-1:    %.2fx", middleware / one))
    }
}

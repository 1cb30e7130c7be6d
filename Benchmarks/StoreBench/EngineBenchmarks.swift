// store-bench: the engine, Store.dispatch with subscribers, middleware and states of every size.
import ActionLog
import CAtomics
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

/// `passThrough` as a middleware of a known type, for `middleware-5-composed`.
struct PassThroughLayer: MiddlewareType {
    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        next(action)
    }
}

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
        "lock-pair",
        {
            // What any dispatch that may come from any thread pays at least once: taking and
            // releasing an uncontended lock, a compare-and-swap and an exchange on one word (the
            // store's own lock on Linux). `store-0` is at least `direct` plus this.
            measure("lock-pair", iterations: 5_000_000, repetitions: 5) { n in
                let word = UnsafeMutablePointer<CAtomicInt32>.allocate(capacity: 1)
                defer { word.deallocate() }
                catomic_int32_init(word, 0)
                var found = 0
                for _ in 0..<n {
                    found &+= Int(catomic_int32_compare_exchange(word, 0, 1))
                    found &+= Int(catomic_int32_exchange(word, 0))
                }
                return found
            }
        }
    ),
    (
        "atomic-cas",
        {
            // One uncontended compare-and-swap that succeeds: what giving up the drainer role
            // after notifying costs (`store-1` pays it beside the lock pair), and claiming it
            // without the lock (middleware runs outside the lock).
            measure("atomic-cas", iterations: 5_000_000, repetitions: 5) { n in
                let word = UnsafeMutablePointer<CAtomicInt32>.allocate(capacity: 1)
                defer { word.deallocate() }
                catomic_int32_init(word, 0)
                var found: Int32 = 0
                for index in 0..<n {
                    let current = Int32(truncatingIfNeeded: index & 1)
                    found &+= catomic_int32_compare_exchange(word, current, current ^ 1)
                }
                return Int(found)
            }
        }
    ),
    (
        "subscriber-call",
        {
            // What notifying `store-1`'s subscriber costs at least: its selection read from a
            // state that changed, compared with the last one, and its callback called (a closure
            // the optimiser cannot see into, as a store's subscriber is).
            measure("subscriber-call", iterations: 5_000_000, repetitions: 5) { n in
                let receive: (Int) -> Void = opaque({ _ in })
                var last = -1
                for index in 0..<n where index != last {
                    last = index
                    receive(index)
                }
                return last
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
    // The same round with neighbours of two kinds (`Int16` and `Int32` selections, alternating):
    // no two neighbours form a run, so each subscriber is notified through its own closure (the
    // cost of a store whose subscribers select values of many types). Not `Int`: the optimiser
    // would merge its subscribers' code with `subscribers-100`'s and reach both through extra
    // jumps, which costs that row some 400 instructions a round.
    (
        "subscribers-100-mixed",
        {
            measure("subscribers-100-mixed", iterations: 200_000, repetitions: 5) { n in
                let store = Store(reducer: slotsReducer, state: SlotsState())
                let subscriptions = (0..<100).map { slot in
                    slot.isMultiple(of: 2)
                        ? store.subscribe({ Int16(truncatingIfNeeded: $0.slots[slot]) }) { _ in }
                        : store.subscribe({ Int32(truncatingIfNeeded: $0.slots[slot]) }) { _ in }
                }
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
    // A key path with a computed component (`count`) is projected by Swift's runtime on every
    // dispatch; the closure selects the same value as specialised code.
    ("keypath-computed", { selectorRow("keypath-computed", \.items.count) }),
    ("closure-computed", { selectorRow("closure-computed", { $0.items.count }) }),
    // One closure layer: with `store-1` and `middleware-5`, it splits a layer's cost into the
    // store's (claiming the drainer role, calling the chain) and each further layer's.
    (
        "middleware-1",
        {
            measure("middleware-1", iterations: 2_000_000, repetitions: 5) { n in
                let store = Store(reducer: counterReducer, state: CounterState(), middleware: [passThrough])
                let subscription = store.subscribe(\.count) { _ in }
                for _ in 0..<n { store.dispatch(.increment) }
                subscription.cancel()
                return store.state.count
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
    // `middleware-5`'s five layers as typed middleware composed at compile time: the optimiser
    // inlines them into one closure, so the store runs one layer.
    (
        "middleware-5-composed",
        {
            measure("middleware-5-composed", iterations: 2_000_000, repetitions: 5) { n in
                let store = Store(
                    reducer: counterReducer,
                    state: CounterState(),
                    middleware: [
                        .composed {
                            PassThroughLayer()
                            PassThroughLayer()
                            PassThroughLayer()
                            PassThroughLayer()
                            PassThroughLayer()
                        }
                    ]
                )
                let subscription = store.subscribe(\.count) { _ in }
                for _ in 0..<n { store.dispatch(.increment) }
                subscription.cancel()
                return store.state.count
            }
        }
    ),
]

/// A cart of 10 lines, one subscriber selecting with `select`; each action changes a quantity.
func selectorRow(_ name: String, _ select: @escaping @Sendable (CartState) -> Int) -> Result {
    measure(name, iterations: 1_000_000, repetitions: 5) { n in
        let store = Store(reducer: cartReducer, state: cart(items: 10))
        let subscription = store.subscribe(select) { _ in }
        for i in 0..<n { store.dispatch(.setQuantity(index: i % 10, quantity: i)) }
        subscription.cancel()
        return store.state.version
    }
}

// MARK: - Delivery on the main actor

/// The main-actor rows, in this order:
///
/// - `store-1-main-actor`: `store-1` with its subscriber on the main actor (`on: .mainActor`),
///   dispatching on a background thread while the main thread runs the main queue, as in an app.
///   Nanoseconds per dispatch on the dispatching thread, wall clock; only the dispatch loop is
///   timed, then each run waits for the last change to reach the main actor.
/// - `  cpu, main-actor` and `  cpu, store-1 (paired)`: the dispatching thread's own CPU time per
///   dispatch in those runs, and in a `store-1` run made just before each, on the same thread. On
///   a machine with few (or shared) cores, the wall clock also counts the moments the main
///   thread, woken to deliver, takes the core from the dispatching thread.
/// - `store-1-main-inline`: the same subscriber, dispatching on the main thread: each change is
///   delivered at once, before `dispatch` returns.
/// - `store-main-actor-latency`: from `dispatch` on a background thread to the start of the
///   main-actor callback, one change at a time.
func mainActorBenchmarks(pairs: Int = 7, iterations: Int = 1_000_000) -> [Result] {
    let runs = onBackgroundThread { () -> [(plain: DispatchCost, mainActor: DispatchCost)] in
        _ = storeOneHere(iterations / 10)
        _ = storeOneMainActorHere(iterations / 10)
        return (0..<pairs).map { _ in (storeOneHere(iterations), storeOneMainActorHere(iterations)) }
    }
    func row(_ name: String, _ samples: [Double]) -> Result {
        let sorted = samples.sorted()
        return Result(
            name: name, iterations: iterations, repetitions: pairs, minNanoseconds: sorted[0],
            medianNanoseconds: sorted[sorted.count / 2])
    }
    let cpuRatios = runs.map { $0.mainActor.cpu / $0.plain.cpu }.sorted()
    let cpuOverheads = runs.map { $0.mainActor.cpu - $0.plain.cpu }.sorted()
    mainActorCPURatio = Ratio(
        name: "store-1-main-actor / store-1, dispatching thread's CPU", pairs: pairs,
        median: cpuRatios[pairs / 2], lowest: cpuRatios[0], highest: cpuRatios[pairs - 1])
    mainActorCPUOverhead = cpuOverheads[pairs / 2]
    return [
        row("store-1-main-actor", runs.map(\.mainActor.wall)),
        row("  cpu, main-actor", runs.map(\.mainActor.cpu)),
        row("  cpu, store-1 (paired)", runs.map(\.plain.cpu)),
        storeOneMainInline(),
        mainActorLatency(),
    ]
}

/// `store-1-main-inline`: `store-1` with its subscriber on the main actor, dispatching on the main
/// thread, so each change is delivered before `dispatch` returns.
func storeOneMainInline() -> Result {
    measure("store-1-main-inline", iterations: 2_000_000, repetitions: 5) { n in
        let store = Store(reducer: counterReducer, state: CounterState())
        let subscription = store.subscribe(\.count, on: .mainActor) { _ in }
        for _ in 0..<n { store.dispatch(.increment) }
        subscription.cancel()
        return store.state.count
    }
}

/// Set by `mainActorBenchmarks`: the dispatching thread's CPU time with a main-actor subscriber
/// over that of `store-1`, as a ratio and in nanoseconds per change (medians of the pairs).
nonisolated(unsafe) var mainActorCPURatio: Ratio?
nonisolated(unsafe) var mainActorCPUOverhead: Double?

/// What `n` dispatches cost the thread that made them, per dispatch.
struct DispatchCost {
    /// Wall-clock nanoseconds.
    let wall: Double
    /// The thread's CPU time, in nanoseconds.
    let cpu: Double
}

/// `store-1` on this thread.
func storeOneHere(_ n: Int) -> DispatchCost {
    let store = Store(reducer: counterReducer, state: CounterState())
    let subscription = store.subscribe(\.count) { _ in }
    let cost = timeDispatches(n) { for _ in 0..<n { store.dispatch(.increment) } }
    subscription.cancel()
    return cost
}

/// `store-1` with the subscriber on the main actor, dispatching on this (background) thread; waits
/// for the last change to be delivered before returning.
func storeOneMainActorHere(_ n: Int) -> DispatchCost {
    let store = Store(reducer: counterReducer, state: CounterState())
    let delivered = DispatchSemaphore(value: 0)
    let subscription = store.subscribe(\.count, on: .mainActor) { count in
        if count == n { delivered.signal() }
    }
    let cost = timeDispatches(n) { for _ in 0..<n { store.dispatch(.increment) } }
    delivered.wait()
    subscription.cancel()
    return cost
}

/// Times `body`, which makes `n` dispatches, in wall-clock and this thread's CPU time.
func timeDispatches(_ n: Int, _ body: () -> Void) -> DispatchCost {
    let clock = ContinuousClock()
    let cpuStart = threadCPUNanoseconds()
    let start = clock.now
    body()
    let (seconds, attoseconds) = (clock.now - start).components
    let cpu = threadCPUNanoseconds() - cpuStart
    return DispatchCost(wall: (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(n), cpu: cpu / Double(n))
}

/// The CPU time this thread has used.
func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The latency from `dispatch` on a background thread to the start of the main-actor callback,
/// one change at a time, the main thread idle in between (as in an app): the minimum and the
/// median over every change of every repetition (after a warm-up round).
func mainActorLatency(changes: Int = 2_000, repetitions: Int = 5) -> Result {
    let latencies = onBackgroundThread { () -> [Double] in
        let store = Store(reducer: counterReducer, state: CounterState())
        let arrival = Locked<ContinuousClock.Instant?>(nil)
        let arrived = DispatchSemaphore(value: 0)
        let subscription = store.subscribe(\.count, on: .mainActor) { _ in
            arrival.set(ContinuousClock.now)
            arrived.signal()
        }
        arrived.wait()  // the first value
        var latencies: [Double] = []
        latencies.reserveCapacity(changes * repetitions)
        for index in 0..<(changes * (repetitions + 1)) {
            let start = ContinuousClock.now
            store.dispatch(.increment)
            arrived.wait()
            guard index >= changes, let end = arrival.get() else { continue }
            let (seconds, attoseconds) = (end - start).components
            latencies.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        }
        subscription.cancel()
        return latencies.sorted()
    }
    return Result(
        name: "store-main-actor-latency", iterations: changes, repetitions: repetitions,
        minNanoseconds: latencies[0], medianNanoseconds: latencies[latencies.count / 2])
}

/// Runs `body` on a new thread while the main thread runs the main queue (as an app's main thread
/// does), and returns what `body` returned. Call it on the main thread.
func onBackgroundThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = Locked<T?>(nil)
    Thread { result.set(body()) }.start()
    while true {
        if let value = result.get() { return value }
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
}

/// Prints each middleware row's median over `store-1`'s, beside one another, for the rows that
/// ran (`median` gives a row's median, or `nil`).
func printMiddlewareRatios(store1: Double, median: (String) -> Double?) {
    for row in ["middleware-1", "middleware-5", "middleware-5-composed"] {
        guard let middleware = median(row) else { continue }
        print(
            row.padding(toLength: 21, withPad: " ", startingAt: 0)
                + String(format: " / store-1: %.2fx", middleware / store1))
    }
}

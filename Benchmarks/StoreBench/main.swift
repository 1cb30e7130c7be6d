import ActionLog
// store-bench: nanoseconds per dispatch for the StateStore engine.
//
//     swift run -c release store-bench           # a table
//     swift run -c release store-bench --json    # machine-readable
//     swift run -c release store-bench --filter store   # only benchmarks whose name contains "store"
//
// Each benchmark runs a fixed number of dispatches per repetition and reports the minimum and the
// median over the repetitions. Compare figures as ratios within one run: these machines are noisy.
import Checkout
import CheckoutSandbox
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

/// A checkout-shaped state and action tree for the log benchmarks: nested enums with associated
/// values, decimals and strings, as a real checkout log holds.
struct ShopState: StoreState, Codable, Equatable {
    enum Action: Codable, Sendable, Equatable {
        enum Native: Codable, Sendable, Equatable {
            case emailEntered(String)
            case shippingAddressSelected(id: String, postcode: String)
            case shippingMethodSelected(id: String, price: Decimal)
        }
        enum Result: Codable, Sendable, Equatable {
            case checkoutLoaded(cartID: String, total: Decimal, currency: String, lines: Int)
            case paymentAuthorised(reference: String)
        }
        case native(Native)
        case result(Result)
        case pageProgress(Int)
    }

    var email = ""
    var postcode = ""
    var shippingMethod = ""
    var shippingPrice: Decimal = 0
    var cartID = ""
    var total: Decimal = 0
    var currency = "GBP"
    var lines = 0
    var progress = 0
    var paid: [String] = []
}

let shopReducer = Reducer<ShopState, ShopState.Action>.pure { state, action in
    switch action {
    case .native(.emailEntered(let email)): state.email = email
    case .native(.shippingAddressSelected(_, let postcode)): state.postcode = postcode
    case .native(.shippingMethodSelected(let id, let price)):
        state.shippingMethod = id
        state.shippingPrice = price
    case .result(.checkoutLoaded(let cartID, let total, let currency, let lines)):
        state.cartID = cartID
        state.total = total
        state.currency = currency
        state.lines = lines
    case .result(.paymentAuthorised(let reference)):
        if state.paid.count > 16 { state.paid.removeFirst() }
        state.paid.append(reference)
    case .pageProgress(let value): state.progress = value
    }
}

func shopAction(_ index: Int) -> ShopState.Action {
    switch index % 6 {
    case 0: return .native(.emailEntered("guest\(index % 97)@example.com"))
    case 1: return .native(.shippingAddressSelected(id: "addr-\(index % 13)", postcode: "SW1A \(index % 9)AA"))
    case 2: return .native(.shippingMethodSelected(id: "standard", price: Decimal(index % 500) / 100))
    case 3:
        return .result(
            .checkoutLoaded(
                cartID: "cart-\(index % 1000)", total: Decimal(index % 100_000) / 100, currency: "GBP", lines: index % 7
            ))
    case 4: return .pageProgress(index % 100)
    default: return .result(.paymentAuthorised(reference: "psp-\(index)"))
    }
}

/// Waits for the kernel to write the log just made to disk: otherwise its writeback (hundreds of
/// megabytes) runs on one core while the replay is measured.
func settleWriteback() {
    sync()
    Thread.sleep(forTimeInterval: 1)
}

func temporaryLogPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(name)-\(getpid()).jsonl").path
}

func removeLog(_ path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where file.hasPrefix(base) {
        try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(file))
    }
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

/// Like `measure`, but `body` times only the part that matters (returns its duration), so set-up
/// and tear-down (opening a log, closing it) stay out of the figure.
func measureTimed(_ name: String, iterations: Int, repetitions: Int, _ body: (Int) -> Duration) -> Result {
    _ = body(iterations / 10)  // warm-up
    var samples: [Double] = []
    for _ in 0..<repetitions {
        let (seconds, attoseconds) = body(iterations).components
        samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations))
    }
    samples.sort()
    return Result(
        name: name, iterations: iterations, repetitions: repetitions, minNanoseconds: samples[0],
        medianNanoseconds: samples[samples.count / 2])
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
    (
        "recorder-durable",
        {
            // Actions are built before the timed loop: making them (decimal division) is not
            // the recorder's cost.
            measureTimed("recorder-durable", iterations: 100_000, repetitions: 9) { n in
                let path = temporaryLogPath("durable")
                defer { removeLog(path) }
                guard let recorder = try? ActionRecorder(path: path, initialState: ShopState(), mode: .durable)
                else { return .zero }
                let store = Store(reducer: shopReducer, state: ShopState(), middleware: [recorder.middleware])
                let actions = (0..<n).map(shopAction)
                let clock = ContinuousClock()
                let start = clock.now
                for action in actions { store.dispatch(action) }
                let elapsed = clock.now - start
                try? recorder.close()
                return elapsed
            }
        }
    ),
]

/// Dispatches `n` increments through `store` with one subscriber; returns how long they took. The
/// two sides of the recorder's ratio share this loop, so they differ only in the store.
func timeDispatches(through store: Store<CounterState>, _ n: Int) -> Duration {
    let subscription = store.subscribe(\.count) { _ in }
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n { store.dispatch(.increment) }
    let elapsed = clock.now - start
    subscription.cancel()
    return elapsed
}

/// One repetition of `store-1`: dispatches through a store with one subscriber.
func storeOneRun(_ n: Int) -> Duration {
    timeDispatches(through: Store(reducer: counterReducer, state: CounterState()), n)
}

/// One repetition of `recorder-buffered`: the same store and subscriber with a buffered recorder.
/// The dispatch path only: the background writer's work is on the other core, and closing the log
/// (which drains what is left) is outside the timed loop.
func recorderBufferedRun(_ n: Int) -> Duration {
    let path = temporaryLogPath("buffered")
    defer { removeLog(path) }
    guard let recorder = try? ActionRecorder(path: path, initialState: CounterState.logged, mode: .buffered())
    else { return .zero }
    let store = Store(reducer: counterReducer, state: CounterState.logged, middleware: [recorder.middleware])
    let elapsed = timeDispatches(through: store, n)
    try? recorder.close()
    return elapsed
}

/// The recorder's overhead as a ratio: `store-1` and `recorder-buffered` run in turn, one
/// repetition each, and the ratio is the median of the pairs' ratios. This machine's speed drifts
/// by a third within seconds; two repetitions side by side see the same drift, two benchmarks run
/// one after the other do not.
func recorderPairsBenchmark(pairs: Int = 11, iterations: Int = 1_000_000) -> [Result] {
    func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
    }
    _ = storeOneRun(iterations / 10)
    _ = recorderBufferedRun(iterations / 10)
    var plain: [Double] = []
    var recorded: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<pairs {
        let base = nanoseconds(storeOneRun(iterations))
        let withRecorder = nanoseconds(recorderBufferedRun(iterations))
        plain.append(base)
        recorded.append(withRecorder)
        ratios.append(withRecorder / base)
    }
    func result(_ name: String, _ samples: [Double]) -> Result {
        let sorted = samples.sorted()
        return Result(
            name: name, iterations: iterations, repetitions: pairs, minNanoseconds: sorted[0],
            medianNanoseconds: sorted[sorted.count / 2])
    }
    let sortedRatios = ratios.sorted()
    recorderRatio = Ratio(
        name: "recorder-buffered / store-1", pairs: pairs, median: sortedRatios[pairs / 2], lowest: sortedRatios[0],
        highest: sortedRatios[pairs - 1])
    return [result("store-1 (paired)", plain), result("recorder-buffered", recorded)]
}

/// The durable recorder's latency per action: each dispatch timed alone, 100,000 per repetition.
/// `recorder-durable` divides a whole loop's time by its actions, so a rare stall of the disk or
/// the host (milliseconds) weighs on it; the median of the individual latencies is what one
/// action costs. Row: the lowest repetition's median, then the median of all of them.
func durableLatencyBenchmark(repetitions: Int = 3, iterations: Int = 100_000) -> [Result] {
    var medians: [Double] = []
    var all: [Double] = []
    var slowest: [Double] = []
    for _ in 0..<repetitions {
        let path = temporaryLogPath("durable-latency")
        defer { removeLog(path) }
        guard let recorder = try? ActionRecorder(path: path, initialState: ShopState(), mode: .durable) else {
            return []
        }
        let store = Store(reducer: shopReducer, state: ShopState(), middleware: [recorder.middleware])
        let actions = (0..<iterations).map(shopAction)
        var latencies: [Double] = []
        latencies.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for action in actions {
            let start = clock.now
            store.dispatch(action)
            let (seconds, attoseconds) = (clock.now - start).components
            latencies.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        }
        try? recorder.close()
        latencies.sort()
        medians.append(latencies[latencies.count / 2])
        slowest.append(latencies[latencies.count * 99 / 100])
        all += latencies
    }
    all.sort()
    durableP99 = slowest.sorted()[slowest.count / 2]
    return [
        Result(
            name: "  per-action median", iterations: iterations, repetitions: repetitions,
            minNanoseconds: medians.min() ?? 0, medianNanoseconds: all[all.count / 2])
    ]
}

/// Set by `durableLatencyBenchmark`: the 99th percentile of one action's latency (median over
/// repetitions).
nonisolated(unsafe) var durableP99: Double?

/// A ratio of two benchmarks measured in pairs (see `recorderPairsBenchmark`).
struct Ratio: Codable {
    let name: String
    let pairs: Int
    let median: Double
    let lowest: Double
    let highest: Double
}

/// Set by `recorderPairsBenchmark`, when it runs.
nonisolated(unsafe) var recorderRatio: Ratio?

extension CounterState: Codable, Equatable {
    static var logged: CounterState { CounterState() }
}

/// Replays a 1,000,000-action checkout-shaped log (decode and reduce), then jumps to random steps.
func replayBenchmarks() -> [Result] {
    let count = 1_000_000
    let path = temporaryLogPath("replay")
    defer { removeLog(path) }
    do {
        let recorder = try ActionRecorder(
            path: path, initialState: ShopState(), mode: .buffered(),
            configuration: ActionLogConfiguration(fingerprintInterval: 1000, maximumFileBytes: Int.max))
        let store = Store(reducer: shopReducer, state: ShopState(), middleware: [recorder.middleware])
        for i in 0..<count { store.dispatch(shopAction(i)) }
        try recorder.close()
        settleWriteback()
    } catch {
        print("replay benchmark: cannot write the log: \(error)")
        return []
    }
    var results: [Result] = []
    var replayer: Replayer<ShopState>?
    results.append(
        measureTimed("replay-1m (ns/action)", iterations: count, repetitions: 5) { _ in
            replayer = nil  // the last repetition's replay is freed before the clock starts
            let clock = ContinuousClock()
            let start = clock.now
            replayer = try? Replayer(path: path, reducer: shopReducer)
            return clock.now - start
        })
    if let replayer {
        if let divergence = replayer.divergence { print("replay benchmark: diverged at \(divergence.step)") }
        var generator = SystemRandomNumberGenerator()
        let steps = (0..<200).map { _ in Int.random(in: 0...count, using: &generator) }
        results.append(
            measure("jump (ns/jump)", iterations: steps.count, repetitions: 3) { n in
                var total = 0
                for step in steps.prefix(n) { total &+= replayer.state(at: step).lines }
                return total
            })
    }
    return results
}

/// Replays a 1,000,000-action log of real checkout actions: the actions of every log in
/// `Examples/Logs`, dispatched over and over through the checkout reducer and recorded.
func checkoutReplayBenchmark() -> [Result] {
    let directory = "Examples/Logs"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
        $0.hasSuffix(".jsonl")
    }.sorted()
    var actions: [CheckoutAction] = []
    for file in files {
        guard let reader = try? ActionLogReader<CheckoutState>(path: "\(directory)/\(file)") else { continue }
        while let record = try? reader.next() { actions.append(record.action) }
    }
    guard !actions.isEmpty else {
        print("replay-checkout: run from the package root (Examples/Logs not found)")
        return []
    }
    let count = 1_000_000
    let path = temporaryLogPath("replay-checkout")
    defer { removeLog(path) }
    let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    let initial = CheckoutState(kind: .native, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])
    do {
        let recorder = try ActionRecorder(
            path: path, initialState: initial, mode: .buffered(),
            configuration: ActionLogConfiguration(fingerprintInterval: 1000, maximumFileBytes: Int.max))
        let store = Store(reducer: reducer, state: initial, middleware: [recorder.middleware], effectsEnabled: false)
        for i in 0..<count { store.dispatch(actions[i % actions.count]) }
        try recorder.close()
        settleWriteback()
    } catch {
        print("replay-checkout: cannot write the log: \(error)")
        return []
    }
    // Where the replay's time goes: reading (checking and decoding every line, on every core)
    // and reducing (sequential), each measured alone. A replay overlaps the two.
    return [
        measureTimed("replay-checkout-1m (ns/action)", iterations: count, repetitions: 5) { _ in
            let clock = ContinuousClock()
            let start = clock.now
            let replayer = try? Replayer(path: path, reducer: reducer)
            let elapsed = clock.now - start
            // Freeing a million steps is timed on its own, below.
            withExtendedLifetime(replayer) {}
            return elapsed
        },
        measureTimed("  freeing it (ns/action)", iterations: count, repetitions: 3) { _ in
            var replayer = try? Replayer(path: path, reducer: reducer)
            let clock = ContinuousClock()
            let start = clock.now
            replayer = nil
            let elapsed = clock.now - start
            withExtendedLifetime(replayer) {}
            return elapsed
        },
        measure("  read only (ns/action)", iterations: count, repetitions: 3) { _ in
            guard let reader = try? ActionLogReader<CheckoutState>(path: path) else { return 0 }
            var read = 0
            while let batch = try? reader.nextBatch(), !batch.isEmpty { read &+= batch.count }
            return read
        },
        measure("  reduce only (ns/action)", iterations: count, repetitions: 3) { n in
            var state = initial
            for index in 0..<n { _ = reducer.reduce(&state, actions[index % actions.count]) }
            return state.nextRequestID
        },
    ] + checkoutJumpBenchmark(path: path, reducer: reducer, count: count)
}

/// The state at random steps of the replayed checkout log: from the nearest checkpoint, at most
/// 1,023 checkout actions are reduced again.
func checkoutJumpBenchmark(
    path: String, reducer: Reducer<CheckoutState, CheckoutAction>, count: Int
) -> [Result] {
    guard let replayer = try? Replayer(path: path, reducer: reducer) else { return [] }
    var generator = SystemRandomNumberGenerator()
    let steps = (0..<200).map { _ in Int.random(in: 0...count, using: &generator) }
    return [
        measure("  jump (ns/jump)", iterations: steps.count, repetitions: 3) { n in
            var total = 0
            for step in steps.prefix(n) { total &+= replayer.state(at: step).nextRequestID }
            return total
        }
    ]
}

// MARK: - Main

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
var filter: String?
if let index = arguments.firstIndex(of: "--filter"), arguments.index(after: index) < arguments.endIndex {
    filter = arguments[arguments.index(after: index)]
}

var groups: [() -> [Result]] = benchmarks.filter { name, _ in filter.map { name.contains($0) } ?? true }
    .map { name, run in
        name == "recorder-durable" ? { [run()] + durableLatencyBenchmark() } : { [run()] }
    }
if filter.map({ "recorder-buffered".contains($0) }) ?? true {
    groups.append { recorderPairsBenchmark() }
}
if filter.map({ "replay-1m jump".contains($0) }) ?? true {
    groups.append(replayBenchmarks)
}
if filter.map({ "replay-checkout-1m".contains($0) }) ?? true {
    groups.append(checkoutReplayBenchmark)
}
var results: [Result] = []
for group in groups {
    for result in group() {
        results.append(result)
        if !json {
            if results.count == 1 {
                print("benchmark".padding(toLength: 24, withPad: " ", startingAt: 0) + "      min ns   median ns")
            }
            print(
                result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(format: "%12.1f %12.1f", result.minNanoseconds, result.medianNanoseconds))
        }
    }
}

if json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    struct Output: Codable {
        let results: [Result]
        let ratios: [Ratio]
    }
    if let data = try? encoder.encode(Output(results: results, ratios: recorderRatio.map { [$0] } ?? [])) {
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
    if let ratio = recorderRatio {
        print(
            String(
                format: "recorder-buffered / store-1: %.2fx (median of %d pairs run in turn; %.2fx to %.2fx)",
                ratio.median, ratio.pairs, ratio.lowest, ratio.highest))
    }
    if let latency = results.first(where: { $0.name == "  per-action median" }) {
        print(
            String(
                format: "recorder-durable: %.2f µs per action (median latency; 99th percentile %.1f µs)",
                latency.medianNanoseconds / 1000, (durableP99 ?? 0) / 1000))
    }
    if let replay = results.first(where: { $0.name.hasPrefix("replay-1m") }) {
        print(String(format: "replay of 1,000,000 actions: %.2f s (median)", replay.medianNanoseconds * 1e6 / 1e9))
    }
    if let replay = results.first(where: { $0.name.hasPrefix("replay-checkout") }) {
        print(
            String(
                format: "replay of 1,000,000 checkout actions: %.2f s (median)", replay.medianNanoseconds * 1e6 / 1e9))
    }
    if let jump = results.first(where: { $0.name.hasPrefix("jump") }) {
        print(String(format: "jump to a random step: %.3f ms (median)", jump.medianNanoseconds / 1e6))
    }
    if let jump = results.first(where: { $0.name.hasPrefix("  jump") }) {
        print(
            String(format: "jump to a random step of the checkout log: %.3f ms (median)", jump.medianNanoseconds / 1e6))
    }
}

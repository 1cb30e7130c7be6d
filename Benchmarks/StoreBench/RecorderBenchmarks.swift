// store-bench: recording an action log, durable (each action handed to the OS) and buffered.
import ActionLog
import Checkout
import Foundation
import StateStore

/// `recorder-durable`: each action written to the OS before `dispatch` returns, through the
/// shop actions' `LogEncodable` fast path.
@MainActor let recorderDurableBenchmark: (String, () -> Result) =
    (
        "recorder-durable",
        {
            guard shopEncodingMatches() else {
                print("recorder-durable: the shop's LogEncodable fast path differs from Encodable")
                exit(1)
            }
            // Actions are built before the timed loop: making them (decimal division) is not
            // the recorder's cost.
            return measureTimed("recorder-durable", iterations: 100_000, repetitions: 9) { n in
                let path = temporaryLogPath("durable")
                defer { removeLog(path) }
                guard let recorder = try? ActionRecorder(path: path, initialState: ShopState(), mode: .durable)
                else { return .zero }
                let store = Store(reducer: shopReducer, state: ShopState(), observers: [recorder.observer])
                let actions = (0..<n).map(shopAction)
                let clock = ContinuousClock()
                let start = clock.now
                for action in actions { store.dispatch(action) }
                let elapsed = clock.now - start
                try? recorder.close()
                return elapsed
            }
        }
    )

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
    let store = Store(reducer: counterReducer, state: CounterState.logged, observers: [recorder.observer])
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
    let samples = durableLatencies(ShopState.self, repetitions: repetitions) {
        let path = temporaryLogPath("durable-latency")
        guard let recorder = try? ActionRecorder(path: path, initialState: ShopState(), mode: .durable) else {
            return nil
        }
        let store = Store(reducer: shopReducer, state: ShopState(), observers: [recorder.observer])
        return (path, recorder, dispatchLatencies(store, (0..<iterations).map(shopAction)))
    }
    guard let samples else { return [] }
    durableP99 = samples.p99
    return [
        Result(
            name: "  per-action median", iterations: iterations, repetitions: repetitions,
            minNanoseconds: samples.lowestMedian, medianNanoseconds: samples.median)
    ]
}

/// `recorder-durable-checkout`: the durable recorder's latency per action for the checkout's own
/// actions (those of every log in `Examples/Logs`, over and over), through the checkout reducer
/// (effects off) and `CheckoutAction`'s `LogEncodable` fast path, at the current action schema.
/// `recorder-durable` records the shop's small actions; a checkout action is larger (an address,
/// a cart, a payment session), and it is what an app records. Row: as `  per-action median`.
func checkoutDurableLatencyBenchmark(repetitions: Int = 3, iterations: Int = 100_000) -> [Result] {
    let name = "recorder-durable-checkout"
    guard let input = CheckoutBenchmarkInput.load() else { return [] }
    let count = fixedIterations ?? iterations
    let actions = (0..<count).map { input.actions[$0 % input.actions.count] }
    let samples = durableLatencies(CheckoutState.self, repetitions: fixedIterations == nil ? repetitions : 1) {
        let path = temporaryLogPath("durable-checkout")
        guard
            let recorder = try? ActionRecorder(
                path: path, initialState: input.initial, mode: .durable,
                configuration: ActionLogConfiguration(schemaVersion: CheckoutLogSchema.version))
        else { return nil }
        let store = Store(
            reducer: input.reducer, state: input.initial, observers: [recorder.observer], effectsEnabled: false)
        return (path, recorder, dispatchLatencies(store, actions))
    }
    guard let samples else { return [] }
    checkoutDurableP99 = samples.p99
    return [
        Result(
            name: name, iterations: count, repetitions: repetitions, minNanoseconds: samples.lowestMedian,
            medianNanoseconds: samples.median)
    ]
}

/// What `durableLatencies` found: the lowest repetition's median, the median of every latency,
/// and the 99th percentile (median over repetitions), in nanoseconds.
struct LatencySamples {
    let lowestMedian: Double
    let median: Double
    let p99: Double
}

/// Runs `repetition` (which records `State`'s actions to a durable log it opens at the path it returns, and
/// returns each dispatch's latency) `repetitions` times, closing and removing each log.
func durableLatencies<State: StoreState & Codable>(
    _ state: State.Type, repetitions: Int,
    _ repetition: () -> (path: String, recorder: ActionRecorder<State>, latencies: [Double])?
) -> LatencySamples? {
    var medians: [Double] = []
    var all: [Double] = []
    var slowest: [Double] = []
    for _ in 0..<repetitions {
        guard let (path, recorder, unsorted) = repetition() else { return nil }
        try? recorder.close()
        removeLog(path)
        let latencies = unsorted.sorted()
        guard !latencies.isEmpty else { return nil }
        medians.append(latencies[latencies.count / 2])
        slowest.append(latencies[latencies.count * 99 / 100])
        all += latencies
    }
    all.sort()
    guard !all.isEmpty else { return nil }
    return LatencySamples(
        lowestMedian: medians.min() ?? 0, median: all[all.count / 2], p99: slowest.sorted()[slowest.count / 2])
}

/// Dispatches `actions` through `store`, each timed alone: nanoseconds per dispatch, in order.
func dispatchLatencies<State: StoreState>(_ store: Store<State>, _ actions: [State.Action]) -> [Double] {
    var latencies: [Double] = []
    latencies.reserveCapacity(actions.count)
    let clock = ContinuousClock()
    for action in actions {
        let start = clock.now
        store.dispatch(action)
        let (seconds, attoseconds) = (clock.now - start).components
        latencies.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
    }
    return latencies
}

/// Set by `checkoutDurableLatencyBenchmark`: the 99th percentile of one checkout action's latency
/// (median over repetitions).
nonisolated(unsafe) var checkoutDurableP99: Double?

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

/// `encode-checkout` (`--only` rows): the example logs' checkout actions written as a recorder
/// writes an action, through `CheckoutAction`'s `LogEncodable` fast path, or (`fast: false`,
/// `encode-checkout-encodable`) through `Encodable`. For instruction counts of the two paths.
func checkoutEncodeRow(fast: Bool) -> Result {
    let name = fast ? "encode-checkout" : "encode-checkout-encodable"
    guard let actions = CheckoutBenchmarkInput.load()?.actions else {
        return Result(name: name, iterations: 0, repetitions: 0, minNanoseconds: 0, medianNanoseconds: 0)
    }
    return measure(name, iterations: 100_000, repetitions: 5) { n in
        var total = 0
        for index in 0..<n {
            let action = actions[index % actions.count]
            let json = fast ? try? LogEncoding.json(action) : try? LogEncoding.encodableJSON(action)
            total &+= json?.utf8.count ?? 0
        }
        return total
    }
}

// store-bench: the timing loops and the temporary log files benchmarks write.
import ActionLog
import Checkout
import Foundation
import StateStore

struct Result: Codable {
    let name: String
    let iterations: Int
    let repetitions: Int
    let minNanoseconds: Double
    let medianNanoseconds: Double
}

/// Set by `--iterations N`: every `measure` and `measureTimed` row runs its body once with `N`
/// iterations, no warm-up. For counting instructions (`valgrind --tool=callgrind`), which are the
/// same on a loaded machine as on an idle one: two runs with different `N` give the instructions
/// per dispatch as the difference over the difference in `N`, set-up cancelling out.
nonisolated(unsafe) var fixedIterations: Int?

/// Runs `body` `repetitions` times; `body` performs `iterations` dispatches and returns a value
/// that depends on the work so the optimiser cannot drop it.
func measure(_ name: String, iterations: Int, repetitions: Int, _ body: (Int) -> Int) -> Result {
    if let fixed = fixedIterations {
        return once(name, fixed) { n in
            let clock = ContinuousClock()
            let start = clock.now
            benchmarkSink &+= body(n)
            return clock.now - start
        }
    }
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
    if let fixed = fixedIterations {
        return once(name, fixed, body)
    }
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

/// What the process used so far (`getrusage`): CPU time in microseconds, minor page faults,
/// context switches the process gave up and those forced on it, and its threads now.
struct ResourceUsage {
    var cpuMicroseconds = 0
    var minorFaults = 0
    var voluntarySwitches = 0
    var involuntarySwitches = 0
    var threads = 0

    static func now() -> ResourceUsage {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let threads =
            (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("Threads:") }
            .flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return ResourceUsage(
            cpuMicroseconds: Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
                + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec),
            minorFaults: Int(usage.ru_minflt), voluntarySwitches: Int(usage.ru_nvcsw),
            involuntarySwitches: Int(usage.ru_nivcsw), threads: threads)
    }
}

/// Set by the environment variable `STORE_BENCH_USAGE=1`: rows that support it print, on standard
/// error, each repetition's wall time next to the CPU time, page faults and context switches the
/// whole process spent in it, and its threads (to tell a row's own cost from what an earlier
/// row left running or allocated).
let printsResourceUsage = ProcessInfo.processInfo.environment["STORE_BENCH_USAGE"] == "1"

/// Prints one repetition's usage (see ``printsResourceUsage``).
func printUsage(_ row: String, from start: ResourceUsage, wall: Duration) {
    guard printsResourceUsage else { return }
    let end = ResourceUsage.now()
    let (seconds, attoseconds) = wall.components
    let wallMicroseconds = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    FileHandle.standardError.write(
        Data(
            ("\(row): wall \(wallMicroseconds / 1000) ms, CPU \((end.cpuMicroseconds - start.cpuMicroseconds) / 1000) ms, "
                + "minor faults \(end.minorFaults - start.minorFaults), "
                + "switches \(end.voluntarySwitches - start.voluntarySwitches) voluntary "
                + "\(end.involuntarySwitches - start.involuntarySwitches) involuntary, "
                + "threads \(start.threads) before \(end.threads) after\n").utf8))
}

/// Where `--iterations` runs put what their bodies return, so the optimiser cannot drop the work.
nonisolated(unsafe) var benchmarkSink = 0

/// One run of `body` with `iterations` (`--iterations`), as a row with one repetition.
func once(_ name: String, _ iterations: Int, _ body: (Int) -> Duration) -> Result {
    let (seconds, attoseconds) = body(iterations).components
    let perIteration = (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(max(iterations, 1))
    return Result(
        name: name, iterations: iterations, repetitions: 1, minNanoseconds: perIteration,
        medianNanoseconds: perIteration)
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

/// Hands `value` back through a call the optimiser cannot see into, so a benchmark's loop calls
/// what it measures instead of a constant the optimiser worked out.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// The rows `--only NAME` runs alone, by name: each engine row, `recorder-durable` (the loop, not
/// the latency rows), `store-1-main-actor` and `store-1-main-inline`, `reduce only` (checkout
/// actions reduced in memory), `encode-checkout` and `encode-checkout-encodable` (checkout actions
/// written through `LogEncodable` and through `Encodable`), `replay-checkout-1m` alone
/// (`--iterations` sets the log's length, `--checkout-log PATH` keeps it, or replays one already
/// there), `pseudonymise-checkout-1m` (the export alone, of the same log: `--checkout-log` too)
/// and `export-floor` (the least an export of that log can take, see `checkoutExportFloor`).
/// Several `--only` rows in one run share one checkout log (`sharedCheckoutLog()`).
/// `recorder-buffered` runs the pairs with `store-1` (its row is the recorder's side; the ratio is
/// printed after the rows). `recorder-buffered-solo` (in ``hiddenRows``) runs the recorder's side
/// alone, unpaired, so that `scripts/count-instructions.sh` can count it.
@MainActor func singleRows() -> [String: () -> Result] {
    var rows: [String: () -> Result] = [:]
    for (name, run) in engineBenchmarks + [recorderDurableBenchmark] {
        rows[name] = run
    }
    rows["store-1-main-actor"] = {
        let n = fixedIterations ?? 1_000_000
        let cost = onBackgroundThread { storeOneMainActorHere(n) }
        return Result(
            name: "store-1-main-actor", iterations: n, repetitions: 1, minNanoseconds: cost.wall,
            medianNanoseconds: cost.wall)
    }
    rows["store-1-main-inline"] = { storeOneMainInline() }
    rows["recorder-buffered"] = {
        recorderPairsBenchmark(iterations: fixedIterations ?? 1_000_000)[1]
    }
    rows["recorder-buffered-solo"] = {
        measureTimed("recorder-buffered-solo", iterations: 1_000_000, repetitions: 5, recorderBufferedRun)
    }
    rows["recorder-durable-checkout"] = {
        checkoutDurableLatencyBenchmark().first
            ?? Result(
                name: "recorder-durable-checkout", iterations: 0, repetitions: 0, minNanoseconds: 0,
                medianNanoseconds: 0)
    }
    rows["reduce only"] = { checkoutReduceOnly(CheckoutBenchmarkInput.load(), count: 1_000_000) }
    rows["encode-checkout"] = { checkoutEncodeRow(fast: true) }
    rows["encode-checkout-encodable"] = { checkoutEncodeRow(fast: false) }
    rows["replay-checkout-1m"] = sharedLogRow("replay-checkout-1m") { input, path, count in
        checkoutReplayRow(path: path, reducer: input.reducer, count: count)
    }
    rows["pseudonymise-checkout-1m"] = sharedLogRow("pseudonymise-checkout-1m") { input, path, count in
        checkoutPseudonymiseBenchmark(path: path, reducer: input.reducer, count: count)
    }
    rows["export-floor"] = sharedLogRow("  export floor (ns/action)") { input, path, count in
        checkoutExportFloor(path: path, reducer: input.reducer, count: count)
    }
    return rows
}

/// A row on the run's shared checkout log (`sharedCheckoutLog()`); an empty row named `name` when
/// the log cannot be made.
@MainActor func sharedLogRow(
    _ name: String, _ row: @escaping (CheckoutBenchmarkInput, String, Int) -> Result
) -> () -> Result {
    {
        guard let (input, path, count) = sharedCheckoutLog() else {
            return Result(name: name, iterations: 0, repetitions: 0, minNanoseconds: 0, medianNanoseconds: 0)
        }
        return row(input, path, count)
    }
}

/// Rows `--only` runs that only `--list` names: for instruction counts, not for the table.
let hiddenRows: Set<String> = ["recorder-buffered-solo"]

/// The checkout log the `--only` rows `replay-checkout-1m`, `pseudonymise-checkout-1m` and `export-floor` read:
/// written once per run (or the one `--checkout-log` names), so that both rows of one run measure
/// the same log; removed by `removeSharedCheckoutLog()` unless `--checkout-log` kept it.
@MainActor func sharedCheckoutLog() -> (input: CheckoutBenchmarkInput, path: String, count: Int)? {
    if let shared = sharedCheckoutLogState { return (shared.input, shared.path, shared.count) }
    let count = fixedIterations ?? 1_000_000
    guard let input = CheckoutBenchmarkInput.load(), let (path, remove) = checkoutReplayLog(input, count: count) else {
        return nil
    }
    sharedCheckoutLogState = (input, path, count, remove)
    return (input, path, count)
}

/// Removes the log `sharedCheckoutLog()` wrote, if it wrote one.
@MainActor func removeSharedCheckoutLog() {
    if let shared = sharedCheckoutLogState, shared.remove { removeLog(shared.path) }
    sharedCheckoutLogState = nil
}

@MainActor private var sharedCheckoutLogState: (input: CheckoutBenchmarkInput, path: String, count: Int, remove: Bool)?

/// Prints the floors under the targets that this machine's atomic operations or the export's
/// required work leave out of reach (or leave nothing beside), from the rows of the same run: each
/// line says what the floor is made of and the target beside it. A dispatch safe from any thread
/// takes the lock once; `store-1` also gives up the drainer role after notifying (one
/// compare-and-swap) and calls its subscriber; a store with middleware also claims the role
/// before the chain runs (another). `median` gives a row's median by name (nil if it did not
/// run); a line needs all of its rows.
func printFloors(_ median: (String) -> Double?) {
    let direct = median("direct")
    let pair = median("lock-pair")
    let cas = median("atomic-cas")
    if let direct, let pair {
        print(
            String(
                format: "store-0's floor: direct + lock-pair = %.1f ns (the target: at most 15 ns)", direct + pair))
    }
    if let direct, let pair, let cas, let call = median("subscriber-call") {
        print(
            String(
                format:
                    "store-1's floor: direct + lock-pair + atomic-cas + subscriber-call = %.1f ns (the target: at most 25 ns)",
                direct + pair + cas + call))
        print(
            String(
                format:
                    "middleware-5's floor: direct + lock-pair + 2 atomic-cas + subscriber-call = %.1f ns before its five layers run (the target: at most 1.2 x 25 = 30 ns)",
                direct + pair + 2 * cas + call))
    }
    if let floor = median("  export floor (ns/action)"), let replay = median("replay-checkout-1m (ns/action)"),
        replay > 0
    {
        print(
            String(
                format:
                    "export floor / replay-checkout-1m: %.2fx (replaying, writing a copy, reading it back: CPU time over the cores; the target for the whole export: at most 3x)",
                floor / replay))
    }
}

// store-bench: nanoseconds per dispatch for the StateStore engine.
//
//     swift run -c release store-bench           # a table
//     swift run -c release store-bench --json    # machine-readable
//     swift run -c release store-bench --filter store   # only benchmarks whose name contains "store"
//     store-bench --only store-1 --iterations 100000    # one row, one run of N iterations, no warm-up
//                                        # (for instruction counts under valgrind --tool=callgrind)
//     store-bench --only replay-checkout-1m --only pseudonymise-checkout-1m
//                                        # several rows in turn, on one checkout log, with their ratio
//     store-bench --only replay-checkout-1m --iterations N --checkout-log PATH
//                                        # keeps the log replayed at PATH, or replays the one there
//     swift run -c release store-bench make-fleet DIR --count 10000   # logs for checkout verify's benchmark
//     swift run -c release store-bench --write-checkout-log PATH [--actions N]
//                                        # writes a long checkout log (LongCheckoutLog.swift)
//
// Each benchmark runs a fixed number of dispatches per repetition and reports the minimum and the
// median over the repetitions. Compare figures as ratios within one run: these machines are noisy.
//
// The benchmarks live by group: EngineBenchmarks.swift (the store itself), RecorderBenchmarks.swift
// (recording an action log), ReplayBenchmarks.swift (reading and replaying logs),
// PrivacyBenchmarks.swift (pseudonymising personal values and whole logs); Harness.swift holds the timing loops.
import Foundation

// MARK: - Main

let arguments = CommandLine.arguments.dropFirst()
// `store-bench make-fleet DIR [--count N]` writes logs for scripts/bench-verify-fleet.sh instead.
if arguments.first == "make-fleet" { exit(makeFleet(Array(arguments.dropFirst()))) }
let usage = """
    usage: store-bench [--json] [--filter NAME]
           store-bench --only ROW [--only ROW ...] [--iterations N] [--checkout-log PATH]
           store-bench --list
           store-bench --write-checkout-log PATH [--actions N]
           store-bench make-fleet DIR [--count N]
    Nanoseconds per dispatch (per action for replays): the minimum and the median over repetitions.
    Compare rows within one run. `--only` with an unknown ROW lists the rows; `--list` lists them
    all, with those only for instruction counts: recorder-buffered-solo (the recorder-buffered
    dispatch loop alone, unpaired; count its dispatching thread with
    COUNT_THREAD=1 scripts/count-instructions.sh recorder-buffered-solo).
    """
// Every argument is an option this tool knows, followed by its value where it takes one: a
// mistyped option (or `--help`) must not start a run of every row, which takes minutes.
let optionsWithValue: Set<String> = [
    "--filter", "--iterations", "--checkout-log", "--only", "--write-checkout-log", "--actions",
]
var argumentIndex = arguments.startIndex
while argumentIndex < arguments.endIndex {
    let argument = arguments[argumentIndex]
    if argument == "--help" || argument == "-h" {
        print(usage)
        exit(0)
    }
    if optionsWithValue.contains(argument) {
        argumentIndex = arguments.index(argumentIndex, offsetBy: 2, limitedBy: arguments.endIndex) ?? arguments.endIndex
    } else if argument == "--json" || argument == "--list" {
        argumentIndex = arguments.index(after: argumentIndex)
    } else {
        print("store-bench: unknown argument '\(argument)'\n\(usage)")
        exit(64)
    }
}
if let index = arguments.firstIndex(of: "--write-checkout-log") {
    guard arguments.index(after: index) < arguments.endIndex else {
        print("store-bench: --write-checkout-log needs a PATH")
        exit(64)
    }
    let path = arguments[arguments.index(after: index)]
    var actions = 100_000
    if let count = arguments.firstIndex(of: "--actions"), arguments.index(after: count) < arguments.endIndex,
        let value = Int(arguments[arguments.index(after: count)]), value > 20
    {
        actions = value
    }
    do {
        let written = try await writeLongCheckoutLog(path: path, actions: actions)
        print("store-bench: wrote \(written) actions to \(path)")
        exit(0)
    } catch {
        print("store-bench: cannot write \(path): \(error)")
        exit(1)
    }
}
if arguments.contains("--list") {
    print(singleRows().keys.sorted().joined(separator: "\n"))
    exit(0)
}
let json = arguments.contains("--json")
var filter: String?
if let index = arguments.firstIndex(of: "--filter"), arguments.index(after: index) < arguments.endIndex {
    filter = arguments[arguments.index(after: index)]
}

if let index = arguments.firstIndex(of: "--iterations"), arguments.index(after: index) < arguments.endIndex {
    guard let value = Int(arguments[arguments.index(after: index)]), value > 0 else {
        print("store-bench: --iterations needs a positive number")
        exit(64)
    }
    fixedIterations = value
}
if let index = arguments.firstIndex(of: "--checkout-log") {
    guard arguments.index(after: index) < arguments.endIndex else {
        print("store-bench: --checkout-log needs a PATH")
        exit(64)
    }
    checkoutLogPath = arguments[arguments.index(after: index)]
}
// `--only ROW` runs one row; several `--only` run each in turn (the checkout rows on one log) and
// print the export's ratio when both checkout rows ran.
let onlyRows = arguments.indices.filter { arguments[$0] == "--only" }.map { index in
    arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : ""
}
if !onlyRows.isEmpty {
    let rows = singleRows()
    if let unknown = onlyRows.first(where: { rows[$0] == nil }) {
        print(
            "store-bench: --only \(unknown.isEmpty ? "needs a row" : "'\(unknown)'"): one of: \(rows.keys.filter { !hiddenRows.contains($0) }.sorted().joined(separator: ", "))"
        )
        exit(64)
    }
    var ran: [Result] = []
    for name in onlyRows {
        guard let row = rows[name] else { continue }
        let result = row()
        ran.append(result)
        print(
            result.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%12.1f %12.1f", result.minNanoseconds, result.medianNanoseconds))
    }
    removeSharedCheckoutLog()
    if benchmarkSink == 42 { print("") }  // keeps the work alive
    if let one = ran.first(where: { $0.name == "store-1" }), one.medianNanoseconds > 0 {
        printMiddlewareRatios(store1: one.medianNanoseconds) { name in
            ran.first(where: { $0.name == name })?.medianNanoseconds
        }
    }
    if let ratio = recorderRatio {
        print(
            String(
                format: "recorder-buffered / store-1: %.2fx (median of %d pairs run in turn; %.2fx to %.2fx)",
                ratio.median, ratio.pairs, ratio.lowest, ratio.highest))
    }
    if let export = ran.first(where: { $0.name.hasPrefix("pseudonymise-checkout-1m") }),
        let replay = ran.first(where: { $0.name.hasPrefix("replay-checkout-1m") }), replay.medianNanoseconds > 0
    {
        print(
            String(
                format: "pseudonymise-checkout-1m / replay-checkout-1m: %.2fx (the issue's target: at most 3x)",
                export.medianNanoseconds / replay.medianNanoseconds))
    }
    printFloors { name in ran.first(where: { $0.name == name })?.medianNanoseconds }
    exit(0)
}

let benchmarks = engineBenchmarks + [recorderDurableBenchmark]
var groups: [() -> [Result]] = benchmarks.filter { name, _ in filter.map { name.contains($0) } ?? true }
    .map { name, run in
        name == "recorder-durable" ? { [run()] + durableLatencyBenchmark() } : { [run()] }
    }
if filter.map({ "store-1-main-actor store-1-main-inline store-main-actor-latency".contains($0) }) ?? true {
    groups.append { mainActorBenchmarks() }
}
if filter.map({ "recorder-durable-checkout".contains($0) }) ?? true {
    groups.append { checkoutDurableLatencyBenchmark() }
}
if filter.map({ "recorder-buffered".contains($0) }) ?? true {
    groups.append { recorderPairsBenchmark() }
}
if filter.map({ "replay-1m jump".contains($0) }) ?? true {
    groups.append(replayBenchmarks)
}
if filter.map({ "replay-checkout-1m pseudonymise-checkout-1m export-floor".contains($0) }) ?? true {
    groups.append(checkoutReplayBenchmark)
}
if filter.map({ "pseudonym-cached pseudonym-uncached".contains($0) }) ?? true {
    groups.append(pseudonymBenchmarks)
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
    let ratios = [recorderRatio, mainActorCPURatio].compactMap { $0 }
    if let data = try? encoder.encode(Output(results: results, ratios: ratios)) {
        print(String(decoding: data, as: UTF8.self))
    }
} else {
    func median(_ name: String) -> Double? { results.first { $0.name == name }?.medianNanoseconds }
    if let large = median("large-state"), let small = median("small-state") {
        print(String(format: "large-state / small-state: %.2fx", large / small))
    }
    if let mainActor = median("store-1-main-actor"), let one = median("store-1") {
        print(
            String(
                format:
                    "store-1-main-actor / store-1: %.2fx (%+.1f ns per change on the dispatching thread, wall clock)",
                mainActor / one, mainActor - one))
    }
    if let ratio = mainActorCPURatio, let overhead = mainActorCPUOverhead {
        print(
            String(
                format:
                    "  the dispatching thread's CPU time: %.2fx store-1's, %+.1f ns per change (median of %d pairs)",
                ratio.median, overhead, ratio.pairs))
    }
    if let inline = median("store-1-main-inline"), let one = median("store-1") {
        print(String(format: "store-1-main-inline / store-1: %.2fx (%+.1f ns per change)", inline / one, inline - one))
    }
    if let latency = median("store-main-actor-latency") {
        print(
            String(
                format: "dispatch (background thread) to main-actor callback: %.1f µs (median latency)", latency / 1000)
        )
    }
    if let one = median("store-1") {
        printMiddlewareRatios(store1: one, median: median)
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
    if let latency = median("recorder-durable-checkout") {
        print(
            String(
                format:
                    "recorder-durable, checkout actions: %.2f µs per action (median latency; 99th percentile %.1f µs)",
                latency / 1000, (checkoutDurableP99 ?? 0) / 1000))
    }
    if let replay = results.first(where: { $0.name.hasPrefix("replay-1m") }) {
        print(String(format: "replay of 1,000,000 actions: %.2f s (median)", replay.medianNanoseconds * 1e6 / 1e9))
    }
    if let replay = results.first(where: { $0.name.hasPrefix("replay-checkout") }) {
        print(
            String(
                format: "replay of 1,000,000 checkout actions: %.2f s (median)", replay.medianNanoseconds * 1e6 / 1e9))
    }
    if let export = median("pseudonymise-checkout-1m (ns/action)"),
        let replay = median("replay-checkout-1m (ns/action)")
    {
        print(
            String(
                format: "pseudonymise-checkout-1m / replay-checkout-1m: %.2fx (the issue's target: at most 3x)",
                export / replay))
    }
    printFloors(median)
    if let jump = results.first(where: { $0.name.hasPrefix("jump") }) {
        print(String(format: "jump to a random step: %.3f ms (median)", jump.medianNanoseconds / 1e6))
    }
    if let jump = results.first(where: { $0.name.hasPrefix("  jump") }) {
        print(
            String(format: "jump to a random step of the checkout log: %.3f ms (median)", jump.medianNanoseconds / 1e6))
    }
}

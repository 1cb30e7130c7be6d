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

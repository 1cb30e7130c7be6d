// store-bench: pseudonymising personal values (LogPrivacy), per value.
import ActionLog
import Checkout
import Foundation
import LogPrivacy
import StateStore

/// `Pseudonymiser.pseudonym(for:kind:)` per call, for a value seen before (answered from the
/// pseudonymiser's cache: most personal leaves of a long log repeat) and for values never seen
/// (two HMAC-SHA512 computations, the mapping and the checks), name and email alike.
func pseudonymBenchmarks() -> [Result] {
    let key: PseudonymKey
    do {
        key = try PseudonymKey.random()
    } catch {
        print("store-bench: no pseudonym key: \(error)")
        return []
    }
    let cached = measure("pseudonym-cached", iterations: 200_000, repetitions: 7) { iterations in
        var pseudonymiser = Pseudonymiser(key: key)
        var sink = 0
        for _ in 0..<iterations {
            sink &+=
                (try? pseudonymiser.pseudonym(for: opaque("Jane Margaret Doe"), kind: .nameOrAddress))?.utf8.count ?? 0
        }
        return sink
    }
    let uncached = measureTimed("pseudonym-uncached", iterations: 5_000, repetitions: 7) { iterations in
        var pseudonymiser = Pseudonymiser(key: key)
        let values = (0..<iterations).map { index -> (String, PersonalKind) in
            index % 2 == 0 ? ("Jane \(index) Doe-Smith", .nameOrAddress) : ("jane.doe\(index)@example.com", .email)
        }
        var sink = 0
        let clock = ContinuousClock()
        let start = clock.now
        for (value, kind) in values {
            sink &+= (try? pseudonymiser.pseudonym(for: value, kind: kind))?.utf8.count ?? 0
        }
        let elapsed = clock.now - start
        if sink == 42 { print("") }
        return elapsed
    }
    return [cached, uncached]
}

/// `pseudonymise-checkout-1m`: the checkout log of `replay-checkout-1m` exported with its personal
/// data pseudonymised (`LogPseudonymisation`): every value made known, both replays compared at
/// every step, the export written and read back against its fingerprints. The target is
/// at most 3x `replay-checkout-1m` in the same run (`main.swift` prints the ratio).
func checkoutPseudonymiseBenchmark(
    path: String, reducer: Reducer<CheckoutState, CheckoutAction>, count: Int
) -> Result {
    let name = "pseudonymise-checkout-1m (ns/action)"
    // A path of its own: `removeLog` removes every file whose name starts with the log's base
    // name, and `path + ".pseudonymised"`'s base name is the replayed log's whole name, so the
    // rows after this one (`freeing it`, `read only`, `jump`) found no log.
    let output = temporaryLogPath("pseudonymised")
    defer { removeLog(output) }
    guard let key = try? PseudonymKey(bytes: (0..<32).map { UInt8($0) }) else {
        return Result(name: name, iterations: 0, repetitions: 0, minNanoseconds: 0, medianNanoseconds: 0)
    }
    let export = LogPseudonymisation(rules: CheckoutDecisions(reducer: reducer), key: key, overwrite: true)
    return measureTimed(name, iterations: count, repetitions: 3) { _ in
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try export.exportNow(logAt: path, to: output)
        } catch {
            print("pseudonymise-checkout: \(error)")
        }
        return clock.now - start
    }
}

/// `  export floor`: the least any export of that log can take here, whatever it pseudonymises and
/// compares. An export must replay the log (to check that it verifies and to know the decisions),
/// write a copy, and read the copy back against its fingerprints before it publishes it
/// (`pseudonymise-checkout-1m` does all three, and more). This row measures the CPU time of those
/// three, done plainly one after the other with nothing pseudonymised, compared or reduced twice,
/// and divides it by the cores: what the three would take if they shared every core perfectly. The
/// copy is checked to replay in full with its fingerprints, so the floor is of real work.
func checkoutExportFloor(path: String, reducer: Reducer<CheckoutState, CheckoutAction>, count: Int) -> Result {
    let name = "  export floor (ns/action)"
    let copy = temporaryLogPath("export-floor")
    defer { removeLog(copy) }
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    return measureTimed(name, iterations: count, repetitions: 3) { _ in
        let start = ResourceUsage.now()
        guard let original = try? Replayer(path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version)
        else {
            print("export-floor: cannot replay the log")
            return .zero
        }
        let replayed = ResourceUsage.now()
        do {
            let writer = try ActionLogExportWriter<CheckoutState>(
                path: copy, like: original.header, initialState: original.initialState,
                schemaVersion: CheckoutLogSchema.version, privacy: nil)
            for step in original.steps {
                try writer.append(
                    sequence: step.sequence, timeMilliseconds: step.timeMilliseconds, action: step.action,
                    fingerprint: step.recordedFingerprint)
            }
            if let footer = original.footer {
                try writer.finish(footerFingerprint: footer.fingerprint)
            } else {
                try writer.close()
            }
        } catch {
            print("export-floor: cannot write the copy: \(error)")
            return .zero
        }
        let written = ResourceUsage.now()
        let readBack = try? Replayer(path: copy, reducer: reducer, schemaVersion: CheckoutLogSchema.version)
        let end = ResourceUsage.now()
        if let readBack,
            readBack.steps.count != count || readBack.divergence != nil || readBack.fingerprintsChecked == 0
        {
            print("export-floor: the copy replayed \(readBack.steps.count) of \(count) actions, not as recorded")
        } else if readBack == nil {
            print("export-floor: cannot replay the copy")
        }
        if printsResourceUsage {
            FileHandle.standardError.write(
                Data(
                    ("export-floor: CPU \((replayed.cpuMicroseconds - start.cpuMicroseconds) / 1000) ms replaying, "
                        + "\((written.cpuMicroseconds - replayed.cpuMicroseconds) / 1000) ms writing, "
                        + "\((end.cpuMicroseconds - written.cpuMicroseconds) / 1000) ms reading back\n").utf8))
        }
        // Freed after the measurement, as `replay-checkout-1m` frees its steps.
        withExtendedLifetime((original, readBack)) {}
        return .microseconds(end.cpuMicroseconds - start.cpuMicroseconds) / cores
    }
}

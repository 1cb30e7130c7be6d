// store-bench: pseudonymising personal values (LogPrivacy), per value.
import ActionLog
import Checkout
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

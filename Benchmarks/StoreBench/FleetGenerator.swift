import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// `store-bench make-fleet DIR [--count N] [--fingerprint-interval K]`: a fleet of checkout logs
/// for the benchmark of `checkout verify` (`scripts/bench-verify-fleet.sh`).
///
/// Log `i` plays the journey of example log `i mod 11` (`Examples/Logs`: native and web, 409,
/// 410, declines, challenges, every provider) through the current reducer with effects off, and
/// is recorded afresh (its own log id and times, closed with a footer) into
/// `DIR/NNN/log-NNNNN.jsonl`, 100 logs a directory. A fingerprint follows every action, as the
/// demo records (`--fingerprint-interval 1`, the default: the most a verify checks), or every K
/// (an app's recorder writes one every 100 by default, and in the footer).
func makeFleet(_ arguments: [String]) -> Int32 {
    guard let directory = arguments.first else {
        print("usage: store-bench make-fleet DIR [--count N] [--fingerprint-interval K]")
        return 64
    }
    func number(_ name: String, default value: Int) -> Int? {
        guard let index = arguments.firstIndex(of: name) else { return value }
        guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number > 0 else { return nil }
        return number
    }
    guard let count = number("--count", default: 10_000),
        let interval = number("--fingerprint-interval", default: 1)
    else {
        print("make-fleet: --count and --fingerprint-interval need a positive number")
        return 64
    }
    let journeys = exampleJourneys()
    guard !journeys.isEmpty else {
        print("make-fleet: run from the package root (no readable log in Examples/Logs)")
        return 1
    }
    let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    var actions = 0
    do {
        for index in 0..<count {
            let folder = "\(directory)/\(String(format: "%03d", index / 100))"
            if index % 100 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let journey = journeys[index % journeys.count]
            let recorder = try ActionRecorder(
                path: "\(folder)/log-\(String(format: "%05d", index)).jsonl", initialState: journey.state,
                mode: .buffered(),
                // No retention: each new recorder would otherwise reread its folder's headers.
                configuration: ActionLogConfiguration(
                    appVersion: "checkout-demo", fingerprintInterval: interval, maximumAge: nil))
            let store = Store(
                reducer: reducer, state: journey.state, observers: [recorder.observer], effectsEnabled: false)
            for action in journey.actions { store.dispatch(action) }
            try recorder.close()
            actions += journey.actions.count
        }
    } catch {
        print("make-fleet: \(error)")
        return 1
    }
    print("make-fleet: \(count) logs, \(actions) actions in \(directory)")
    return 0
}

/// The example logs' starting states and actions, in file-name order.
private func exampleJourneys() -> [(state: CheckoutState, actions: [CheckoutAction])] {
    let directory = "Examples/Logs"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
        $0.hasSuffix(".jsonl")
    }.sorted()
    return files.compactMap { file in
        guard let reader = try? ActionLogReader<CheckoutState>(path: "\(directory)/\(file)") else { return nil }
        var actions: [CheckoutAction] = []
        while let record = try? reader.next() { actions.append(record.action) }
        return (reader.header.state, actions)
    }
}

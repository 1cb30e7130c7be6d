import Afterpay
import Foundation

// Every fake the Afterpay tests use, in one place.

/// A clock the test moves by hand.
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_700_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by interval: TimeInterval) {
        lock.lock()
        current += interval
        lock.unlock()
    }
}

/// A fetcher that answers from a script of results and counts its calls.
actor ScriptedFetcher: ConfigurationFetching {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    private var script: [Result<ConfigurationResponse, Offline>]
    private(set) var calls = 0
    private var gate: CheckedContinuation<Void, Never>?
    private var started: CheckedContinuation<Void, Never>?
    private var holds = false

    init(_ script: [Result<ConfigurationResponse, Offline>]) {
        self.script = script
    }

    func holdNextFetch() {
        holds = true
    }

    func waitUntilStarted() async {
        if calls > 0 { return }
        await withCheckedContinuation { started = $0 }
    }

    func release() {
        holds = false
        gate?.resume()
        gate = nil
    }

    func fetchConfiguration() async throws -> ConfigurationResponse {
        calls += 1
        started?.resume()
        started = nil
        if holds {
            await withCheckedContinuation { gate = $0 }
        }
        guard !script.isEmpty else { throw Offline() }
        return try script.removeFirst().get()
    }
}

/// A widget handler that writes down every call, for assertions.
final class RecordingWidgetHandler: WidgetHandler, @unchecked Sendable {
    enum Call: Equatable {
        case ready(isValid: Bool, amountDueToday: Money, checksum: String?)
        case changed(WidgetStatus)
        case error(errorCode: String?, message: String?)
        case failure(String)
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ call: Call) {
        lock.lock()
        recorded.append(call)
        lock.unlock()
    }

    func onReady(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?) {
        record(.ready(isValid: isValid, amountDueToday: amountDueToday, checksum: paymentScheduleChecksum))
    }

    func onChanged(status: WidgetStatus) {
        record(.changed(status))
    }

    func onError(errorCode: String?, message: String?) {
        record(.error(errorCode: errorCode, message: message))
    }

    func onFailure(error: any Error) {
        record(.failure("\(error)"))
    }
}

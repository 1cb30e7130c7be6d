import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// Stands for the app's death inside a test process: its middleware goes first in the store, and
/// once the state after an action satisfies `when`, the app is dead: every later action is dropped
/// before anything sees it (a killed process reduces and records nothing more). Effects already
/// started still run to their end, so a call they made reaches the sandbox backend, and its answer
/// is lost, as when a process dies with a request in flight.
final class KillSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var dead = false
    private var armed = false
    private let when: @Sendable (CheckoutState) -> Bool

    /// A switch that kills at the first state that satisfies `when`, or after the next action once
    /// armed (``killAfterNextAction()``).
    init(when: @escaping @Sendable (CheckoutState) -> Bool = { _ in false }) {
        self.when = when
    }

    var isDead: Bool { lock.withLock { dead } }

    /// The app dies once the next action is reduced (its effects start, their answers are lost).
    func killAfterNextAction() {
        lock.withLock { armed = true }
    }

    var middleware: Middleware<CheckoutState> {
        Middleware { [self] context, action, next in
            guard !isDead else { return }
            next(action)
            let dies = when(context.state)
            lock.withLock { if dies || armed { dead = true } }
        }
    }
}

/// A checkout recorded to a log (durably, as an app that resumes records it), killed at the first
/// state that satisfies `when`, and relaunched from that log on the same backend: a new store from
/// the restored state, recording to a new log, with the relaunch sent and its effects run.
struct KilledCheckout {
    /// The checkout before it died (its store takes no more actions).
    let dying: Harness
    /// The state at the moment it died.
    let stateAtDeath: CheckoutState
    /// The log it recorded.
    let logPath: String
    /// What was read back from the log.
    let restored: CheckoutRestore
    /// The relaunched checkout.
    let relaunched: Harness
    /// The relaunched checkout's own log.
    let newLogPath: String
    /// Keeps the logs' recorders alive (a dropped recorder closes its log).
    private let recorders: [ActionLog.ActionRecorder<CheckoutState>]

    /// Plays `play` on a harness that dies when `when` holds, then relaunches it.
    ///
    /// - Parameters:
    ///   - provider: The provider the dying app uses; `relaunchProvider` the relaunched one's (a new
    ///     process: a new provider object on the same sandbox, unless a test says otherwise).
    ///   - directory: Where both logs go.
    static func run(
        in directory: URL,
        api: SandboxCheckoutAPI = SandboxCheckoutAPI(),
        provider: SandboxPaymentProvider = SandboxPaymentProvider(),
        relaunchProvider: SandboxPaymentProvider = SandboxPaymentProvider(),
        state: CheckoutState = Fixtures.nativeState(),
        when: @escaping @Sendable (CheckoutState) -> Bool,
        play: (Harness) async -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> KilledCheckout {
        let logPath = directory.appendingPathComponent("checkout-1.jsonl").path
        let configuration = ActionLogConfiguration(appVersion: "test", schemaVersion: CheckoutLogSchema.version)
        let recorder = try ActionLog.ActionRecorder(
            path: logPath, initialState: state, mode: .durable, configuration: configuration)
        let killSwitch = KillSwitch(when: when)
        let dying = Harness(
            state: state, api: api, provider: provider, leadingMiddleware: [killSwitch.middleware],
            extraMiddleware: [recorder.middleware])
        await play(dying)
        await dying.store.waitForEffects()
        XCTAssertTrue(killSwitch.isDead, "the app was killed", file: file, line: line)

        let reading = CheckoutEnvironment(api: api)
        let restored = try XCTUnwrap(
            try CheckoutRestore.fromLog(atPath: logPath, environment: reading), file: file, line: line)
        let newLogPath = directory.appendingPathComponent("checkout-2.jsonl").path
        let newRecorder = try ActionLog.ActionRecorder(
            path: newLogPath, initialState: restored.state, mode: .durable, configuration: configuration)
        let relaunched = Harness(
            state: restored.state, api: api, provider: relaunchProvider, extraMiddleware: [newRecorder.middleware],
            keyPrefix: "relaunch-key")
        await relaunched.send(restored.relaunchAction)
        return KilledCheckout(
            dying: dying, stateAtDeath: dying.state, logPath: logPath, restored: restored, relaunched: relaunched,
            newLogPath: newLogPath, recorders: [recorder, newRecorder])
    }

    /// The relaunched checkout's log, closed and replayed: it starts from the restored state, its
    /// first action is the relaunch, and it ends in the relaunched checkout's state.
    func replayNewLog(file: StaticString = #filePath, line: UInt = #line) throws -> Replayer<CheckoutState> {
        try recorders[1].close()
        let replay = try Replayer(
            path: newLogPath,
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        XCTAssertNil(replay.divergence, file: file, line: line)
        XCTAssertEqual(
            try CanonicalEncoder.encode(replay.finalState).compactJSON,
            try CanonicalEncoder.encode(relaunched.state).compactJSON, file: file, line: line)
        return replay
    }
}

/// The calls of one kind the sandbox received.
extension SandboxCheckoutAPI {
    /// How many payments were started.
    var startedPayments: Int {
        receivedCalls.filter {
            if case .startPayment = $0 { return true }
            return false
        }.count
    }

    /// The idempotency keys of every order placement call, in order.
    var placementKeys: [String] {
        receivedCalls.compactMap {
            if case .placeOrder(_, _, _, _, let key) = $0 { return key }
            return nil
        }
    }
}

extension SandboxPaymentProvider {
    /// How many submissions (`submit` and `submitDetails`) and lookups the provider received.
    var submissionsAndLookups: (submits: Int, details: Int, lookups: Int, cancels: Int) {
        var counts = (submits: 0, details: 0, lookups: 0, cancels: 0)
        for call in receivedCalls {
            switch call {
            case .submit: counts.submits += 1
            case .submitDetails: counts.details += 1
            case .confirm: counts.lookups += 1
            case .cancel: counts.cancels += 1
            case .prepare: break
            }
        }
        return counts
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// A whole native checkout on the sandbox Checkout API with one provider's demo script, recorded
/// to an action log: what `checkout demo --provider NAME --record PATH` does, for the tests.
final class DropInCheckoutRun {
    static let home = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB")

    let script: any ProviderDemoScript
    let api: SandboxCheckoutAPI
    /// The clock of the checkout's timers: polling runs at once, and its sleeps are recorded.
    let clock = SandboxClock()
    let store: Store<CheckoutState>
    let logPath: String
    private let keepsLog: Bool
    private let recorder: ActionRecorder<CheckoutState>

    /// With `sleepsAfterTheOrderIsPlaced`, each timer's sleep first waits until the API received an
    /// order placement: a test that checks the order is placed pending and then confirmed by the
    /// first poll must not race that poll (the sandbox clock fires at once) against the placement.
    init(
        script: any ProviderDemoScript, api: SandboxCheckoutAPI = SandboxCheckoutAPI(),
        sleepsAfterTheOrderIsPlaced: Bool = false
    ) throws {
        self.script = script
        self.api = api
        let initial = CheckoutState(kind: .native, user: .guest, paymentProviders: [script.provider.descriptor])
        // Kept under CHECKOUTENGINE_ARTIFACTS when CI asks, so it can scan the logs for secrets.
        let kept = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"]
        keepsLog = kept != nil
        logPath =
            URL(fileURLWithPath: kept ?? FileManager.default.temporaryDirectory.path)
            .appendingPathComponent("payment-providers-\(UUID().uuidString).jsonl").path
        recorder = try ActionRecorder(
            path: logPath, initialState: initial, mode: .durable,
            configuration: ActionLogConfiguration(
                appVersion: "provider-tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1))
        let timers: any Clock<Duration> =
            sleepsAfterTheOrderIsPlaced ? OrderPlacedFirstClock(clock: clock, api: api) : clock
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [script.provider], clock: timers,
            makeIdempotencyKey: SandboxIdempotencyKeys().next)
        store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: initial, middleware: [recorder.middleware])
    }

    deinit {
        if !keepsLog { try? FileManager.default.removeItem(atPath: logPath) }
    }

    var state: CheckoutState { store.state }

    func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }

    /// Guest: load, email, shipping address, billing same as shipping, first shipping method.
    func completeSections() async {
        await send(.common(.started))
        await send(.native(.emailSubmitted("ada@example.com")))
        await send(.native(.editShippingContactTapped))
        await send(.native(.addressFormSubmitted(Self.home)))
        await send(.native(.useShippingAsBillingTapped))
        if let method = state.shippingMethods.first { await send(.native(.shippingMethodSelected(id: method.id))) }
    }

    /// Plays the payment as the host's screens would: pay, submit in the drop-in (or report what a
    /// drop-in that pays by itself completed), perform each action, acknowledge a decline and
    /// submit again, until the payment leaves the drop-in.
    /// Returns the phases seen. Without `tappingPay`, a payment already started (a retry) goes on.
    @discardableResult
    func pay(maximumSteps: Int = 12, tappingPay: Bool = true) async throws -> [PaymentPhase] {
        var phases: [PaymentPhase] = []
        if tappingPay { await send(.payment(.payTapped)) }
        for _ in 0..<maximumSteps {
            let phase = state.payment.phase
            phases.append(phase)
            switch phase {
            case .presenting:
                guard let session = state.payment.session else { return phases }
                if let result = try await script.dropInResult(for: session) {
                    // The drop-in paid by itself (Adyen's SDK in the sessions flow): it reports.
                    await send(.payment(.dropInCompleted(result)))
                } else {
                    await send(.payment(.submitted(try await script.submission(for: session))))
                }
            case .actionRequired(let request):
                guard let session = state.payment.session else { return phases }
                if request.finishesWithoutDetails {
                    await send(.payment(.actionFinishedWithoutDetails))
                } else {
                    await send(.payment(.actionCompleted(try await script.completeAction(request, in: session))))
                }
            case .declined:
                await send(.payment(.declineAcknowledged))
            default:
                return phases
            }
        }
        return phases
    }

    /// Lets the store finish what it is processing before the log closes. The recorder writes an
    /// action after the subscribers saw it, and an express run returns as soon as its state shows
    /// the answer: closing at once could leave the last actions out of the log.
    func settle() async {
        await store.waitForEffects()
    }

    /// Closes the log, replays it with effects off, and checks it reproduces the run exactly and
    /// holds no secret. Returns the replay's final state.
    @discardableResult
    func closeAndVerifyReplay(
        secrets: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> CheckoutState {
        try recorder.close()
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        for secret in secrets {
            XCTAssertFalse(log.contains(secret), "the log holds \(secret)", file: file, line: line)
        }
        let replay = try Replayer(
            path: logPath, reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version)
        XCTAssertTrue(
            log.contains("submitted") || log.contains("dropInCompleted"), "the log holds the payment", file: file,
            line: line)
        XCTAssertGreaterThan(replay.count, 10, file: file, line: line)
        XCTAssertNil(
            replay.divergence, "replay diverged at step \(replay.divergence?.step ?? 0)", file: file, line: line)
        XCTAssertNil(replay.tornLine, file: file, line: line)
        XCTAssertEqual(try Fingerprint.of(replay.finalState), try Fingerprint.of(state), file: file, line: line)
        XCTAssertEqual(replay.finalState.completedOrder, state.completedOrder, file: file, line: line)
        XCTAssertEqual(replay.finalState.payment.phase, state.payment.phase, file: file, line: line)
        return replay.finalState
    }
}

/// A ``SandboxClock`` whose sleeps begin only once `api` received an order placement (each sleep
/// yields until then; after 100,000 yields it goes on, and the test's own checks fail). For the
/// tests that check the order is placed first and a poll confirms it afterwards.
private struct OrderPlacedFirstClock: Clock {
    let clock: SandboxClock
    let api: SandboxCheckoutAPI

    var now: SandboxClock.Instant { clock.now }
    var minimumResolution: Duration { clock.minimumResolution }

    func sleep(until deadline: SandboxClock.Instant, tolerance: Duration?) async throws {
        for _ in 0..<100_000 {
            let placed = await api.receivedCalls.contains {
                if case .placeOrder = $0 { return true }
                return false
            }
            if placed { break }
            await Task.yield()
        }
        // The sandbox clock measures the sleep from its own now, which the wait did not move.
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }
}

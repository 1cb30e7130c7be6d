import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// A full native checkout (sandbox Checkout API, the real reducer, one provider played by its
/// demo script), recorded to an action log on disk with `ActionRecorder`, with every analytics
/// event kept, and replayable with `Replayer`. Used by the Afterpay and Worldline end-to-end tests.
final class RecordedProviderCheckout {
    let script: any ProviderDemoScript
    let api = SandboxCheckoutAPI()
    let store: Store<CheckoutState>
    let recorder: ActionRecorder<CheckoutState>
    let logPath: String
    private let sink = KeepingAnalyticsSink()
    private let directory: URL

    init(script: any ProviderDemoScript, user: CheckoutUser = .guest) throws {
        self.script = script
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "providers2-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        logPath = directory.appendingPathComponent("checkout.jsonl").path
        let initial = CheckoutState(kind: .native, user: user, paymentProviders: [script.provider.descriptor])
        recorder = try ActionRecorder(
            path: logPath, initialState: initial, mode: .durable,
            configuration: ActionLogConfiguration(
                appVersion: "provider-tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1))
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [script.provider], clock: SandboxClock(),
            makeIdempotencyKey: SandboxIdempotencyKeys().next)
        store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: initial,
            middleware: [CheckoutAnalyticsMiddleware(sink: sink).middleware, recorder.middleware])
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var state: CheckoutState { store.state }
    var analyticsEvents: [CheckoutAnalyticsEvent] { sink.events }

    func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }

    /// Starts the checkout and completes every section before payment as a guest.
    func completeSections() async {
        await send(.common(.started))
        await send(.native(.emailSubmitted("ada@example.com")))
        await send(.native(.editShippingContactTapped))
        await send(
            .native(
                .addressFormSubmitted(
                    Address(
                        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                        postcode: "SW1A 2AA", countryCode: "GB"))))
        await send(.native(.useShippingAsBillingTapped))
        if let method = state.shippingMethods.first {
            await send(.native(.shippingMethodSelected(id: method.id)))
        }
    }

    /// Taps pay and submits what the script's shopper submits.
    func payAndSubmit() async throws {
        await send(.payment(.payTapped))
        let session = try XCTUnwrap(state.payment.session, "no session after pay: \(state.payment.phase)")
        await send(.payment(.submitted(try await script.submission(for: session))))
    }

    /// Completes the action the provider asked for, if any.
    func completeActionIfAsked() async throws {
        guard case .actionRequired(let action) = state.payment.phase, let session = state.payment.session else {
            return
        }
        await send(.payment(.actionCompleted(try await script.completeAction(action, in: session))))
    }

    /// What `checkout demo --provider NAME` plays for a logged-in user, with the provider's
    /// script instead of the sandbox provider: billing as shipping, another shipping method, pay,
    /// the script's submission, its action, and after a decline one retry (whose action, a new
    /// Afterpay redirect for instance, is completed too).
    func playDemoAsLoggedInUser() async throws {
        await send(.common(.started))
        if state.billingContact == nil || !state.isBillingSameAsShipping {
            await send(.native(.useShippingAsBillingTapped))
        }
        if let method = state.shippingMethods.first(where: { $0.id != state.selectedShippingMethodID })
            ?? state.shippingMethods.first
        {
            await send(.native(.shippingMethodSelected(id: method.id)))
        }
        try await payAndSubmit()
        try await completeActionIfAsked()
        if case .declined = state.payment.phase {
            await send(.payment(.declineAcknowledged))
            let session = try XCTUnwrap(state.payment.session)
            await send(.payment(.submitted(try await script.submission(for: session))))
            try await completeActionIfAsked()
        }
    }

    /// Closes the log and returns its text.
    func closeLog() throws -> String {
        try recorder.close()
        return try String(contentsOfFile: logPath, encoding: .utf8)
    }

    /// Replays the closed log with effects off and no provider.
    func replay() throws -> Replayer<CheckoutState> {
        try Replayer(
            path: logPath,
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version)
    }

    /// Closes the log, replays it and checks there is no divergence and the same final state.
    func assertReplaysWithoutDivergence(file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try closeLog()
        let replay = try replay()
        XCTAssertNil(replay.divergence.map { "step \($0.step): \($0.action)" }, file: file, line: line)
        XCTAssertNil(replay.tornLine.map { "\($0)" }, file: file, line: line)
        XCTAssertEqual(replay.steps.count, recorder.recordedCount, file: file, line: line)
        XCTAssertEqual(try Fingerprint.of(replay.finalState), try Fingerprint.of(state), file: file, line: line)
        XCTAssertEqual(replay.finalState.completedOrder, state.completedOrder, file: file, line: line)
        XCTAssertEqual(replay.finalState.payment.phase, state.payment.phase, file: file, line: line)
    }
}

/// An analytics sink that keeps every event.
final class KeepingAnalyticsSink: CheckoutAnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CheckoutAnalyticsEvent] = []

    func record(_ event: CheckoutAnalyticsEvent) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    var events: [CheckoutAnalyticsEvent] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import StoreTestSupport
import XCTest

/// Issue #15's kill test with Adyen: a child process (`CheckoutKillChild`, scenarios
/// `adyen-redirect` and `adyen-pending`) records a native checkout paying with Adyen's sessions
/// flow on its sandbox, and is killed with SIGKILL mid-payment. The checkout resumes here from its
/// log with a new `AdyenPaymentProvider` on the same Adyen sandbox and the same vault (the child
/// hands both over, as Adyen and the Keychain outlive the app), or with a vault that lost
/// everything.
final class AdyenKillTests: XCTestCase {
    private struct Relaunched {
        let restored: CheckoutRestore
        let resumption: AdyenResumption
        let store: Store<CheckoutState>
        let api: SandboxCheckoutAPI
        let server: AdyenSandboxServer
        let logPath: String
        let newLogPath: String
        let recorder: ActionRecorder<CheckoutState>

        var state: CheckoutState { store.state }

        func send(_ action: CheckoutAction) async {
            store.dispatch(action)
            await store.waitForEffects()
        }
    }

    /// Runs the child to `scenario`'s point, kills it, and relaunches the checkout from its log on
    /// the handed-over backends, with a new provider and the kept vault (or an empty one); Adyen's
    /// webhook says `webhook` meanwhile, if given.
    private func killAndResume(
        _ scenario: String, vaultLost: Bool = false, webhook: AdyenSandboxServer.WebhookOutcome? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Relaunched {
        guard let executable = siblingExecutable(named: "CheckoutKillChild", besides: Bundle(for: Self.self)) else {
            throw XCTSkip("the CheckoutKillChild product was not found beside the test bundle")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("adyen-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let logPath = directory.appendingPathComponent("checkout.jsonl").path
        let backendPath = directory.appendingPathComponent("backend.json").path

        let child = try KilledChild.run(executable, arguments: [scenario, logPath, backendPath])
        XCTAssertEqual(child.said, "ready\n", "the child: \(child.problem)", file: file, line: line)
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, "killed, not ended", file: file, line: line)

        let decoder = JSONDecoder()
        let api = SandboxCheckoutAPI(
            snapshot: try decoder.decode(
                SandboxCheckoutAPI.Snapshot.self, from: Data(contentsOf: URL(fileURLWithPath: backendPath))))
        let server = AdyenSandboxServer(
            snapshot: try decoder.decode(
                AdyenSandboxServer.Snapshot.self, from: Data(contentsOf: URL(fileURLWithPath: backendPath + ".adyen"))))
        let kept = try decoder.decode(
            [String: Data].self, from: Data(contentsOf: URL(fileURLWithPath: backendPath + ".vault")))
        XCTAssertEqual(kept.count, 1, "the payment's record", file: file, line: line)
        let vault = InMemoryPaymentAttemptVault(secrets: vaultLost ? [:] : kept)
        if let webhook { await server.setWebhookOutcome(webhook) }

        let restored = try XCTUnwrap(
            try CheckoutRestore.fromLog(atPath: logPath, environment: CheckoutEnvironment(api: api)), file: file,
            line: line)
        XCTAssertNil(restored.tornLine, file: file, line: line)
        XCTAssertNil(restored.firstDivergentSequence, file: file, line: line)
        XCTAssertTrue(restored.needsResuming, file: file, line: line)

        // The relaunched app: a new provider on the same Adyen and vault, rebuilt before the store.
        let provider = AdyenPaymentProvider(configuration: AdyenDemoScript.configuration, server: server, vault: vault)
        let resumption = await provider.resume(from: restored.state)
        let newLogPath = directory.appendingPathComponent("checkout-2.jsonl").path
        let recorder = try ActionRecorder(
            path: newLogPath, initialState: restored.state, mode: .durable,
            configuration: ActionLogConfiguration(appVersion: "relaunched", schemaVersion: CheckoutLogSchema.version))
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [provider], clock: SandboxClock(),
            makeIdempotencyKey: SandboxIdempotencyKeys(prefix: "relaunch-key").next)
        let store = restored.makeStore(environment: environment, observers: [recorder.observer])
        await store.waitForEffects()
        return Relaunched(
            restored: restored, resumption: resumption, store: store, api: api, server: server, logPath: logPath,
            newLogPath: newLogPath, recorder: recorder)
    }

    /// The bank's app opens the return URL with the redirect's result.
    private func returnFromTheBank(_ relaunched: Relaunched) async throws {
        let reference = try XCTUnwrap(relaunched.state.payment.intent?.reference)
        let issued = await relaunched.server.redirectResult(forReference: reference)
        let result = try XCTUnwrap(issued)
        let details = try AdyenRedirectReturn.details(
            for: "checkoutdemo://adyen?redirectResult=\(result)", configuration: AdyenDemoScript.configuration)
        await relaunched.send(.payment(.actionCompleted(details)))
    }

    /// One payment started and taken once at Adyen, one order placed with one key, shown; both logs
    /// hold no secret, and the new log replays to the relaunched state.
    private func assertOneOrderPaidOnce(
        _ relaunched: Relaunched, key: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let calls = await relaunched.api.receivedCalls
        let started = calls.filter { if case .startPayment = $0 { true } else { false } }
        let keys = calls.compactMap { if case .placeOrder(_, _, _, _, let key) = $0 { key } else { nil } }
        let orders = await relaunched.api.placedOrders
        XCTAssertEqual(started.count, 1, "one payment", file: file, line: line)
        XCTAssertEqual(orders.count, 1, "one order: \(orders)", file: file, line: line)
        XCTAssertEqual(orders.first?.status, .confirmed, file: file, line: line)
        XCTAssertEqual(Set(keys), [key], "the same key every time", file: file, line: line)
        let adyenCalls = await relaunched.server.receivedCalls
        let payments = adyenCalls.filter { if case .payments = $0 { true } else { false } }
        XCTAssertEqual(payments.count, 1, "Adyen took the payment once: \(adyenCalls)", file: file, line: line)
        let state = relaunched.state
        XCTAssertEqual(state.payment.phase, .succeeded, file: file, line: line)
        XCTAssertEqual(state.completedOrder?.orderID, orders.first?.id, file: file, line: line)
        XCTAssertEqual(state.completedOrder?.status, .confirmed, file: file, line: line)
        XCTAssertEqual(state.view, .completed, file: file, line: line)
        XCTAssertFalse(state.canPay, file: file, line: line)
        try assertReplaysWithoutSecrets(relaunched, file: file, line: line)
    }

    private func assertReplaysWithoutSecrets(
        _ relaunched: Relaunched, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try relaunched.recorder.close()
        // Kept under CHECKOUTENGINE_ARTIFACTS when CI asks, so its secrets scan reads them too.
        let artifacts = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"]
        for path in [relaunched.logPath, relaunched.newLogPath] {
            let log = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertFalse(log.contains(SandboxSecret.marker), "\(path) holds a secret", file: file, line: line)
            if let artifacts {
                let name = "adyen-kill-\(UUID().uuidString)-\(URL(fileURLWithPath: path).lastPathComponent)"
                try FileManager.default.copyItem(
                    atPath: path, toPath: URL(fileURLWithPath: artifacts).appendingPathComponent(name).path)
            }
        }
        let replay = try Replayer(
            path: relaunched.newLogPath,
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        XCTAssertNil(replay.divergence, file: file, line: line)
        XCTAssertEqual(
            try CanonicalEncoder.encode(replay.finalState).compactJSON,
            try CanonicalEncoder.encode(relaunched.state).compactJSON, file: file, line: line)
    }

    func testKilledMidRedirectTheReturnAfterTheRelaunchCompletesThePaymentInItsSession() async throws {
        let relaunched = try await killAndResume("adyen-redirect")
        XCTAssertEqual(relaunched.restored.inFlight.payment, .awaitingReturn(.redirect))
        let session = try XCTUnwrap(relaunched.state.payment.session)
        XCTAssertTrue(session.token?.isRedacted ?? true, "the log never held the session data")
        XCTAssertEqual(relaunched.resumption, .resumed(sessionID: session.id))
        try await returnFromTheBank(relaunched)
        try await assertOneOrderPaidOnce(relaunched, key: "relaunch-key-1")
        let calls = await relaunched.server.receivedCalls
        XCTAssertTrue(
            calls.contains(.paymentDetails(keys: ["redirectResult"], sessionID: session.id)),
            "the session's details call, with the session data the vault kept: \(calls)")
    }

    func testKilledWhilePendingThePollAfterTheRelaunchConfirmsTheOrderPlacedBeforeTheKill() async throws {
        // Adyen's webhook came while the app was dead: the poll due at the kill, made again after
        // the relaunch, asks the session result with what the vault kept.
        let relaunched = try await killAndResume("adyen-pending", webhook: .authorised)
        XCTAssertEqual(relaunched.restored.inFlight.payment, .awaitingConfirmation)
        XCTAssertEqual(relaunched.restored.state.payment.confirmation?.polls, 2)
        XCTAssertEqual(relaunched.restored.state.completedOrder?.isPending, true, "placed as pending before the kill")
        let session = try XCTUnwrap(relaunched.restored.state.payment.session)
        XCTAssertEqual(relaunched.resumption, .resumed(sessionID: session.id))
        try await assertOneOrderPaidOnce(relaunched, key: "order-key-1")
        let lookups = await relaunched.server.receivedCalls.filter { $0 == .sessionResult(sessionID: session.id) }
        XCTAssertEqual(lookups.count, 3, "two before the kill, one after it")
    }

    func testVaultLostTheRedirectReturnStillCompletesThroughPaymentsDetailsOutsideTheSession() async throws {
        let relaunched = try await killAndResume("adyen-redirect", vaultLost: true)
        let session = try XCTUnwrap(relaunched.state.payment.session)
        XCTAssertEqual(relaunched.resumption, .secretsLost(sessionID: session.id))
        try await returnFromTheBank(relaunched)
        try await assertOneOrderPaidOnce(relaunched, key: "relaunch-key-1")
        let calls = await relaunched.server.receivedCalls
        XCTAssertTrue(calls.contains(.paymentDetails(keys: ["redirectResult"], sessionID: nil)), "\(calls)")
    }

    func testVaultLostWhilePendingTheWebhookForTheRecordedPSPReferenceConfirms() async throws {
        let relaunched = try await killAndResume("adyen-pending", vaultLost: true, webhook: .authorised)
        let session = try XCTUnwrap(relaunched.restored.state.payment.session)
        XCTAssertEqual(relaunched.resumption, .secretsLost(sessionID: session.id))
        let psp = try XCTUnwrap(relaunched.restored.state.payment.receipt?.providerReference)
        XCTAssertTrue(psp.hasPrefix("8815"), "Adyen's pspReference, recorded in the receipt: \(psp)")
        try await assertOneOrderPaidOnce(relaunched, key: "order-key-1")
        let calls = await relaunched.server.receivedCalls
        XCTAssertTrue(calls.contains(.notification(pspReference: psp)), "\(calls)")
    }

    func testVaultLostAndNoReturnThePaymentEndsUnconfirmedWithNoOrderAndNoSecondPayment() async throws {
        let relaunched = try await killAndResume("adyen-redirect", vaultLost: true)
        // The shopper never came back from the bank: the host asks.
        await relaunched.send(.payment(.confirmationRequested))
        let state = relaunched.state
        XCTAssertEqual(state.payment.phase, .awaitingConfirmation)
        XCTAssertTrue(state.isCheckingPayment)
        XCTAssertEqual(state.errors.map(\.kind), [.paymentUnconfirmed])
        XCTAssertEqual(state.errors.first?.retry, .confirmPayment)
        XCTAssertNil(state.completedOrder)
        XCTAssertFalse(state.canPay, "paying again could take the money twice")
        let orders = await relaunched.api.placedOrders
        XCTAssertTrue(orders.isEmpty, "no order on a guess")
        let calls = await relaunched.server.receivedCalls
        XCTAssertEqual(calls.filter { if case .payments = $0 { true } else { false } }.count, 1)
        try assertReplaysWithoutSecrets(relaunched)
    }
}

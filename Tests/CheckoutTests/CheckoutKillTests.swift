import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// The test: a child process (`CheckoutKillChild`) records a native checkout up to
/// mid-payment and is killed with SIGKILL; the checkout resumes here from its log, on the same
/// backend (the child hands the sandbox backend's state over before it dies, as a real backend
/// outlives the app), and is driven to a placed order: one payment and one order at the backend,
/// every placement with the same key, and the final state shows it.
final class CheckoutKillTests: XCTestCase {
    private struct Killed {
        let restored: CheckoutRestore
        let harness: Harness
        let logPath: String
    }

    private func childExecutable() throws -> URL {
        guard let url = siblingExecutable(named: "CheckoutKillChild", besides: Bundle(for: Self.self)) else {
            throw XCTSkip("the CheckoutKillChild product was not found beside the test bundle")
        }
        return url
    }

    /// Runs the child to `scenario`'s point, kills it, and relaunches the checkout from its log on
    /// its backend, with a new provider object (a new process) and a new log.
    private func killAndResume(
        _ scenario: String, provider: SandboxPaymentProvider = SandboxPaymentProvider(),
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Killed {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let logPath = directory.appendingPathComponent("checkout.jsonl").path
        let backendPath = directory.appendingPathComponent("backend.json").path

        let child = try KilledChild.run(try childExecutable(), arguments: [scenario, logPath, backendPath])
        XCTAssertEqual(
            child.said, "ready\n", "the child reached its point: \(child.problem)", file: file, line: line)
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, "killed, not ended", file: file, line: line)

        let snapshot = try JSONDecoder().decode(
            SandboxCheckoutAPI.Snapshot.self, from: Data(contentsOf: URL(fileURLWithPath: backendPath)))
        let api = SandboxCheckoutAPI(snapshot: snapshot)
        let restored = try XCTUnwrap(
            try CheckoutRestore.fromLog(atPath: logPath, environment: CheckoutEnvironment(api: api)), file: file,
            line: line)
        XCTAssertNil(restored.tornLine, file: file, line: line)
        XCTAssertNil(restored.firstDivergentSequence, file: file, line: line)
        XCTAssertTrue(restored.needsResuming, file: file, line: line)
        let harness = Harness(state: restored.state, api: api, provider: provider, keyPrefix: "relaunch-key")
        await harness.send(restored.relaunchAction)
        return Killed(restored: restored, harness: harness, logPath: logPath)
    }

    /// One payment and one order at the backend, every placement with `key`, and the order shown.
    private func assertOnePaymentOneOrder(
        _ killed: Killed, key: String, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let api = killed.harness.api
        let startedPayments = await api.startedPayments
        let orders = await api.placedOrders
        let keys = await api.placementKeys
        XCTAssertEqual(startedPayments, 1, "one payment", file: file, line: line)
        XCTAssertEqual(orders.count, 1, "one order: \(orders)", file: file, line: line)
        XCTAssertEqual(orders.first?.status, .confirmed, file: file, line: line)
        XCTAssertFalse(keys.isEmpty, file: file, line: line)
        XCTAssertEqual(Set(keys), [key], "the same key every time", file: file, line: line)
        let state = killed.harness.state
        XCTAssertEqual(state.completedOrder?.orderID, orders.first?.id, file: file, line: line)
        XCTAssertEqual(state.completedOrder?.orderNumber, "SB-1001", file: file, line: line)
        XCTAssertEqual(state.completedOrder?.status, .confirmed, file: file, line: line)
        XCTAssertEqual(state.payment.phase, .succeeded, file: file, line: line)
        XCTAssertEqual(state.orderPlacement?.step, .settled, file: file, line: line)
        XCTAssertEqual(state.view, .completed, file: file, line: line)
        XCTAssertFalse(state.canPay, file: file, line: line)
    }

    func testKilledWhileTheShopperIsAwayAtTheBankTheRedirectReturnCompletesTheResumedCheckout() async throws {
        let killed = try await killAndResume("redirect")
        XCTAssertEqual(killed.restored.inFlight.payment, .awaitingReturn(.redirect))
        guard case .actionRequired(let request) = killed.harness.state.payment.phase else {
            return XCTFail("\(killed.harness.state.payment.phase)")
        }
        XCTAssertEqual(request.url?.redactedString, "https://bank.sandbox.invalid/authorise?token=[REDACTED]")
        // The bank app opens the app's return URL.
        await killed.harness.send(
            .payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("redirectResult")))))
        await assertOnePaymentOneOrder(killed, key: "relaunch-key-1")
    }

    func testKilledWhileAPendingPaymentWasPolledThePollResumesAndConfirmsTheOrder() async throws {
        let killed = try await killAndResume("pending")
        XCTAssertEqual(killed.restored.inFlight.payment, .awaitingConfirmation)
        XCTAssertEqual(killed.restored.state.payment.confirmation?.polls, 2)
        XCTAssertEqual(killed.restored.state.completedOrder?.isPending, true, "the pending order was placed")
        XCTAssertEqual(killed.harness.clock.sleeps, [.seconds(8)], "poll 3, on the resumed store's clock")
        await assertOnePaymentOneOrder(killed, key: "order-key-1")
    }

    func testKilledWhileAPlacementRetryWasDueItIsPlacedWithTheSameKeyAndFindsTheOneOrder() async throws {
        let killed = try await killAndResume("placement-retry")
        XCTAssertEqual(killed.restored.inFlight.orderPlacement, .retryScheduled(retry: 1))
        XCTAssertEqual(killed.restored.inFlight.idempotencyKey, "order-key-1")
        await assertOnePaymentOneOrder(killed, key: "order-key-1")
        let placements = await killed.harness.api.placementKeys
        XCTAssertEqual(placements.count, 2, "the lost answer's call and the resumed one")
    }

    func testKilledWhileTheProviderHeldThePaymentTheLookupFindsItAndTheOrderIsPlacedOnce() async throws {
        let provider = SandboxPaymentProvider()
        let killed = try await killAndResume("provider-held", provider: provider)
        XCTAssertEqual(killed.restored.inFlight.payment, .outcomeUnknown)
        await assertOnePaymentOneOrder(killed, key: "relaunch-key-1")
        let calls = await provider.submissionsAndLookups
        XCTAssertEqual(calls.submits, 0, "never submitted again")
        XCTAssertEqual(calls.lookups, 1)
    }
}

import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// Cancellation, the app going away and timeouts with Adyen in a whole checkout: nothing is left
/// half-started, neither in the state nor at Adyen.
final class AdyenPaymentLifecycleTests: XCTestCase {
    private func partlyPaid(_ server: AdyenSandboxServer) async throws -> DropInCheckoutRun {
        let script = AdyenDemoScript(server: server)
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.submitted(try await script.submission(for: session))))
        XCTAssertEqual(run.state.payment.phase, .presenting, "the drop-in reloaded for the remainder")
        XCTAssertNotNil(run.state.payment.paidAmount)
        return run
    }

    private func cancelledOrders(_ server: AdyenSandboxServer) async -> Int {
        await server.receivedCalls.filter { if case .cancelOrder = $0 { return true } else { return false } }.count
    }

    func testAppGoingAwayAfterAGiftCardPaidPartCancelsTheOrder() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.partial(paidMinorUnits: 1000)])
        let run = try await partlyPaid(server)
        await run.send(.payment(.appWentAway))
        XCTAssertEqual(run.state.payment.phase, .cancelled)
        XCTAssertNil(run.state.payment.paidAmount)
        let cancelled = await cancelledOrders(server)
        XCTAssertEqual(cancelled, 1, "the paid part is refunded")
    }

    func testTimeoutDuringTheRemainderFailsAndCancelsTheOrder() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.partial(paidMinorUnits: 1000)])
        let run = try await partlyPaid(server)
        await run.send(.payment(.timedOut))
        guard case .failed(let failure) = run.state.payment.phase else { return XCTFail("expected failed") }
        XCTAssertEqual(failure.kind, .timeout)
        let cancelled = await cancelledOrders(server)
        XCTAssertEqual(cancelled, 1)
        await run.send(.payment(.retryTapped))
        XCTAssertEqual(run.state.payment.phase, .presenting)
        let calls = await server.receivedCalls
        guard case .sessions(_, _, let order) = calls.last else { return XCTFail("expected a new session") }
        XCTAssertNil(order, "the retry pays the whole total, in no cancelled order")
    }

    func testAppGoingAwayDuringAChallengeAbandonsTheAdyenSession() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(challenge: true))
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.submitted(try await script.submission(for: session))))
        await run.send(.payment(.appWentAway))
        XCTAssertEqual(run.state.payment.phase, .cancelled)
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        do {
            _ = try await script.provider.confirm(session)
            XCTFail("the provider forgot the session")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
        try run.closeAndVerifyReplay(secrets: ["Ab02b4c0!"])
    }

    func testErrorResultFailsWithRetryAndTheRetryGetsANewSession() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.error(reason: "Acquirer Error")])
        let script = AdyenDemoScript(server: server)
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        _ = try await run.pay()
        XCTAssertEqual(run.state.payment.phase, .failed(PaymentFailure(kind: .provider, message: "Acquirer Error")))
        await run.send(.payment(.retryTapped))
        XCTAssertEqual(run.state.payment.session?.id, "CS3")
        _ = try await run.pay()
        XCTAssertEqual(run.state.payment.phase, .succeeded)
    }

    func testCancelledResultGoesBackToSelection() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.cancelled])
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .cancelled])
        XCTAssertNil(run.state.completedOrder)
    }
}

import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// A whole native checkout with Braintree's drop-in on the sandbox, recorded and replayed.
final class BraintreeDemoScriptTests: XCTestCase {
    private let secrets = ["tokencc_", "sandbox_ct_", "correlation_id", "lookupId", "4111111111111111"]

    func testApprovedCheckoutPlacesTheOrderAndReplaysExactly() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .succeeded])
        XCTAssertEqual(run.state.payment.receipt?.resultCode, "submitted_for_settlement")
        let calls = await script.server.receivedCalls
        guard case .sale(let amount, let account, let orderID, true) = calls.last else {
            return XCTFail("expected a sale with device data")
        }
        XCTAssertEqual(amount, try BraintreeAmount.string(try XCTUnwrap(run.state.displayedTotal)))
        XCTAssertEqual(account, "poqshop_GBP")
        // The sale carries the payment's reference; the order is the backend's, placed after it.
        XCTAssertEqual(orderID, run.state.orderPlacement?.paymentReference)
        XCTAssertEqual(run.state.completedOrder?.orderID, "order-1")
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testDeclineThenRetryWithANewNoncePlacesTheOrder() async throws {
        let run = try DropInCheckoutRun(script: BraintreeDemoScript(scenario: DemoScenario(decline: true)))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(
            phases, [.presenting, .declined(reason: "Insufficient Funds (2001)"), .presenting, .succeeded])
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testThreeDSecureChallengeIsPerformedThenTheOrderIsPlaced() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario(challenge: true))
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        let phases = try await run.pay()
        guard phases.count == 3, case .actionRequired(let challenge) = phases[1] else {
            return XCTFail("expected a challenge: \(phases)")
        }
        XCTAssertEqual(challenge.kind, .threeDSChallenge)
        XCTAssertEqual(phases.last, .succeeded)
        let calls = await script.server.receivedCalls
        let total = try BraintreeAmount.string(try XCTUnwrap(run.state.displayedTotal))
        XCTAssertTrue(calls.contains(.threeDSecureLookup(amount: total)), "3-D Secure ran with the sale amount")
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testChallengeThenDeclineThenRetry() async throws {
        let run = try DropInCheckoutRun(
            script: BraintreeDemoScript(scenario: DemoScenario(decline: true, challenge: true)))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertTrue(phases.contains(.declined(reason: "Insufficient Funds (2001)")), "\(phases)")
        XCTAssertEqual(phases.last, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testApplePayTokenisationStepRunsThroughTheActionModel() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        await run.send(.payment(.payTapped))
        await run.send(.payment(.submitted(await script.server.dropInApplePay().submission)))
        guard case .actionRequired(let action) = run.state.payment.phase else { return XCTFail("expected an action") }
        XCTAssertEqual(action.kind, .sdk)
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.actionCompleted(try await script.completeAction(action, in: session))))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets + ["tokenap_"])
    }

    func testCurrencyWithoutAMerchantAccountIsRefusedBeforeAnyCall() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script, api: SandboxCheckoutAPI(currencyCode: "JPY"))
        await run.completeSections()
        await run.send(.payment(.payTapped))
        XCTAssertEqual(run.state.payment.phase, .idle)
        XCTAssertEqual(
            run.state.errors.last?.kind, .paymentRefused(.unsupportedCurrency("JPY", rejectedBy: "braintree")))
        let calls = await script.server.receivedCalls
        XCTAssertTrue(calls.isEmpty)
    }

    func testDropInCancelGoesBackToSelectionAndAPaymentCanStartAgain() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        await run.send(.payment(.payTapped))
        await run.send(.payment(.submitted(BraintreeDropInResult.cancelled.submission)))
        XCTAssertEqual(run.state.payment.phase, .cancelled)
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        let phases = try await run.pay()
        XCTAssertEqual(phases.last, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testSaleServerErrorFailsWithRetryAndRetryPays() async throws {
        let script = BraintreeDemoScript(scenario: DemoScenario())
        await script.server.enqueueSale(.serverError(status: 503, message: "maintenance"))
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        _ = try await run.pay()
        guard case .failed(let failure) = run.state.payment.phase else { return XCTFail("expected failed") }
        XCTAssertEqual(failure.kind, .provider)
        XCTAssertEqual(run.state.errors.last?.retry, .payment)
        await run.send(.payment(.retryTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.submitted(try await script.submission(for: session))))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets)
    }
}

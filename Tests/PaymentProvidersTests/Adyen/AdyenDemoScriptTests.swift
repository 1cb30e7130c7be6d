import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// A whole native checkout with Adyen's drop-in on the sandbox, recorded and replayed.
final class AdyenDemoScriptTests: XCTestCase {
    private let secrets = ["adyenjs_0_1_25$demo", "Ab02b4c0!", "demo-3ds-result", "4111111111111111"]

    func testApprovedCheckoutPlacesTheOrderAndReplaysExactly() async throws {
        let run = try DropInCheckoutRun(script: AdyenDemoScript(scenario: DemoScenario()))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .succeeded])
        XCTAssertEqual(run.state.completedOrder?.orderID, "order-1")
        XCTAssertEqual(run.state.payment.receipt?.resultCode, "Authorised")
        XCTAssertEqual(run.state.payment.receipt?.amount, run.state.displayedTotal)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testDeclineThenRetryPlacesTheOrder() async throws {
        let run = try DropInCheckoutRun(script: AdyenDemoScript(scenario: DemoScenario(decline: true)))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(
            phases, [.presenting, .declined(reason: "Insufficient Funds"), .presenting, .succeeded])
        XCTAssertNotNil(run.state.completedOrder)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testChallengeIsPerformedThenTheOrderIsPlaced() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(challenge: true))
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases.count, 3)
        guard case .actionRequired(let request) = phases[1] else { return XCTFail("expected a challenge: \(phases)") }
        XCTAssertEqual(request.kind, .threeDSChallenge)
        XCTAssertEqual(phases.last, .succeeded)
        let calls = await script.server.receivedCalls
        XCTAssertEqual(calls.last, .paymentDetails(keys: ["threeDSResult"], sessionID: "CS1"))
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testChallengeThenDeclineThenRetryInTheAdvancedFlow() async throws {
        let run = try DropInCheckoutRun(
            script: AdyenDemoScript(scenario: DemoScenario(decline: true, challenge: true), flow: .advanced))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertTrue(phases.contains(.declined(reason: "Insufficient Funds")), "\(phases)")
        XCTAssertEqual(phases.last, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testPendingCompletesTheOrderAndOnlyTheLookupConfirmsIt() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.pending])
        await server.setWebhookOutcome(.notYetReceived)
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .awaitingConfirmation])
        XCTAssertEqual(run.state.view, .completed, "the \"we'll email you\" view")
        XCTAssertEqual(run.state.completedOrder?.status, .pending)
        XCTAssertFalse(run.state.payment.isConfirmed)
        // No webhook: the whole schedule was polled (on the sandbox clock), and polling ended.
        XCTAssertEqual(run.clock.sleeps.count, BackoffSchedule.confirmationPolling.tryCount)
        XCTAssertEqual(run.state.payment.confirmation?.hasEnded, true)
        await run.send(.payment(.confirmationRequested))
        XCTAssertEqual(run.state.payment.phase, .awaitingConfirmation, "no webhook yet")
        await server.setWebhookOutcome(.authorised)
        await run.send(.payment(.confirmationRequested))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        XCTAssertTrue(run.state.payment.isConfirmed)
        XCTAssertEqual(run.state.completedOrder?.status, .confirmed)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testVoucherIsShownThenTheWebhookConfirmsTheOrder() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.action(.voucher, then: .authorised)])
        // The poll waits for the placement: on the sandbox clock it would otherwise race it, and
        // an authorisation found first places the order confirmed at once (also right, but not
        // what this test shows).
        let run = try DropInCheckoutRun(
            script: AdyenDemoScript(server: server, flow: .advanced), sleepsAfterTheOrderIsPlaced: true)
        await run.completeSections()
        let phases = try await run.pay()
        guard phases.count == 3, case .actionRequired(let voucher) = phases[1] else {
            return XCTFail("expected a voucher: \(phases)")
        }
        XCTAssertEqual(voucher.kind, .voucher)
        // The voucher shown, the order was placed as pending and the lookup polled: the first
        // poll, 2 s later, found the webhook's authorisation and confirmed the order.
        XCTAssertEqual(phases.last, .succeeded)
        XCTAssertEqual(run.clock.sleeps, [.seconds(2)])
        let orderCalls = await run.api.receivedCalls.filter {
            switch $0 {
            case .placeOrder, .updateOrderStatus: return true
            default: return false
            }
        }
        XCTAssertEqual(
            orderCalls,
            [
                .placeOrder(
                    cartID: "cart-1", paymentReference: "payment-1", amount: try XCTUnwrap(run.state.displayedTotal),
                    status: .pending, idempotencyKey: "order-key-1"),
                .updateOrderStatus(orderID: "order-1", status: .confirmed),
            ])
        XCTAssertEqual(run.state.completedOrder?.orderID, "order-1")
        XCTAssertEqual(run.state.completedOrder?.status, .confirmed)
        XCTAssertEqual(run.state.payment.shopperAction?.kind, .voucher, "the voucher stays for the host to show")
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testRedirectReturnURLIsForwardedAsTheActionsDetails() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.action(.redirect, then: .authorised)])
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases.last, .succeeded)
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .paymentDetails(keys: ["redirectResult"], sessionID: "CS1"))
        try run.closeAndVerifyReplay(secrets: secrets + ["demo-redirect"])
    }

    func testSDKAwaitAndQRCodeActionsFinishThroughTheStore() async throws {
        for type in [AdyenSandboxServer.ActionType.sdk, .await, .qrCode] {
            let server = AdyenSandboxServer(firstAnswers: [.action(type, then: .authorised)])
            let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server, flow: .advanced))
            await run.completeSections()
            let phases = try await run.pay()
            guard phases.count == 3, case .actionRequired(let request) = phases[1] else {
                return XCTFail("expected an action for \(type): \(phases)")
            }
            if request.finishesWithoutDetails {
                // A QR code is shown; the first poll finds the webhook's confirmation.
                XCTAssertEqual(phases.last, .succeeded, "\(type)")
                XCTAssertEqual(run.clock.sleeps, [.seconds(2)], "\(type)")
            } else {
                XCTAssertEqual(phases.last, .succeeded, "\(type)")
                let calls = await server.receivedCalls
                XCTAssertEqual(calls.last, .paymentDetails(keys: ["payload"], sessionID: nil), "\(type)")
            }
            XCTAssertEqual(run.state.payment.phase, .succeeded, "\(type)")
            try run.closeAndVerifyReplay(secrets: secrets + ["demo-payload"])
        }
    }

    func testGiftCardPaysPartThenTheDropInReloadsForTheRemainder() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.partial(paidMinorUnits: 2000)])
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server))
        await run.completeSections()
        let total = try XCTUnwrap(run.state.displayedTotal)
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .presenting, .succeeded])
        XCTAssertEqual(run.state.payment.paidAmount, AdyenFixtures.gbp("20"))
        XCTAssertEqual(run.state.completedOrder?.total, total)
        let calls = await server.receivedCalls
        let sessions = calls.compactMap { call -> AdyenAmount? in
            if case .sessions(let amount, _, _) = call { return amount }
            return nil
        }
        let remainder = try AdyenAmount(total).value - 2000
        XCTAssertEqual(sessions.map(\.value), [try AdyenAmount(total).value, remainder])
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testCancellingDuringTheChallengeAbandonsTheSession() async throws {
        let script = AdyenDemoScript(scenario: DemoScenario(challenge: true))
        let run = try DropInCheckoutRun(script: script)
        await run.completeSections()
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.submitted(try await script.submission(for: session))))
        guard case .actionRequired = run.state.payment.phase else { return XCTFail("expected a challenge") }
        await run.send(.payment(.cancelTapped))
        XCTAssertEqual(run.state.payment.phase, .cancelled)
        XCTAssertNil(run.state.payment.session)
        do {
            _ = try await script.provider.submitDetails(
                AdyenDetails.actionDetails(["threeDSResult": "late"]), in: session)
            XCTFail("an abandoned session takes no details")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testIcelandicKronurAreSentInAdyensTwoDigitMinorUnits() async throws {
        let api = SandboxCheckoutAPI(
            lines: [CartLine(id: "l", productID: "p", title: "Wool jumper", quantity: 1, unitPrice: 15_000)],
            currencyCode: "ISK")
        let server = AdyenSandboxServer()
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server), api: api)
        await run.completeSections()
        let total = try XCTUnwrap(run.state.displayedTotal)
        XCTAssertEqual(total.currencyCode, "ISK")
        _ = try await run.pay()
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        let calls = await server.receivedCalls
        guard case .sessions(let amount, _, _) = calls.first else { return XCTFail("expected a session") }
        XCTAssertEqual(amount.value, try total.minorUnits(overrides: ["ISK": 2]))
        XCTAssertEqual(amount.value % 100, 0, "ISK whole kronur, two Adyen digits")
    }

    func testConflictingCartNeverReachesAdyen() async throws {
        let server = AdyenSandboxServer()
        let api = SandboxCheckoutAPI()
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server), api: api)
        await run.completeSections()
        await api.changePrice(productID: "cap-grey", to: 20)
        await run.send(.payment(.payTapped))
        XCTAssertEqual(run.state.payment.phase, .idle)
        XCTAssertTrue(run.state.errors.contains { $0.kind == .cartChanged })
        let calls = await server.receivedCalls
        XCTAssertTrue(calls.isEmpty, "no session for a total the user was not shown")
    }
}

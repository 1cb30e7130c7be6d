import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

/// Adyen's sessions flow as its iOS SDK runs it: the SDK makes the session's calls and reports
/// `didComplete` with a result code; the checkout asks the session-result lookup, then places the
/// order, as for any result. Recorded and replayed.
final class AdyenSessionDropInTests: XCTestCase {
    private let secrets = ["adyenjs_0_1_25$demo", "Ab02b4c0!", "sbx_secret_sr-", "4111111111111111"]

    private func run(
        _ answers: [AdyenSandboxServer.Answer], webhook: AdyenSandboxServer.WebhookOutcome = .authorised
    )
        async throws -> (DropInCheckoutRun, AdyenSandboxServer)
    {
        let server = AdyenSandboxServer(firstAnswers: answers)
        await server.setWebhookOutcome(webhook)
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: server, dropInPays: true))
        await run.completeSections()
        return (run, server)
    }

    private func orderCalls(_ run: DropInCheckoutRun) async -> [SandboxCheckoutAPI.Call] {
        await run.api.receivedCalls.filter {
            switch $0 {
            case .placeOrder, .updateOrderStatus: return true
            default: return false
            }
        }
    }

    // MARK: The session in the state

    func testTheStateCarriesTheSessionsIdAndDataAndTheLogNeitherItsDataNorItsResult() async throws {
        let (run, server) = try await run([])
        await run.send(.payment(.payTapped))
        XCTAssertEqual(run.state.payment.phase, .presenting)
        let session = try XCTUnwrap(run.state.payment.session)
        XCTAssertEqual(session.id, "CS1", "AdyenSession.Configuration(sessionIdentifier:)")
        XCTAssertEqual(session.token?.value, SandboxSecret.make("Ab02b4c0!BQABAgACS1v1"), "initialSessionData")
        XCTAssertNil(session.paymentMethodsResponse, "the SDK's setup call fetches the session's methods")
        XCTAssertEqual(session.methods.map(\.id), AdyenSandboxServer.methods.map(\.type))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.count, 1)
        _ = try await run.pay()
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    // MARK: Each result code's family, through the store

    func testAuthorisedIsConfirmedByTheLookupThenTheOrderIsPlaced() async throws {
        let (run, server) = try await run([])
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .succeeded])
        XCTAssertTrue(run.state.payment.isConfirmed, "the lookup answered, not only the drop-in")
        XCTAssertEqual(run.state.payment.dropInResultCode, "Authorised")
        XCTAssertEqual(run.state.completedOrder?.status, .confirmed)
        XCTAssertEqual(run.state.completedOrder?.orderNumber, "SB-1001")
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .sessionResult(sessionID: "CS1"))
        XCTAssertTrue(calls.contains { if case .payments(_, _, "CS1", nil) = $0 { true } else { false } })
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testAChallengeTheSDKPerformedIsInvisibleToTheCheckout() async throws {
        let (run, server) = try await run([.action(.threeDS2Challenge, then: .authorised)])
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .succeeded])
        let calls = await server.receivedCalls
        XCTAssertTrue(calls.contains(.paymentDetails(keys: ["threeDSResult"], sessionID: "CS1")))
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testPendingPlacesAPendingOrderAndPollsUntilTheLookupConfirmsIt() async throws {
        let (run, server) = try await run([.pending], webhook: .notYetReceived)
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .awaitingConfirmation])
        XCTAssertEqual(run.state.completedOrder?.status, .pending, "\"we'll email you\"")
        XCTAssertFalse(run.state.payment.isConfirmed)
        XCTAssertEqual(run.state.payment.confirmation?.hasEnded, true, "the whole schedule was polled")
        let lookups = await server.receivedCalls.filter { $0 == .sessionResult(sessionID: "CS1") }
        XCTAssertEqual(lookups.count, 1 + BackoffSchedule.confirmationPolling.tryCount)
        await server.setWebhookOutcome(.authorised)
        await run.send(.payment(.confirmationRequested))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        XCTAssertEqual(run.state.completedOrder?.status, .confirmed)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testAVoucherShownIsPresentToShopperAndItsRefusalCancelsThePendingOrder() async throws {
        let (run, _) = try await run([.action(.voucher, then: .authorised)], webhook: .notYetReceived)
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .awaitingConfirmation])
        XCTAssertEqual(run.state.payment.dropInResultCode, "PresentToShopper")
        XCTAssertEqual(run.state.payment.receipt?.resultCode, "PresentToShopper")
        let pending = try XCTUnwrap(run.state.completedOrder)
        XCTAssertEqual(pending.status, .pending)
        await (run.script as? AdyenDemoScript)?.server.setWebhookOutcome(.refused(reason: "Expired"))
        await run.send(.payment(.confirmationRequested))
        XCTAssertEqual(run.state.payment.phase, .failed(PaymentFailure(kind: .refused, message: "Refused")))
        XCTAssertNil(run.state.completedOrder, "a refusal never leaves a completed order")
        XCTAssertFalse(run.state.payment.phase.locksCheckout, "the sections unlock")
        let calls = await orderCalls(run)
        XCTAssertEqual(calls.last, .updateOrderStatus(orderID: pending.orderID, status: .cancelled))
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testRefusedUnlocksTheSectionsAndPayingAgainStartsANewSession() async throws {
        let (run, server) = try await run([.refused(reason: "Insufficient Funds")])
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .failed(PaymentFailure(kind: .declined, message: "Refused"))])
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        XCTAssertTrue(run.state.errors.contains { $0.kind == .paymentDeclined(reason: "Refused") })
        XCTAssertNil(run.state.completedOrder)
        XCTAssertNil(run.state.orderPlacement, "no order for a refusal")
        await run.send(.payment(.retryTapped))
        let second = try XCTUnwrap(run.state.payment.session?.id)
        XCTAssertTrue(second.hasPrefix("CS") && second != "CS1", "a new session: \(second)")
        _ = try await run.pay(tappingPay: false)
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        XCTAssertEqual(run.state.completedOrder?.status, .confirmed)
        let sessions = await server.receivedCalls.filter { if case .sessions = $0 { true } else { false } }
        XCTAssertEqual(sessions.count, 2)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testCancelledGoesBackToChoosingHowToPay() async throws {
        let (run, _) = try await run([.cancelled])
        let phases = try await run.pay()
        XCTAssertEqual(phases, [.presenting, .cancelled])
        XCTAssertNil(run.state.payment.session, "the session is abandoned")
        XCTAssertNil(run.state.completedOrder)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testAnErrorFailsThePaymentWithNoOrder() async throws {
        // Reported without a session result, the lookup cannot be asked: the reported Error decides.
        let (run, _) = try await run([])
        await run.send(.payment(.payTapped))
        await run.send(.payment(.dropInCompleted(PaymentDropInResult(resultCode: "Error", sessionResult: nil))))
        guard case .failed(let failure) = run.state.payment.phase else {
            return XCTFail("expected a failure: \(run.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .provider)
        XCTAssertNil(run.state.completedOrder)
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    // MARK: Bad reports

    func testASecondDidCompleteForTheSamePaymentNeverMakesASecondOrder() async throws {
        let (run, server) = try await run([])
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        let reported = try await run.script.dropInResult(for: session)
        let result = try XCTUnwrap(reported)
        // Twice at once (the second while the lookup is under way), then once more after the order.
        run.store.dispatch(.payment(.dropInCompleted(result)))
        run.store.dispatch(.payment(.dropInCompleted(result)))
        await run.store.waitForEffects()
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        let order = try XCTUnwrap(run.state.completedOrder)
        await run.send(.payment(.dropInCompleted(result)))
        XCTAssertEqual(run.state.completedOrder, order)
        let placed = await orderCalls(run)
        XCTAssertEqual(placed.count, 1, "one order")
        let lookups = await server.receivedCalls.filter { $0 == .sessionResult(sessionID: "CS1") }
        XCTAssertEqual(lookups.count, 1, "one lookup")
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testAnUnknownResultCodeIsRefusedTypedWithNoLookupAndNoOrder() async throws {
        let (run, server) = try await run([])
        await run.send(.payment(.payTapped))
        await run.send(
            .payment(
                .dropInCompleted(PaymentDropInResult(resultCode: "Approved", sessionResult: Sensitive("whatever")))))
        XCTAssertEqual(
            run.state.payment.phase,
            .failed(
                PaymentFailure(kind: .provider, message: #"Adyen's drop-in reported an unknown result code "Approved""#)
            ))
        XCTAssertNil(run.state.completedOrder)
        XCTAssertNil(run.state.orderPlacement)
        let lookups = await server.receivedCalls.filter { if case .sessionResult = $0 { true } else { false } }
        XCTAssertTrue(lookups.isEmpty, "an unknown code is never looked up as a success")
        await run.send(.payment(.retryTapped))
        _ = try await run.pay(tappingPay: false)
        XCTAssertEqual(run.state.payment.phase, .succeeded, "paying again works")
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testTheSDKsCaseNamesAreReadAsItsCodes() async throws {
        let (run, _) = try await run([])
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        let reported = try await run.script.dropInResult(for: session)
        let result = try XCTUnwrap(reported)
        await run.send(
            .payment(
                .dropInCompleted(PaymentDropInResult(resultCode: "authorised", sessionResult: result.sessionResult))))
        XCTAssertEqual(run.state.payment.phase, .succeeded)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testALookupThatFailsLeavesAReportedSuccessAwaitingConfirmation() async throws {
        let (run, _) = try await run([])
        await run.send(.payment(.payTapped))
        // A session result the sandbox never issued: its lookup answers 422.
        await run.send(
            .payment(
                .dropInCompleted(PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("forged")))))
        XCTAssertEqual(run.state.payment.phase, .awaitingConfirmation, "never taken on the drop-in's word")
        XCTAssertEqual(run.state.completedOrder?.status, .pending)
        XCTAssertFalse(run.state.payment.isConfirmed)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testDidFailFailsThePaymentAndUnlocksTheSections() async throws {
        let (run, _) = try await run([])
        await run.send(.payment(.payTapped))
        await run.send(.payment(.dropInFailed(message: "The session expired")))
        XCTAssertEqual(
            run.state.payment.phase,
            .failed(PaymentFailure(kind: .provider, message: "the drop-in failed: The session expired")))
        XCTAssertNil(run.state.payment.session)
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        // A late report of the abandoned payment changes nothing.
        await run.send(
            .payment(.dropInCompleted(PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("x")))))
        XCTAssertNil(run.state.orderPlacement)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testAnActionComponentThatFailsFailsThePayment() async throws {
        let run = try DropInCheckoutRun(
            script: AdyenDemoScript(scenario: DemoScenario(challenge: true), flow: .advanced))
        await run.completeSections()
        await run.send(.payment(.payTapped))
        let session = try XCTUnwrap(run.state.payment.session)
        await run.send(.payment(.submitted(try await run.script.submission(for: session))))
        guard case .actionRequired = run.state.payment.phase else { return XCTFail("\(run.state.payment.phase)") }
        await run.send(.payment(.dropInFailed(message: "the challenge could not be shown")))
        guard case .failed(let failure) = run.state.payment.phase else { return XCTFail("\(run.state.payment.phase)") }
        XCTAssertEqual(failure.kind, .provider)
        XCTAssertFalse(run.state.payment.phase.locksCheckout)
        try run.closeAndVerifyReplay(secrets: secrets)
    }

    func testTheAdvancedFlowsDropInDoesNotReportAPayment() async throws {
        let run = try DropInCheckoutRun(script: AdyenDemoScript(server: AdyenSandboxServer(), flow: .advanced))
        await run.completeSections()
        await run.send(.payment(.payTapped))
        await run.send(
            .payment(.dropInCompleted(PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("x")))))
        guard case .failed(let failure) = run.state.payment.phase else { return XCTFail("\(run.state.payment.phase)") }
        XCTAssertEqual(failure.kind, .configuration)
        XCTAssertNil(run.state.completedOrder)
    }

    // MARK: The pieces

    func testReportedCodesAreReadAsAdyenSpellsThemOrAsTheSDKNamesThem() throws {
        for code in AdyenResultCode.allCases {
            XCTAssertEqual(try AdyenResultCode(reported: code.rawValue), code)
            let caseName = code.rawValue.prefix(1).lowercased() + code.rawValue.dropFirst()
            XCTAssertEqual(try AdyenResultCode(reported: caseName), code)
        }
        for text in ["", "Approved", "Authorized", " Authorised", String(repeating: "x", count: 500)] {
            XCTAssertThrowsError(try AdyenResultCode(reported: text)) { error in
                XCTAssertEqual(error as? AdyenUnknownResultCode, AdyenUnknownResultCode(resultCode: text))
                XCTAssertLessThan("\(error)".count, 130, "a long code is cut")
            }
        }
    }

    func testTheLookupDecidesWhenItKnowsAndTheFamilyWhileTheSessionIsActive() {
        let receipt = PaymentReceipt(
            providerReference: "payment-1", amount: AdyenFixtures.gbp("45.95"), resultCode: "x")
        func outcome(_ code: AdyenResultCode, _ status: AdyenSessionStatus.Status?) -> PaymentOutcome {
            AdyenResultMapping.outcome(
                ofReported: code, status: status.map { AdyenSessionStatus(id: "CS1", status: $0) }, receipt: receipt)
        }
        func withCode(_ code: String) -> PaymentReceipt {
            PaymentReceipt(providerReference: "payment-1", amount: AdyenFixtures.gbp("45.95"), resultCode: code)
        }
        for code in AdyenResultCode.allCases {
            XCTAssertEqual(outcome(code, .completed), .authorised(withCode("Authorised")), "\(code)")
            XCTAssertEqual(outcome(code, .refused), .refused(reason: "Refused"), "\(code)")
            XCTAssertEqual(outcome(code, .canceled), .cancelled, "\(code)")
            XCTAssertEqual(outcome(code, .paymentPending), .awaitingConfirmation(receipt), "\(code)")
            guard case .error = outcome(code, .expired) else { return XCTFail("\(code): expired is an error") }
        }
        for status in [AdyenSessionStatus.Status.active, nil] {
            for code in [AdyenResultCode.authorised, .pending, .received, .presentToShopper] {
                XCTAssertEqual(outcome(code, status), .awaitingConfirmation(withCode(code.rawValue)), "\(code)")
            }
            XCTAssertEqual(outcome(.refused, status), .refused(reason: "Refused"))
            XCTAssertEqual(outcome(.cancelled, status), .cancelled)
            for code in [
                AdyenResultCode.error, .partiallyAuthorised, .redirectShopper, .identifyShopper, .challengeShopper,
                .authenticationFinished, .authenticationNotRequired,
            ] {
                guard case .error = outcome(code, status) else { return XCTFail("\(code) should be an error") }
            }
        }
    }

    func testTheSandboxsDropInRefusesSessionDataItNeverIssued() async throws {
        let server = AdyenSandboxServer()
        let session = try await AdyenFixtures.provider(server: server).prepare(AdyenFixtures.request())
        let card = Sensitive(#"{"type":"scheme"}"#)
        for data in [Sensitive("forged"), .redacted, nil] {
            do {
                _ = try await server.completeSessionInDropIn(
                    sessionID: session.id, sessionData: data, paymentMethod: card)
                XCTFail("accepted \(String(describing: data))")
            } catch {
                XCTAssertEqual((error as? AdyenAPIError)?.errorCode, "14_0322")
            }
        }
        let result = try await server.completeSessionInDropIn(
            sessionID: session.id, sessionData: session.token, paymentMethod: card)
        XCTAssertEqual(result.resultCode, "Authorised")
        XCTAssertTrue(result.sessionResult?.value?.hasPrefix(SandboxSecret.make("sr-CS1-")) == true)
    }
}

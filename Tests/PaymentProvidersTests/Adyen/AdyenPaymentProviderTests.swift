import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

final class AdyenPaymentProviderTests: XCTestCase {
    private let server = AdyenSandboxServer()

    private func threeDS(_ result: String = "eyJ0cmFuc1N0YXR1cyI6IlkifQ==") -> PaymentActionDetails {
        AdyenDetails.actionDetails(["threeDSResult": result])
    }

    func testDescriptorCarriesAdyensCurrencyExceptionsAndPartialPayments() {
        let provider = AdyenFixtures.provider(server: server)
        XCTAssertEqual(provider.descriptor.id, "adyen")
        XCTAssertEqual(provider.descriptor.minorUnitOverrides, CurrencyDigits.adyenOverrides)
        XCTAssertTrue(provider.descriptor.supportsPartialPayments)
    }

    func testSessionsFlowCreatesASessionInMinorUnitsAndAuthorises() async throws {
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        XCTAssertEqual(session.id, "CS1")
        XCTAssertEqual(session.amount, AdyenFixtures.gbp("45.95"))
        XCTAssertEqual(session.methods.map(\.id), ["scheme", "ideal", "giftcard", "pix"])
        XCTAssertNotNil(session.token?.value)
        let outcome = try await provider.submit(AdyenFixtures.card, in: session)
        guard case .authorised(let receipt) = outcome else { return XCTFail("expected authorised, got \(outcome)") }
        XCTAssertEqual(receipt.resultCode, "Authorised")
        XCTAssertEqual(receipt.amount, AdyenFixtures.gbp("45.95"))
        let calls = await server.receivedCalls
        XCTAssertEqual(
            calls,
            [
                .sessions(AdyenAmount(value: 4595, currency: "GBP"), reference: "payment-1", order: nil),
                .payments(
                    AdyenAmount(value: 4595, currency: "GBP"), reference: "payment-1", sessionID: "CS1", order: nil),
            ])
    }

    func testAdvancedFlowListsMethodsThenPays() async throws {
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        XCTAssertEqual(session.id, "adyen-payment-1-1")
        XCTAssertNil(session.token)
        guard case .authorised = try await provider.submit(AdyenFixtures.card, in: session) else {
            return XCTFail("expected authorised")
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.first, .paymentMethods(AdyenAmount(value: 4595, currency: "GBP"), order: nil))
        XCTAssertEqual(
            calls.last,
            .payments(AdyenAmount(value: 4595, currency: "GBP"), reference: "payment-1", sessionID: nil, order: nil))
    }

    func testAmountInAdyensMinorUnitsMustMatchTheCheckouts() async {
        let provider = AdyenFixtures.provider(server: server)
        var request = AdyenFixtures.request(Money(amount: 1000, currencyCode: "ISK"))
        XCTAssertEqual(request.minorUnits, 100_000)
        request.minorUnits = 1000  // ISO digits, not Adyen's
        do {
            _ = try await provider.prepare(request)
            XCTFail("expected a guard failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .guardViolation)
        }
    }

    func testSessionForAnotherAmountIsRefused() async {
        let provider = AdyenPaymentProvider(
            configuration: AdyenFixtures.configuration(),
            server: MisbehavingAdyenServer(sessionAmount: AdyenAmount(value: 4500, currency: "GBP")))
        do {
            _ = try await provider.prepare(AdyenFixtures.request())
            XCTFail("expected a guard failure")
        } catch {
            XCTAssertEqual(
                error as? PaymentFailure,
                PaymentFailure(
                    kind: .guardViolation, message: "the Adyen session is for 4500 GBP, the checkout asked 4595 GBP"))
        }
    }

    func testServerFailureBecomesAProviderFailureNamingTheEndpoint() async {
        let provider = AdyenPaymentProvider(
            configuration: AdyenFixtures.configuration(.advanced),
            server: MisbehavingAdyenServer(sessionAmount: AdyenAmount(value: 4595, currency: "GBP")))
        do {
            _ = try await provider.prepare(AdyenFixtures.request())
            XCTFail("expected a failure")
        } catch {
            let failure = error as? PaymentFailure
            XCTAssertEqual(failure?.kind, .provider)
            XCTAssertTrue(failure?.message.hasPrefix("Adyen /paymentMethods failed") == true, "\(error)")
        }
    }

    func testRefusedComesBackWithTheReasonAndTheSameSessionCanRetry() async throws {
        await server.enqueue(.refused(reason: "Insufficient Funds"), .authorised)
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let first = try await provider.submit(AdyenFixtures.card, in: session)
        XCTAssertEqual(first, .refused(reason: "Insufficient Funds"))
        guard case .authorised = try await provider.submit(AdyenFixtures.card, in: session) else {
            return XCTFail("a retry in the same session (with refreshed session data) is authorised")
        }
    }

    func testErrorAndCancelledResults() async throws {
        await server.enqueue(.error(reason: "Acquirer Error"), .cancelled)
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let error = try await provider.submit(AdyenFixtures.card, in: session)
        XCTAssertEqual(error, .error(message: "Acquirer Error"))
        let cancelled = try await provider.submit(AdyenFixtures.card, in: session)
        XCTAssertEqual(cancelled, .cancelled)
    }

    func testActionCodeWithoutAnActionIsAnError() async throws {
        await server.enqueue(.resultCode("ChallengeShopper"))
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let outcome = try await provider.submit(AdyenFixtures.card, in: session)
        XCTAssertEqual(outcome, .error(message: "Adyen answered ChallengeShopper without an action"))
    }

    func testFingerprintThenChallengeChainThroughDetailsCalls() async throws {
        await server.enqueue(.action(.threeDS2Fingerprint, then: .action(.threeDS2Challenge, then: .authorised)))
        for flow in [AdyenFlow.sessions, .advanced] {
            let provider = AdyenFixtures.provider(flow, server: server)
            let session = try await provider.prepare(AdyenFixtures.request(reference: "payment-\(flow)"))
            if flow == .advanced {
                await server.enqueue(
                    .action(.threeDS2Fingerprint, then: .action(.threeDS2Challenge, then: .authorised)))
            }
            guard case .actionRequired(let fingerprint) = try await provider.submit(AdyenFixtures.card, in: session)
            else { return XCTFail("expected a fingerprint (\(flow))") }
            XCTAssertEqual(fingerprint.kind, .threeDSFingerprint)
            guard case .actionRequired(let challenge) = try await provider.submitDetails(threeDS(), in: session) else {
                return XCTFail("expected a challenge (\(flow))")
            }
            XCTAssertEqual(challenge.kind, .threeDSChallenge)
            guard case .authorised = try await provider.submitDetails(threeDS(), in: session) else {
                return XCTFail("expected authorised (\(flow))")
            }
        }
    }

    func testEveryActionTypeReachesTheDropInWithItsKind() async throws {
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let kinds: [AdyenSandboxServer.ActionType: PaymentActionRequest.Kind] = [
            .redirect: .redirect, .threeDS2Fingerprint: .threeDSFingerprint, .threeDS2Challenge: .threeDSChallenge,
            .sdk: .sdk, .await: .await, .voucher: .voucher, .qrCode: .qrCode, .document: .document,
        ]
        for type in AdyenSandboxServer.ActionType.allCases {
            await server.enqueue(.action(type, then: .authorised))
            let session = try await provider.prepare(AdyenFixtures.request())
            guard case .actionRequired(let request) = try await provider.submit(AdyenFixtures.card, in: session)
            else { return XCTFail("expected an action for \(type)") }
            XCTAssertEqual(request.kind, kinds[type], "\(type)")
            let payload = try XCTUnwrap(request.payload?.value)
            let action = try JSONDecoder().decode(AdyenAction.self, from: Data(payload.utf8))
            XCTAssertNotNil(action.paymentData, "\(type) carries paymentData")
        }
    }

    func testRedirectReturnURLFinishesTheRedirect() async throws {
        await server.enqueue(.action(.redirect, then: .authorised))
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        guard case .actionRequired(let request) = try await provider.submit(AdyenFixtures.card, in: session) else {
            return XCTFail("expected a redirect")
        }
        XCTAssertEqual(request.kind, .redirect)
        XCTAssertTrue(request.url?.value?.hasPrefix("https://checkoutshopper-test.adyen.com") == true)
        XCTAssertEqual(
            request.url?.description,
            "https://checkoutshopper-test.adyen.com/checkoutshopper/checkoutPaymentRedirect?redirectData=[REDACTED]",
            "the redirect's data never shows in a log")
        let details = try AdyenRedirectReturn.details(
            for: "poqshop://adyen?redirectResult=X6Xt", configuration: provider.configuration)
        guard case .authorised = try await provider.submitDetails(details, in: session) else {
            return XCTFail("expected authorised")
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .paymentDetails(keys: ["redirectResult"], sessionID: "CS1"))
    }

    func testDetailsWithoutTheKeyTheActionNeedsAreRefusedByAdyen() async throws {
        await server.enqueue(.action(.threeDS2Challenge, then: .authorised))
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        _ = try await provider.submit(AdyenFixtures.card, in: session)
        do {
            _ = try await provider.submitDetails(AdyenDetails.actionDetails(["redirectResult": "x"]), in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertTrue("\(error)".contains("14_0302"), "\(error)")
        }
    }

    func testPendingIsAwaitedAndTheSessionResultIsAuthoritative() async throws {
        await server.enqueue(.pending)
        await server.setWebhookOutcome(.notYetReceived)
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        guard case .awaitingConfirmation(let receipt) = try await provider.submit(AdyenFixtures.card, in: session)
        else {
            return XCTFail("expected awaiting confirmation")
        }
        XCTAssertEqual(receipt.resultCode, "Pending")
        let stillPending = try await provider.confirm(session)
        XCTAssertEqual(stillPending, .awaitingConfirmation(receipt))
        await server.setWebhookOutcome(.authorised)
        guard case .authorised = try await provider.confirm(session) else { return XCTFail("expected authorised") }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .sessionResult(sessionID: "CS1"))
    }

    func testReceivedInTheAdvancedFlowIsDecidedByTheWebhook() async throws {
        await server.enqueue(.received)
        await server.setWebhookOutcome(.refused(reason: "FRAUD"))
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        guard case .awaitingConfirmation(let receipt) = try await provider.submit(AdyenFixtures.card, in: session)
        else {
            return XCTFail("expected awaiting confirmation")
        }
        let confirmed = try await provider.confirm(session)
        XCTAssertEqual(confirmed, .refused(reason: "FRAUD"))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .notification(pspReference: receipt.providerReference))
    }

    func testVoucherShownThenTheWebhookConfirms() async throws {
        await server.enqueue(.action(.voucher, then: .authorised))
        let provider = AdyenFixtures.provider(.advanced, server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        guard case .actionRequired(let voucher) = try await provider.submit(AdyenFixtures.card, in: session) else {
            return XCTFail("expected a voucher")
        }
        XCTAssertTrue(voucher.finishesWithoutDetails)
        guard case .authorised = try await provider.confirm(session) else { return XCTFail("expected authorised") }
    }

    func testPartialPaymentPaysTheRemainderIntoTheSameOrder() async throws {
        await server.enqueue(.partial(paidMinorUnits: 2000))
        let provider = AdyenFixtures.provider(server: server)
        let first = try await provider.prepare(AdyenFixtures.request())
        let outcome = try await provider.submit(AdyenFixtures.giftCard, in: first)
        guard case .partiallyAuthorised(let paid, let remaining) = outcome else {
            return XCTFail("expected a partial payment, got \(outcome)")
        }
        XCTAssertEqual(paid.amount, AdyenFixtures.gbp("20"))
        XCTAssertEqual(remaining, AdyenFixtures.gbp("25.95"))
        let second = try await provider.prepare(AdyenFixtures.request(remaining))
        guard case .authorised = try await provider.submit(AdyenFixtures.card, in: second) else {
            return XCTFail("expected the remainder authorised")
        }
        let calls = await server.receivedCalls
        guard case .sessions(let amount, _, let order?) = calls[2] else {
            return XCTFail("expected a session for the remainder, got \(calls[2])")
        }
        XCTAssertEqual(amount, AdyenAmount(value: 2595, currency: "GBP"))
        XCTAssertEqual(calls.last, .payments(amount, reference: "payment-1", sessionID: "CS4", order: order))
    }

    func testCancellingAPartlyPaidOrderCancelsItAtAdyen() async throws {
        await server.enqueue(.partial(paidMinorUnits: 2000))
        let provider = AdyenFixtures.provider(server: server)
        let first = try await provider.prepare(AdyenFixtures.request())
        _ = try await provider.submit(AdyenFixtures.giftCard, in: first)
        let second = try await provider.prepare(AdyenFixtures.request(AdyenFixtures.gbp("25.95")))
        await provider.cancel(second)
        let calls = await server.receivedCalls
        guard case .cancelOrder = calls.last else { return XCTFail("expected the order cancelled, got \(calls)") }
        do {
            _ = try await provider.submit(AdyenFixtures.card, in: second)
            XCTFail("a cancelled session cannot pay")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
    }

    func testANewPaymentForTheCartCancelsAnOrderTheCheckoutDroppedWithoutCancelling() async throws {
        await server.enqueue(.partial(paidMinorUnits: 2000))
        let provider = AdyenFixtures.provider(server: server)
        let first = try await provider.prepare(AdyenFixtures.request())
        _ = try await provider.submit(AdyenFixtures.giftCard, in: first)
        // The app went away before the remainder's session arrived; the retry is a new payment.
        let retry = try await provider.prepare(AdyenFixtures.request(reference: "payment-2"))
        let calls = await server.receivedCalls
        guard case .cancelOrder = calls[calls.count - 2] else {
            return XCTFail("expected the old order cancelled: \(calls)")
        }
        XCTAssertEqual(
            calls.last, .sessions(AdyenAmount(value: 4595, currency: "GBP"), reference: "payment-2", order: nil))
        guard case .authorised = try await provider.submit(AdyenFixtures.card, in: retry) else {
            return XCTFail("the new payment takes the whole total")
        }
    }

    func testRedactedPaymentMethodIsNeverSent() async throws {
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        let redacted = PaymentSubmission(methodID: "scheme", payload: .redacted)
        do {
            _ = try await provider.submit(redacted, in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .provider)
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.count, 1, "no payments call")
    }

    func testSandboxRefusesAPaymentMethodWithoutAType() async throws {
        // The provider refuses such data before any call (`AdyenDropInDataTests`); the sandbox
        // refuses it too, as Adyen does.
        let provider = AdyenFixtures.provider(server: server)
        _ = try await provider.prepare(AdyenFixtures.request())
        do {
            _ = try await server.payments(
                AdyenPaymentsRequest(
                    merchantAccount: "PoqShopECOM", amount: AdyenAmount(value: 4595, currency: "GBP"),
                    reference: "payment-1", paymentMethod: Sensitive("{}"), returnUrl: "poqshop://adyen",
                    countryCode: "GB", channel: "iOS"))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? AdyenAPIError)?.errorCode, "14_016", "\(error)")
        }
    }

    func testSandboxFailureAnswerThrows() async throws {
        await server.enqueue(
            .failure(AdyenAPIError(status: 500, errorCode: "905", message: "down", errorType: "internal")))
        let provider = AdyenFixtures.provider(server: server)
        let session = try await provider.prepare(AdyenFixtures.request())
        do {
            _ = try await provider.submit(AdyenFixtures.card, in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(
                error as? PaymentFailure,
                PaymentFailure(kind: .provider, message: "Adyen /payments failed: 500 905 (internal): down"))
        }
    }

    func testSandboxIsDeterministic() async throws {
        func run() async throws -> [AdyenSandboxServer.Call] {
            let server = AdyenSandboxServer()
            await server.enqueue(.action(.threeDS2Challenge, then: .authorised))
            let provider = AdyenFixtures.provider(server: server)
            let session = try await provider.prepare(AdyenFixtures.request())
            _ = try await provider.submit(AdyenFixtures.card, in: session)
            _ = try await provider.submitDetails(threeDS(), in: session)
            return await server.receivedCalls
        }
        let first = try await run()
        let second = try await run()
        XCTAssertEqual(first, second)
    }
}

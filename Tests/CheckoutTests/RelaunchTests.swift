import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// The app is killed mid-checkout and relaunched from its log on the same backend
/// (``KilledCheckout``): what was under way goes on or ends where the customer understands it,
/// never with a lost payment or a second one, and never a second order.
final class RelaunchTests: XCTestCase {
    private let card = PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))

    /// Sections done and pay tapped; `then` goes on from the presented drop-in.
    private func payUpTo(_ harness: Harness, then: (Harness) async -> Void = { _ in }) async {
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await then(harness)
    }

    private func submit(_ harness: Harness) async {
        await harness.send(.payment(.submitted(card)))
    }

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("relaunch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private static func isAction(_ state: CheckoutState, _ kind: PaymentActionRequest.Kind) -> Bool {
        if case .actionRequired(let request) = state.payment.phase { return request.kind == kind }
        return false
    }

    /// One payment and one order at the backend, placed with one key, and shown.
    private func assertOnePaymentOneOrder(
        _ killed: KilledCheckout, status: OrderStatus = .confirmed, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let api = killed.relaunched.api
        let startedPayments = await api.startedPayments
        XCTAssertEqual(startedPayments, 1, "one payment", file: file, line: line)
        let orders = await api.placedOrders
        XCTAssertEqual(orders.count, 1, "one order", file: file, line: line)
        XCTAssertEqual(orders.first?.status, status, file: file, line: line)
        let keys = Set(await api.placementKeys)
        XCTAssertEqual(keys.count, 1, "every placement carries the same key: \(keys)", file: file, line: line)
        let state = killed.relaunched.state
        XCTAssertEqual(state.completedOrder?.orderID, orders.first?.id, file: file, line: line)
        XCTAssertEqual(state.completedOrder?.idSource, .backend, file: file, line: line)
        XCTAssertEqual(state.completedOrder?.status, status, file: file, line: line)
    }

    func testARedirectPendingAtTheKillWaitsForItsReturnWhichCompletesItWithOneOrder() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), provider: SandboxPaymentProvider(behaviour: .redirectThenApprove),
            when: { Self.isAction($0, .redirect) }, play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.payment, .awaitingReturn(.redirect))
        XCTAssertTrue(killed.restored.needsResuming)
        let relaunched = killed.relaunched
        XCTAssertTrue(Self.isAction(relaunched.state, .redirect), "still waiting for the bank's return")
        XCTAssertEqual(relaunched.state.relaunch?.found.payment, .awaitingReturn(.redirect))
        XCTAssertEqual(relaunched.state.relaunch?.count, 1)
        XCTAssertFalse(relaunched.state.canPay)

        // The bank app opens the app's return URL.
        await relaunched.send(.payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("redirectResult")))))
        await assertOnePaymentOneOrder(killed)
        XCTAssertEqual(relaunched.state.view, .completed)
        let calls = await relaunched.provider.submissionsAndLookups
        XCTAssertEqual(calls.details, 1)

        let replay = try killed.replayNewLog()
        guard case .log(let logID, let part, let lastSequence) = killed.restored.source else {
            return XCTFail("\(killed.restored.source)")
        }
        XCTAssertEqual(replay.steps.first?.action, .common(.relaunched(killed.restored.source)))
        XCTAssertEqual(part, 0)
        let old = try ActionLogReader<CheckoutState>(path: killed.logPath, schemaVersion: CheckoutLogSchema.version)
        XCTAssertEqual(logID, old.header.logID, "the new log names the one it continues")
        var count = 0
        while try old.next() != nil { count += 1 }
        XCTAssertEqual(lastSequence, count, "and how far that one got")
    }

    func testAnInAppChallengeAtTheKillIsInterruptedWithNothingChargedAndTheCustomerPaysAgain() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), provider: SandboxPaymentProvider(behaviour: .challengeThenApprove),
            when: { Self.isAction($0, .threeDSChallenge) }, play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.payment, .notSubmitted)
        let relaunched = killed.relaunched
        guard case .failed(let failure) = relaunched.state.payment.phase else {
            return XCTFail("\(relaunched.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .interrupted)
        XCTAssertTrue(failure.message.contains("nothing was charged"), failure.message)
        XCTAssertEqual(relaunched.state.errors.last?.kind, .paymentFailed(failure))
        XCTAssertEqual(relaunched.state.errors.last?.retry, .payment)
        XCTAssertTrue(relaunched.state.canPay)
        let calls = await relaunched.provider.submissionsAndLookups
        XCTAssertEqual(calls.cancels, 1, "the challenge's session is abandoned with the provider")
        XCTAssertTrue(
            relaunched.sink.events.contains(.paymentFailed(reason: .interrupted, providerID: "sandbox", attempt: 1)))

        await relaunched.send(.payment(.payTapped))
        await relaunched.send(.payment(.submitted(card)))
        let orders = await relaunched.api.placedOrders
        XCTAssertEqual(orders.count, 1)
        XCTAssertEqual(relaunched.state.completedOrder?.orderID, orders.first?.id)
    }

    func testAPaymentTheProviderAuthorisedWhoseAnswerDiedWithTheAppIsFoundByTheLookupAndPlacedOnce() async throws {
        let provider = SandboxPaymentProvider()
        let killed = try await KilledCheckout.run(
            in: directory(), provider: provider, when: { $0.payment.phase == .submitting },
            play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.payment, .outcomeUnknown)
        let submits = await provider.submissionsAndLookups.submits
        XCTAssertEqual(submits, 1, "the provider took the payment before the app died")
        XCTAssertEqual(killed.relaunched.state.relaunch?.found.payment, .outcomeUnknown)
        await assertOnePaymentOneOrder(killed)
        let calls = await killed.relaunched.provider.submissionsAndLookups
        XCTAssertEqual(calls.submits, 0, "never submitted twice")
        XCTAssertEqual(calls.lookups, 1)
        XCTAssertEqual(killed.relaunched.state.payment.isConfirmed, true)
    }

    func testAPaymentTheLookupRefusesUnlocksPayingAgainWithoutAnOrder() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), relaunchProvider: SandboxPaymentProvider(confirmation: .refuse(reason: "Refused")),
            when: { $0.payment.phase == .submitting }, play: { await self.payUpTo($0, then: self.submit) })
        let state = killed.relaunched.state
        XCTAssertEqual(state.payment.phase, .failed(PaymentFailure(kind: .refused, message: "Refused")))
        XCTAssertEqual(state.errors.last?.retry, .payment)
        XCTAssertNil(state.completedOrder)
        XCTAssertNil(state.orderPlacement)
        XCTAssertTrue(state.canPay)
        let orders = await killed.relaunched.api.placedOrders
        XCTAssertTrue(orders.isEmpty)
    }

    func testAPaymentTheLookupCannotAnswerStaysLockedSaysSoAndItsRetryAsksAgain() async throws {
        // The relaunched app's provider cannot look the payment up (another provider id: every
        // lookup fails), until a later relaunch with the right one.
        let elsewhere = PaymentProviderDescriptor(
            id: "elsewhere", displayName: "Elsewhere", supportedCurrencies: ["GBP"], minorUnitOverrides: [:])
        let killed = try await KilledCheckout.run(
            in: directory(), relaunchProvider: SandboxPaymentProvider(descriptor: elsewhere),
            when: { $0.payment.phase == .submitting }, play: { await self.payUpTo($0, then: self.submit) })
        var state = killed.relaunched.state
        XCTAssertEqual(state.payment.phase, .awaitingConfirmation)
        XCTAssertTrue(state.isCheckingPayment, "we're checking your payment")
        XCTAssertEqual(state.payment.confirmation?.hasEnded, true)
        let error = try XCTUnwrap(state.errors.last)
        XCTAssertEqual(error.kind, .paymentUnconfirmed)
        XCTAssertEqual(error.retry, .confirmPayment)
        XCTAssertFalse(state.canPay, "the payment may have been taken: paying again stays locked")
        XCTAssertEqual(killed.relaunched.clock.sleeps.count, BackoffSchedule.confirmationPolling.tryCount)

        // Relaunched again, with the provider that holds the payment: polling had ended, so
        // nothing restarts until the customer taps "check again".
        let again = Harness(state: state, api: killed.relaunched.api, keyPrefix: "again-key")
        await again.send(.common(.relaunched(.savedState)))
        XCTAssertNil(again.state.relaunch?.found.payment)
        XCTAssertEqual(again.state.relaunch?.count, 2)
        await again.send(.common(.retryTapped(errorID: error.id)))
        state = again.state
        XCTAssertFalse(state.isCheckingPayment)
        XCTAssertFalse(state.errors.contains { $0.kind == .paymentUnconfirmed })
        XCTAssertEqual(state.completedOrder?.status, .confirmed)
        let orders = await again.api.placedOrders
        XCTAssertEqual(orders.count, 1)
    }

    func testAPaymentTheLookupFindsPendingPlacesItsOrderAsPending() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), relaunchProvider: SandboxPaymentProvider(confirmation: .stayPending),
            when: { $0.payment.phase == .submitting }, play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.relaunched.state.completedOrder?.isPending, true, "we'll email you")
        XCTAssertFalse(killed.relaunched.state.isCheckingPayment)
        XCTAssertFalse(killed.relaunched.state.errors.contains { $0.kind == .paymentUnconfirmed })
        await assertOnePaymentOneOrder(killed, status: .pending)
    }

    func testAPendingConfirmationBeingPolledResumesItsDuePollOnTheClockAndConfirmsTheOrder() async throws {
        let provider = SandboxPaymentProvider(behaviour: .pending, confirmation: .authorise, lookupsStillPending: 2)
        let killed = try await KilledCheckout.run(
            in: directory(), provider: provider,
            when: { $0.payment.confirmation?.nextPoll == 3 },
            play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.stateAtDeath.payment.confirmation?.polls, 2)
        XCTAssertEqual(killed.restored.inFlight.payment, .awaitingConfirmation)
        XCTAssertEqual(killed.relaunched.clock.sleeps.first, .seconds(8), "poll 3's delay, on the relaunched clock")
        await assertOnePaymentOneOrder(killed, status: .confirmed)
        XCTAssertEqual(killed.relaunched.state.payment.phase, .succeeded)
    }

    func testAVoucherBeingShownAtTheKillGoesOnAsThePendingFamily() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), provider: SandboxPaymentProvider(behaviour: .presentToShopper(.voucher)),
            when: { Self.isAction($0, .voucher) }, play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.payment, .shownToPayLater(.voucher))
        XCTAssertEqual(killed.relaunched.state.payment.shopperAction?.kind, .voucher)
        await assertOnePaymentOneOrder(killed, status: .confirmed)
    }

    func testAPlacementWaitingToRetryAtTheKillIsPlacedAgainWithItsKeyAndFindsTheOneOrder() async throws {
        let api = SandboxCheckoutAPI()
        await api.loseNextOrderAnswers()
        let killed = try await KilledCheckout.run(
            in: directory(), api: api,
            when: {
                if case .retryScheduled? = $0.orderPlacement?.step { return true }
                return false
            }, play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.orderPlacement, .retryScheduled(retry: 1))
        XCTAssertEqual(killed.restored.inFlight.idempotencyKey, "order-key-1")
        await assertOnePaymentOneOrder(killed)
        let keys = await api.placementKeys
        XCTAssertEqual(keys, ["order-key-1", "order-key-1"])
        XCTAssertEqual(killed.relaunched.clock.sleeps, [], "the retry is made at once on relaunch")
    }

    func testAPlacementWhoseAnswerDiedWithTheAppIsPlacedAgainWithItsKey() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(),
            when: {
                if case .placing? = $0.orderPlacement?.step { return true }
                return false
            }, play: { await self.payUpTo($0, then: self.submit) })
        let ordersAtDeath = await killed.dying.api.placedOrders
        XCTAssertEqual(ordersAtDeath.count, 1, "the backend made the order; the app never heard")
        XCTAssertEqual(killed.restored.inFlight.orderPlacement?.isPlacing, true)
        await assertOnePaymentOneOrder(killed)
    }

    func testAKeyBeingMadeAtTheKillIsMadeAgainSinceNoCallCarriedIt() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), when: { $0.orderPlacement?.step == .makingKey },
            play: { await self.payUpTo($0, then: self.submit) })
        XCTAssertEqual(killed.restored.inFlight.orderPlacement, .makingKey)
        XCTAssertNil(killed.restored.inFlight.idempotencyKey)
        await assertOnePaymentOneOrder(killed)
        let keys = await killed.relaunched.api.placementKeys
        XCTAssertEqual(keys, ["relaunch-key-1"])
    }

    func testAPaymentBeingPreparedAtTheKillIsInterruptedWithNothingCharged() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), when: { $0.payment.phase == .preparing }, play: { await self.payUpTo($0) })
        XCTAssertEqual(killed.restored.inFlight.payment, .notSubmitted)
        XCTAssertEqual(killed.relaunched.state.payment.phase.name, "failed")
        XCTAssertTrue(killed.relaunched.state.canPay)
        await killed.relaunched.send(.payment(.payTapped))
        await killed.relaunched.send(.payment(.submitted(card)))
        let orders = await killed.relaunched.api.placedOrders
        XCTAssertEqual(orders.count, 1)
        XCTAssertNotNil(killed.relaunched.state.completedOrder)
    }

    func testAnEditInFlightAtTheKillIsSentAgain() async throws {
        let killed = try await KilledCheckout.run(
            in: directory(), when: { $0.native.updateInFlight != nil && $0.email != nil },
            play: { harness in
                await harness.start()
                await harness.send(.native(.emailSubmitted("ada@example.com")))
            })
        XCTAssertTrue(killed.restored.inFlight.hasCheckoutCalls)
        XCTAssertNil(killed.restored.inFlight.payment)
        let state = killed.relaunched.state
        XCTAssertTrue(state.native.isInSync)
        let emails = await killed.relaunched.api.receivedCalls.filter {
            if case .updateEmail = $0 { return true }
            return false
        }
        XCTAssertEqual(emails.count, 2, "sent again (setting the same email twice changes nothing)")
    }

    func testACheckoutWithNothingUnderWayNeedsNoResumingAndAWebCheckoutNeverDoes() throws {
        var state = Fixtures.nativeState()
        state.payment.phase = .idle
        XCTAssertTrue(CheckoutInFlight(state).isEmpty)
        XCTAssertFalse(CheckoutRestore(savedState: state).needsResuming)
        var web = WebCheckoutBuilder().makeState()
        web.loadInFlight = 1
        web.payment.phase = .submitting
        XCTAssertTrue(CheckoutInFlight(web).isEmpty, "a web checkout's payment runs on the merchant's page")
        var done = Fixtures.nativeState()
        done.payment.phase = .awaitingConfirmation
        var confirmation = PaymentConfirmationState()
        confirmation.hasEnded = true
        done.payment.confirmation = confirmation
        XCTAssertNil(CheckoutInFlight(done).payment, "polling had ended: only the customer's check restarts it")
    }
}

extension OrderPlacementState.Step {
    fileprivate var isPlacing: Bool {
        if case .placing = self { return true }
        return false
    }
}

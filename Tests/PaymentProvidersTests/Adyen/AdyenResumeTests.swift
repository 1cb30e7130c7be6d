import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

/// A new `AdyenPaymentProvider` (the app was killed and relaunched) rebuilds a payment from the
/// relaunched checkout's state and the vault the killed one wrote: it finishes the payment in its
/// session when the vault kept it, with the calls that need no secret when it did not, and never
/// uses a record that belongs to another payment.
final class AdyenResumeTests: XCTestCase {
    /// The payment of the killed app: prepared and submitted by its provider (`first`) on `server`.
    private struct Killed {
        let server: AdyenSandboxServer
        let vault: InMemoryPaymentAttemptVault
        let session: PaymentSession
        let outcome: PaymentOutcome
    }

    private func killed(after answer: AdyenSandboxServer.Answer) async throws -> Killed {
        let server = AdyenSandboxServer(firstAnswers: [answer])
        await server.setWebhookOutcome(.notYetReceived)
        let vault = InMemoryPaymentAttemptVault()
        let first = provider(server, vault)
        let session = try await first.prepare(AdyenFixtures.request())
        let outcome = try await first.submit(AdyenFixtures.card, in: session)
        return Killed(server: server, vault: vault, session: session, outcome: outcome)
    }

    private func provider(_ server: AdyenSandboxServer, _ vault: any PaymentAttemptVault) -> AdyenPaymentProvider {
        AdyenPaymentProvider(configuration: AdyenFixtures.configuration(), server: server, vault: vault)
    }

    /// The checkout's state as a log holds it (secrets redacted): the session, the payment's
    /// reference and cart, and a receipt if the outcome carried one.
    private func restoredState(_ killed: Killed, receipt: PaymentReceipt? = nil) throws -> CheckoutState {
        var state = CheckoutState(
            kind: .native, user: .guest, paymentProviders: [provider(killed.server, killed.vault).descriptor])
        state.payment.session = killed.session
        state.payment.intent = PaymentIntent(reference: "payment-1", cartID: "cart-1", amount: killed.session.amount)
        state.payment.amount = killed.session.amount
        state.payment.receipt = receipt
        state.payment.phase = .awaitingConfirmation
        let restored = try JSONDecoder().decode(CheckoutState.self, from: JSONEncoder().encode(state))
        XCTAssertEqual(restored.payment.session?.token?.isRedacted, true, "a log holds no session data")
        return restored
    }

    private func redirectReturn(_ server: AdyenSandboxServer) async throws -> PaymentActionDetails {
        let issued = await server.redirectResult(forReference: "payment-1")
        let result = try XCTUnwrap(issued)
        return try AdyenRedirectReturn.details(
            for: "poqshop://adyen?redirectResult=\(result)", configuration: AdyenFixtures.configuration())
    }

    func testANewProviderWithTheVaultFinishesARedirectInItsSession() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        guard case .actionRequired(let request) = killed.outcome else { return XCTFail("\(killed.outcome)") }
        XCTAssertEqual(request.kind, .redirect)
        let relaunched = provider(killed.server, killed.vault)
        let resumption = await relaunched.resume(from: try restoredState(killed))
        XCTAssertEqual(resumption, .resumed(sessionID: killed.session.id))
        let outcome = try await relaunched.submitDetails(try await redirectReturn(killed.server), in: killed.session)
        guard case .authorised(let receipt) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(receipt.amount, AdyenFixtures.gbp("45.95"))
        let calls = await killed.server.receivedCalls
        XCTAssertEqual(calls.last, .paymentDetails(keys: ["redirectResult"], sessionID: killed.session.id))
    }

    func testANewProviderThatWasNotAskedToResumeReadsTheVaultWhenTheSessionIsNamed() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let relaunched = provider(killed.server, killed.vault)
        let outcome = try await relaunched.submitDetails(try await redirectReturn(killed.server), in: killed.session)
        guard case .authorised = outcome else { return XCTFail("\(outcome)") }
    }

    func testWithoutTheVaultARedirectReturnGoesToPaymentsDetailsOutsideTheSession() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let relaunched = provider(killed.server, InMemoryPaymentAttemptVault())
        let resumption = await relaunched.resume(from: try restoredState(killed))
        XCTAssertEqual(resumption, .secretsLost(sessionID: killed.session.id))
        let outcome = try await relaunched.submitDetails(try await redirectReturn(killed.server), in: killed.session)
        guard case .authorised = outcome else { return XCTFail("\(outcome)") }
        let calls = await killed.server.receivedCalls
        XCTAssertEqual(calls.last, .paymentDetails(keys: ["redirectResult"], sessionID: nil))
    }

    func testWithoutTheVaultAPendingPaymentIsCheckedByTheWebhookForTheReceiptsPSPReference() async throws {
        let killed = try await killed(after: .pending)
        guard case .awaitingConfirmation(let receipt) = killed.outcome else { return XCTFail("\(killed.outcome)") }
        await killed.server.setWebhookOutcome(.authorised)
        let relaunched = provider(killed.server, InMemoryPaymentAttemptVault())
        _ = await relaunched.resume(from: try restoredState(killed, receipt: receipt))
        let outcome = try await relaunched.confirm(killed.session)
        guard case .authorised = outcome else { return XCTFail("\(outcome)") }
        let calls = await killed.server.receivedCalls
        XCTAssertEqual(calls.last, .notification(pspReference: receipt.providerReference))
    }

    func testWithTheVaultAPendingPaymentIsCheckedByItsSessionResult() async throws {
        let killed = try await killed(after: .pending)
        guard case .awaitingConfirmation(let receipt) = killed.outcome else { return XCTFail("\(killed.outcome)") }
        await killed.server.setWebhookOutcome(.authorised)
        let relaunched = provider(killed.server, killed.vault)
        _ = await relaunched.resume(from: try restoredState(killed, receipt: receipt))
        let outcome = try await relaunched.confirm(killed.session)
        guard case .authorised = outcome else { return XCTFail("\(outcome)") }
        let calls = await killed.server.receivedCalls
        XCTAssertEqual(calls.last, .sessionResult(sessionID: killed.session.id))
    }

    func testWithNeitherTheVaultNorAPSPReferenceTheLookupFailsInsteadOfGuessing() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let relaunched = provider(killed.server, InMemoryPaymentAttemptVault())
        _ = await relaunched.resume(from: try restoredState(killed))
        do {
            let outcome = try await relaunched.confirm(killed.session)
            XCTFail("a payment nobody can check is never \(outcome)")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .provider)
            XCTAssertTrue("\(error)".contains("cannot be checked on this device"), "\(error)")
        }
    }

    func testARecordForAnotherAmountOrReferenceIsNeverUsed() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        var state = try restoredState(killed)
        state.payment.intent?.reference = "payment-2"
        let relaunched = provider(killed.server, killed.vault)
        let resumption = await relaunched.resume(from: state)
        XCTAssertEqual(resumption, .secretsLost(sessionID: killed.session.id))

        var otherAmount = killed.session
        otherAmount.amount = AdyenFixtures.gbp("1.00")
        let lazy = provider(killed.server, killed.vault)
        do {
            _ = try await lazy.confirm(otherAmount)
            XCTFail("the record is for 45.95")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
    }

    func testAVaultRecordThatDoesNotReadIsAsIfTheVaultLostIt() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let vault = InMemoryPaymentAttemptVault(secrets: ["adyen/\(killed.session.id)": Data("not a record".utf8)])
        let relaunched = provider(killed.server, vault)
        let resumption = await relaunched.resume(from: try restoredState(killed))
        XCTAssertEqual(resumption, .secretsLost(sessionID: killed.session.id))
    }

    func testNothingToResumeWithoutAnAdyenSession() async throws {
        let relaunched = provider(AdyenSandboxServer(), InMemoryPaymentAttemptVault())
        let resumption = await relaunched.resume(from: CheckoutState(kind: .native, user: .guest))
        XCTAssertEqual(resumption, .nothingToResume)
    }

    func testTheVaultKeepsSecretsOnlyWhileThePaymentCanStillMove() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let key = "adyen/\(killed.session.id)"
        let kept = await killed.vault.secret(forKey: key)
        let open = try XCTUnwrap(kept?.value)
        XCTAssertTrue(String(decoding: open, as: UTF8.self).contains(SandboxSecret.marker), "the session data, kept")

        let relaunched = provider(killed.server, killed.vault)
        _ = try await relaunched.submitDetails(try await redirectReturn(killed.server), in: killed.session)
        let keptAfter = await killed.vault.secret(forKey: key)
        let settled = try XCTUnwrap(keptAfter?.value)
        let text = String(decoding: settled, as: UTF8.self)
        XCTAssertFalse(text.contains(SandboxSecret.marker), "authorised: no secret left in the vault: \(text)")
        XCTAssertTrue(text.contains("8815"), "the pspReference stays, for the webhook lookup")
    }

    func testCancellingForgetsThePaymentInTheVault() async throws {
        let killed = try await killed(after: .action(.redirect, then: .authorised))
        let relaunched = provider(killed.server, killed.vault)
        await relaunched.cancel(killed.session)
        let keys = await killed.vault.keys
        XCTAssertEqual(keys, [])
    }

    func testAPartlyPaidOrderKeptInTheVaultIsCancelledByTheRelaunchedProvider() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.partial(paidMinorUnits: 1000)])
        let vault = InMemoryPaymentAttemptVault()
        let first = provider(server, vault)
        let session = try await first.prepare(AdyenFixtures.request())
        let outcome = try await first.submit(AdyenFixtures.giftCard, in: session)
        guard case .partiallyAuthorised = outcome else { return XCTFail("\(outcome)") }
        // Killed before the remainder: the relaunched checkout abandons the payment.
        await provider(server, vault).cancel(session)
        let calls = await server.receivedCalls
        XCTAssertTrue(
            calls.contains { if case .cancelOrder = $0 { true } else { false } }, "the paid part is refunded: \(calls)")
    }

    func testAVaultThatFailsNeverFailsThePayment() async throws {
        let server = AdyenSandboxServer(firstAnswers: [.action(.redirect, then: .authorised)])
        let adyen = provider(server, FailingPaymentAttemptVault())
        let session = try await adyen.prepare(AdyenFixtures.request())
        let outcome = try await adyen.submit(AdyenFixtures.card, in: session)
        guard case .actionRequired = outcome else { return XCTFail("\(outcome)") }
        let finished = try await adyen.submitDetails(try await redirectReturn(server), in: session)
        guard case .authorised = finished else { return XCTFail("\(finished)") }
    }
}

/// A vault whose every call fails (a locked device's Keychain).
struct FailingPaymentAttemptVault: PaymentAttemptVault {
    struct Locked: Error {}

    func store(_ secret: Sensitive<Data>, forKey key: String) throws { throw Locked() }
    func secret(forKey key: String) throws -> Sensitive<Data>? { throw Locked() }
    func removeSecret(forKey key: String) throws { throw Locked() }
}

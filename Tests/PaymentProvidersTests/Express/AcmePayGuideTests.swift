import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

// The worked example of Docs/PaymentProviders.md ("Wrapping any other provider SDK"), compiled
// and run here so the guide never drifts from the API.

// MARK: 1. The host's side, as small protocols

/// What Acme's merchant-server endpoints answer.
struct AcmeCharge: Sendable, Hashable {
    var id: String
    /// `succeeded`, `processing`, `requires_action`, `declined` or `failed`.
    var status: String
    var amountMinor: Int64
    var currency: String
    var declineReason: String?
    var actionURL: String?
}

/// The merchant server's Acme endpoints, implemented by the host over its backend.
protocol AcmeMerchantServer: Sendable {
    func createIntent(
        amountMinor: Int64, currency: String, reference: String
    ) async throws -> (id: String, secret: String)
    func confirm(intentID: String, cardToken: String) async throws -> AcmeCharge
    func completeAction(intentID: String, result: String) async throws -> AcmeCharge
    func retrieve(intentID: String) async throws -> AcmeCharge
}

// MARK: 2. The provider: each step one call, each answer one PaymentOutcome

actor AcmePaymentProvider: PaymentProvider {
    nonisolated let descriptor = PaymentProviderDescriptor(
        id: "acme", displayName: "Acme Pay", supportedCurrencies: ["GBP", "EUR"])
    private let server: any AcmeMerchantServer

    init(server: any AcmeMerchantServer) {
        self.server = server
    }

    func prepare(_ request: PaymentRequest) async throws -> PaymentSession {
        // The checkout already checked the amount and computed the minor units: use them as given.
        let intent = try await server.createIntent(
            amountMinor: request.minorUnits, currency: request.amount.currencyCode, reference: request.reference)
        return PaymentSession(
            id: intent.id, providerID: descriptor.id, amount: request.amount,
            methods: [PaymentMethodOption(id: "card", name: "Card")], token: Sensitive(intent.secret))
    }

    func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        guard let token = submission.payload.value else {
            throw PaymentFailure(kind: .provider, message: "the card token is redacted")
        }
        return outcome(try await server.confirm(intentID: session.id, cardToken: token), session)
    }

    func submitDetails(_ details: PaymentActionDetails, in session: PaymentSession) async throws -> PaymentOutcome {
        guard let result = details.payload.value else {
            throw PaymentFailure(kind: .provider, message: "the action result is redacted")
        }
        return outcome(try await server.completeAction(intentID: session.id, result: result), session)
    }

    func confirm(_ session: PaymentSession) async throws -> PaymentOutcome {
        outcome(try await server.retrieve(intentID: session.id), session)
    }

    func cancel(_ session: PaymentSession) async {}

    /// The one place Acme's statuses become the engine's outcomes.
    private func outcome(_ charge: AcmeCharge, _ session: PaymentSession) -> PaymentOutcome {
        let receipt = PaymentReceipt(providerReference: charge.id, amount: session.amount, resultCode: charge.status)
        switch charge.status {
        case "succeeded": return .authorised(receipt)
        case "processing": return .awaitingConfirmation(receipt)
        case "requires_action":
            return .actionRequired(
                PaymentActionRequest(kind: .threeDSChallenge, url: charge.actionURL.map { SensitiveURL($0) }))
        case "declined": return .refused(reason: charge.declineReason ?? "Declined")
        default: return .error(message: "Acme answered \(charge.status)")
        }
    }
}

// MARK: 3. A sandbox and a demo script

actor AcmeSandbox: AcmeMerchantServer {
    var challenge: Bool
    private var intents: [String: (amountMinor: Int64, currency: String)] = [:]

    init(challenge: Bool = false) {
        self.challenge = challenge
    }

    func createIntent(amountMinor: Int64, currency: String, reference: String) -> (id: String, secret: String) {
        let id = "pi_\(intents.count + 1)"
        intents[id] = (amountMinor, currency)
        return (id, "\(id)_secret")
    }

    func confirm(intentID: String, cardToken: String) -> AcmeCharge {
        charge(intentID, status: challenge ? "requires_action" : "succeeded")
    }

    func completeAction(intentID: String, result: String) -> AcmeCharge {
        charge(intentID, status: result == "passed" ? "succeeded" : "declined")
    }

    func retrieve(intentID: String) -> AcmeCharge { charge(intentID, status: "succeeded") }

    private func charge(_ id: String, status: String) -> AcmeCharge {
        let intent = intents[id] ?? (0, "GBP")
        return AcmeCharge(
            id: id, status: status, amountMinor: intent.amountMinor, currency: intent.currency,
            declineReason: status == "declined" ? "Authentication failed" : nil,
            actionURL: status == "requires_action" ? "https://acme.example/3ds/\(id)" : nil)
    }
}

struct AcmeDemoScript: ProviderDemoScript {
    let provider: any PaymentProvider

    init(scenario: DemoScenario) {
        provider = AcmePaymentProvider(server: AcmeSandbox(challenge: scenario.challenge))
    }

    func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        PaymentSubmission(methodID: "card", payload: Sensitive("tok_visa"), displayDescription: "Visa •••• 4242")
    }

    func completeAction(_ action: PaymentActionRequest, in session: PaymentSession) async throws -> PaymentActionDetails
    {
        PaymentActionDetails(payload: Sensitive("passed"))
    }
}

// MARK: 4. The proof: a whole checkout, recorded and replayed

final class AcmePayGuideTests: XCTestCase {
    func testTheGuidesProviderRunsAWholeCheckoutThroughTheChallenge() async throws {
        let run = try DropInCheckoutRun(script: AcmeDemoScript(scenario: DemoScenario(challenge: true)))
        await run.completeSections()
        let phases = try await run.pay()
        XCTAssertEqual(phases.count, 3)
        XCTAssertEqual(phases.last, .succeeded)
        XCTAssertEqual(run.state.payment.receipt?.providerReference, "pi_1")
        try run.closeAndVerifyReplay(secrets: ["tok_visa", "pi_1_secret"])
    }
}

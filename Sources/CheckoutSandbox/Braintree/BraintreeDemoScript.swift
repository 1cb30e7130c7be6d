public import Checkout
import Foundation
import PaymentProviders

/// Braintree's drop-in played for `checkout demo --provider braintree` and end-to-end tests, on
/// a ``BraintreeSandboxServer``: the shopper enters a card in the drop-in (a fresh nonce each
/// time), passes the 3-D Secure challenge, or tokenises Apple Pay.
///
/// - ``DemoScenario/decline``: the first sale is `processor_declined` (2001 Insufficient Funds);
///   the retry with a new nonce is settled.
/// - ``DemoScenario/challenge``: 3-D Secure is on and the first lookup asks for a challenge.
public struct BraintreeDemoScript: ProviderDemoScript {
    /// The sandbox (server and client SDK).
    public let server: BraintreeSandboxServer
    /// The Braintree provider.
    public let provider: any PaymentProvider
    /// The scenario.
    public let scenario: DemoScenario

    /// Creates the script and its sandbox for `scenario`.
    public init(scenario: DemoScenario) {
        self.scenario = scenario
        var sales: [BraintreeSandboxServer.SaleAnswer] = []
        if scenario.decline { sales.append(.processorDeclined(code: "2001", text: "Insufficient Funds")) }
        server = BraintreeSandboxServer(
            saleAnswers: sales, threeDSecureAnswers: scenario.challenge ? [.challenge] : [])
        provider = BraintreePaymentProvider(
            configuration: BraintreeConfiguration(
                merchantAccounts: ["GBP": "poqshop_GBP", "EUR": "poqshop_EUR", "USD": "poqshop_USD"],
                threeDSecure: scenario.challenge),
            server: server, client: server)
    }

    /// The drop-in's card form: a Visa ending in 1111, tokenized into a new nonce.
    public func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        await server.dropInCard(.visa, lastFour: "1111").submission
    }

    /// Passes the 3-D Secure challenge, or tokenises Apple Pay.
    public func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws -> PaymentActionDetails {
        switch action.kind {
        case .threeDSChallenge:
            guard let payload = action.payload else {
                throw PaymentFailure(kind: .provider, message: "the challenge has no payload")
            }
            return try await server.completeChallenge(payload, passed: true).details
        case .sdk:
            guard let payload = action.payload?.value,
                let request = try? JSONDecoder().decode(BraintreeApplePayRequest.self, from: Data(payload.utf8))
            else { throw PaymentFailure(kind: .provider, message: "the action is not an Apple Pay request") }
            return await server.tokenizeApplePay(request).details
        default:
            throw PaymentFailure(kind: .provider, message: "Braintree never asks for a \(action.kind.rawValue)")
        }
    }
}

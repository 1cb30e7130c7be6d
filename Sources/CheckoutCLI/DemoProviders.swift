import Checkout
import CheckoutSandbox
import StateStore

/// The providers `checkout demo --provider NAME` can pay with, each playing the host's part
/// (what the drop-in or card form submits, how an action completes) against its sandbox.
enum DemoProviders {
    /// The names `--provider` accepts.
    static var names: [String] { ["sandbox", "adyen", "braintree", "afterpay", "worldline"] }

    /// The script for `name`; `dropInPays` plays Adyen's SDK making the session's calls itself.
    static func script(
        named name: String, scenario: DemoScenario, dropInPays: Bool = false
    ) -> (any ProviderDemoScript)? {
        switch name {
        case "sandbox": return SandboxDemoScript(scenario: scenario)
        case "adyen": return AdyenDemoScript(scenario: scenario, dropInPays: dropInPays)
        case "braintree": return BraintreeDemoScript(scenario: scenario)
        case "afterpay": return AfterpayDemoScript(scenario: scenario)
        case "worldline": return WorldlineDemoScript(scenario: scenario)
        default: return nil
        }
    }
}

/// The checkout's own sandbox provider as a demo script: a card the drop-in "tokenised", a
/// 3-D Secure result, a bank that declines only the first attempt when asked to decline, and a
/// payment that awaits confirmation (`Pending`, or a voucher) whose lookup answers "still
/// pending" twice, then confirms it (or, asked to, answers "still pending" once, then refuses it).
struct SandboxDemoScript: ProviderDemoScript {
    let sandbox: SandboxPaymentProvider
    let scenario: DemoScenario

    init(scenario: DemoScenario) {
        self.scenario = scenario
        let behaviour: SandboxPaymentProvider.Behaviour
        switch scenario.payLater {
        case .pending?: behaviour = .pending
        case .voucher?: behaviour = .presentToShopper(.voucher)
        case nil:
            switch (scenario.challenge, scenario.decline) {
            case (true, true): behaviour = .challengeThenDecline(reason: "Insufficient funds")
            case (true, false): behaviour = .challengeThenApprove
            case (false, true): behaviour = .decline(reason: "Insufficient funds")
            case (false, false): behaviour = .approve
            }
        }
        sandbox = SandboxPaymentProvider(
            behaviour: behaviour, confirmation: scenario.refusedAfterPending ? .refuse(reason: "Expired") : .authorise,
            lookupsStillPending: scenario.refusedAfterPending ? 1 : 2)
    }

    var provider: any PaymentProvider { sandbox }

    func submission(for session: PaymentSession) async throws -> PaymentSubmission {
        let calls = await sandbox.receivedCalls
        if calls.contains(where: { if case .submit = $0 { return true } else { return false } }) {
            // The shopper tries again after a refusal: this time the bank approves.
            await sandbox.setBehaviour(.approve)
        }
        return PaymentSubmission(
            methodID: "scheme", payload: Sensitive(SandboxSecret.make("demo-encrypted-card-data")),
            displayDescription: "Visa •••• 1111")
    }

    func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws
        -> PaymentActionDetails
    {
        PaymentActionDetails(payload: Sensitive(SandboxSecret.make("demo-3ds-result")))
    }
}

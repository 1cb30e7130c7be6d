public import Checkout

/// How a demo (`checkout demo --provider NAME`) or an end-to-end test wants a provider's sandbox
/// to behave.
public struct DemoScenario: Sendable, Hashable {
    /// The shopper's bank or the provider refuses the payment.
    public var decline: Bool
    /// A 3-D Secure (or similar) challenge comes first.
    public var challenge: Bool

    /// Creates a scenario: approved at once unless told otherwise.
    public init(decline: Bool = false, challenge: Bool = false) {
        self.decline = decline
        self.challenge = challenge
    }
}

/// Plays the host app's part for one provider in a demo or an end-to-end test: what its drop-in
/// (or card form, or redirect) submits, and how an action it asks for is completed. Every
/// provider in this module ships one, wired to its sandbox.
public protocol ProviderDemoScript: Sendable {
    /// The provider, talking to its sandbox.
    var provider: any PaymentProvider { get }

    /// What the shopper submits in the presented drop-in for `session`.
    func submission(for session: PaymentSession) async throws -> PaymentSubmission

    /// What performing `action` (a 3-D Secure challenge, a redirect...) produces.
    func completeAction(
        _ action: PaymentActionRequest, in session: PaymentSession
    ) async throws
        -> PaymentActionDetails
}

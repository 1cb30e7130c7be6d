public import Checkout

/// How a demo (`checkout demo --provider NAME`) or an end-to-end test wants a provider's sandbox
/// to behave.
public struct DemoScenario: Sendable, Hashable {
    /// The shopper's bank or the provider refuses the payment.
    public var decline: Bool
    /// A 3-D Secure (or similar) challenge comes first.
    public var challenge: Bool
    /// The payment awaits confirmation (the pending family), if it does: the checkout places the
    /// order as pending and polls the provider's lookup. `nil`: the payment's result is final.
    public var payLater: PayLater?
    /// Whether the lookup finally refuses a payment that awaited confirmation (otherwise it
    /// confirms it).
    public var refusedAfterPending: Bool

    /// How a payment awaits confirmation.
    public enum PayLater: Sendable, Hashable {
        /// The provider answers `Pending`.
        case pending
        /// The provider hands a voucher to show the shopper, who pays later (`PresentToShopper`).
        case voucher
    }

    /// Creates a scenario: approved at once unless told otherwise.
    public init(
        decline: Bool = false, challenge: Bool = false, payLater: PayLater? = nil, refusedAfterPending: Bool = false
    ) {
        self.decline = decline
        self.challenge = challenge
        self.payLater = payLater
        self.refusedAfterPending = refusedAfterPending
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

    /// When the provider's drop-in makes the payment itself (Adyen's sessions flow as its iOS SDK
    /// runs it): the result it reports for `session` once the shopper submitted, for
    /// `.payment(.dropInCompleted(_:))`. `nil` when the host hands the shopper's choice to the
    /// checkout instead (``submission(for:)``), which is what the default does.
    func dropInResult(for session: PaymentSession) async throws -> PaymentDropInResult?
}

extension ProviderDemoScript {
    /// `nil`: the drop-in hands the shopper's choice to the checkout.
    public func dropInResult(for session: PaymentSession) async throws -> PaymentDropInResult? { nil }
}

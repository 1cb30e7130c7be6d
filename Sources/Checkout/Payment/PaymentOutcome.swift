/// What a provider answered to a submission, details or confirmation lookup, in provider-neutral
/// terms. The checkout moves its ``PaymentPhase`` from it.
///
/// | Adyen | Braintree | Outcome |
/// | --- | --- | --- |
/// | Authorised | authorized, submitted_for_settlement, settling, settled, … | ``authorised(_:)`` |
/// | Pending, Received, PresentToShopper | authorizing, settlement_pending | ``awaitingConfirmation(_:)`` |
/// | RedirectShopper, IdentifyShopper, ChallengeShopper (with an action) | 3-D Secure | ``actionRequired(_:)`` |
/// | Refused | processor_declined, gateway_rejected, … | ``refused(reason:)`` |
/// | Cancelled | drop-in cancelled | ``cancelled`` |
/// | Error, or an action code without an action | validation errors, failed | ``error(message:)`` |
/// | order with a remaining amount | — | ``partiallyAuthorised(_:remaining:)`` |
public enum PaymentOutcome: Sendable, Hashable, Codable {
    /// Paid: place the order.
    case authorised(PaymentReceipt)
    /// Received but not final (the result code informs the shopper; the webhook or lookup is
    /// authoritative). The UI shows success.
    case awaitingConfirmation(PaymentReceipt)
    /// The shopper must act first.
    case actionRequired(PaymentActionRequest)
    /// Declined: the shopper may retry or choose another method.
    case refused(reason: String)
    /// The shopper or merchant cancelled.
    case cancelled
    /// The provider failed to process it; retry is allowed.
    case error(message: String)
    /// Part of the amount was paid (a gift card); the rest is due.
    case partiallyAuthorised(PaymentReceipt, remaining: Money)
}

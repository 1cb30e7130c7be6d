public import StateStore

/// What the Server API said about a payment.
public enum WorldlinePaymentResult: Sendable, Hashable {
    /// Paid (`CAPTURED`, `PENDING_CAPTURE`, …): place the order.
    case approved(paymentID: String, status: String)
    /// Refused (`REJECTED`), with a reason safe to show.
    case declined(paymentID: String, reason: String)
    /// The shopper must go to `redirectURL` (3-D Secure) first; the return URL carries
    /// `RETURNMAC`, which must equal `returnMAC`. The URL is a `SensitiveURL`: secret query
    /// items (a session, a MAC) never show in a description or a log.
    case redirect(paymentID: String, redirectURL: SensitiveURL, returnMAC: Sensitive<String>)
}

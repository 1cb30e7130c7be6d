public import Foundation
public import StateStore

/// What the Server API said about a payment.
public enum WorldlinePaymentResult: Sendable, Hashable {
    /// Paid (`CAPTURED`, `PENDING_CAPTURE`, …): place the order.
    case approved(paymentID: String, status: String)
    /// Refused (`REJECTED`), with a reason safe to show.
    case declined(paymentID: String, reason: String)
    /// The shopper must go to `redirectURL` (3-D Secure) first; the return URL carries
    /// `RETURNMAC`, which must equal `returnMAC`.
    case redirect(paymentID: String, redirectURL: URL, returnMAC: Sensitive<String>)
}

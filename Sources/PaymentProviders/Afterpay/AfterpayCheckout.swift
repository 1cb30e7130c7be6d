public import Foundation
public import StateStore

/// A created Afterpay checkout, as Afterpay's create-checkout call answers it.
///
/// Both fields carry the checkout token, a secret until the order is captured: the token is a
/// `Sensitive` and the URL a `SensitiveURL`, so neither shows in a log or a description (the URL
/// shows as `https://portal.afterpay.com/checkout/?token=[REDACTED]`).
public struct AfterpayCheckout: Sendable, Hashable {
    /// The checkout token (`token`): it identifies the order until it is captured.
    public var token: Sensitive<String>
    /// Where to send the shopper (`redirectCheckoutUrl`), which carries the token in its query.
    public var redirectCheckoutURL: SensitiveURL

    /// Creates a checkout from the create-checkout call's answer.
    public init(token: String, redirectCheckoutURL: URL) {
        self.token = Sensitive(token)
        self.redirectCheckoutURL = SensitiveURL(redirectCheckoutURL)
    }
}

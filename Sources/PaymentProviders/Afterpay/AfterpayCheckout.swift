public import Foundation

/// A created Afterpay checkout, as Afterpay's create-checkout call answers it.
public struct AfterpayCheckout: Sendable, Hashable {
    /// The checkout token (`token`): it identifies the order until it is captured.
    public var token: String
    /// Where to send the shopper (`redirectCheckoutUrl`).
    public var redirectCheckoutURL: URL

    /// Creates a checkout.
    public init(token: String, redirectCheckoutURL: URL) {
        self.token = token
        self.redirectCheckoutURL = redirectCheckoutURL
    }
}

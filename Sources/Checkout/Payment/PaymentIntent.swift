/// The backend's acceptance of a payment for a cart and an expected amount.
public struct PaymentIntent: Sendable, Hashable, Codable {
    /// The payment's reference (passed to the provider as the merchant reference).
    public var reference: String
    /// The cart paid for.
    public var cartID: String
    /// The amount the backend agreed to.
    public var amount: Money

    /// Creates an intent.
    public init(reference: String, cartID: String, amount: Money) {
        self.reference = reference
        self.cartID = cartID
        self.amount = amount
    }
}

/// A payment method a provider offers (card, PayPal, Apple Pay, Klarna, …).
public struct PaymentMethodOption: Sendable, Hashable, Codable, Identifiable {
    /// The method's type as the provider names it (`"scheme"`, `"paypal"`).
    public var id: String
    /// The name to show.
    public var name: String

    /// Creates a method.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A way of delivering the cart that the backend offers for its current address and items.
public struct ShippingMethod: Sendable, Hashable, Codable, Identifiable {
    /// The method's identifier (`"standard"`, `"express"`).
    public var id: String
    /// The name to show.
    public var name: String
    /// What it costs.
    public var price: Money

    /// Creates a shipping method.
    public init(id: String, name: String, price: Money) {
        self.id = id
        self.name = name
        self.price = price
    }
}

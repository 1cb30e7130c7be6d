/// A way of delivering the cart that the backend offers for its current address and items.
public struct ShippingMethod: Sendable, Hashable, Codable, Identifiable {
    /// The method's identifier (`"standard"`, `"express"`).
    public var id: String
    /// The name to show.
    public var name: String
    /// What it costs (0 or more; a decoded method refuses a negative price).
    public var price: Money

    /// Creates a shipping method.
    public init(id: String, name: String, price: Money) {
        self.id = id
        self.name = name
        self.price = price
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, price
    }

    /// Decodes a shipping method.
    ///
    /// - Throws: `DecodingError` naming `price` when it is negative.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Money.self, forKey: .price)
        if let problem = DecimalParsing.negativeProblem(price.amount) {
            throw DecodingError.dataCorruptedError(forKey: .price, in: container, debugDescription: problem)
        }
    }
}

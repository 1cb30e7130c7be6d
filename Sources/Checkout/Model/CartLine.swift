import ActionLog
public import Foundation

/// One line of a cart: a product variant and its quantity.
public struct CartLine: Sendable, Hashable, Codable, Identifiable {
    /// The line's identifier.
    public var id: String
    /// The product's identifier.
    public var productID: String
    /// The product's title.
    public var title: String
    /// The quantity (0 or more; a decoded line refuses a negative one).
    public var quantity: Int
    /// The price of one item (0 or more; a decoded line refuses a negative one).
    public var unitPrice: Decimal

    /// Creates a cart line.
    public init(id: String, productID: String, title: String, quantity: Int, unitPrice: Decimal) {
        self.id = id
        self.productID = productID
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
    }

    /// `unitPrice × quantity` (`Decimal` arithmetic never traps: a product too large for it is
    /// NaN).
    public var lineTotal: Decimal { unitPrice * Decimal(quantity) }

    private enum CodingKeys: String, CodingKey {
        case id, productID, title, quantity, unitPrice
    }

    /// Decodes a line; `unitPrice` may be a decimal string or a JSON number.
    ///
    /// - Throws: `DecodingError` naming `quantity` when it is negative or not an integer that
    ///   fits `Int`, and `unitPrice` when it is negative or not a decimal `Decimal` holds exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        productID = try container.decode(String.self, forKey: .productID)
        title = try container.decode(String.self, forKey: .title)
        quantity = try container.decodeCount(forKey: .quantity)
        unitPrice = try container.decodeNonNegativeDecimal(forKey: .unitPrice)
    }

    /// Encodes a line with `unitPrice` as a decimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(title, forKey: .title)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(unitPrice.plainDescription, forKey: .unitPrice)
    }
}

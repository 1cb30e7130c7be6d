public import Foundation

/// The cart being checked out: its lines and totals, all in one currency.
public struct Cart: Sendable, Hashable, Codable {
    /// The cart's identifier on the backend. It changes when an expired cart is rebuilt.
    public var id: String
    /// The cart's lines.
    public var lines: [CartLine]
    /// The totals, as the backend computed them.
    public var totals: CartTotals
    /// The ISO 4217 currency code of every amount in the cart.
    public var currencyCode: String

    /// Creates a cart.
    public init(id: String, lines: [CartLine], totals: CartTotals, currencyCode: String) {
        self.id = id
        self.lines = lines
        self.totals = totals
        self.currencyCode = currencyCode
    }

    /// The amount to pay.
    public var total: Money { Money(amount: totals.total, currencyCode: currencyCode) }
}

/// One line of a cart: a product variant and its quantity.
public struct CartLine: Sendable, Hashable, Codable, Identifiable {
    /// The line's identifier.
    public var id: String
    /// The product's identifier.
    public var productID: String
    /// The product's title.
    public var title: String
    /// The quantity.
    public var quantity: Int
    /// The price of one item.
    public var unitPrice: Decimal

    /// Creates a cart line.
    public init(id: String, productID: String, title: String, quantity: Int, unitPrice: Decimal) {
        self.id = id
        self.productID = productID
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
    }

    /// `unitPrice × quantity`.
    public var lineTotal: Decimal { unitPrice * Decimal(quantity) }

    private enum CodingKeys: String, CodingKey {
        case id, productID, title, quantity, unitPrice
    }

    /// Decodes a line; `unitPrice` may be a decimal string or a JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        productID = try container.decode(String.self, forKey: .productID)
        title = try container.decode(String.self, forKey: .title)
        quantity = try container.decode(Int.self, forKey: .quantity)
        unitPrice = try container.decodeFlexibleDecimal(forKey: .unitPrice)
    }

    /// Encodes a line with `unitPrice` as a decimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(title, forKey: .title)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(unitPrice.description, forKey: .unitPrice)
    }
}

/// A cart's totals in major units of the cart's currency.
public struct CartTotals: Sendable, Hashable, Codable {
    /// The sum of the lines.
    public var subtotal: Decimal
    /// The shipping cost of the selected method (0 when none is selected).
    public var shipping: Decimal
    /// The discount taken off (a positive number).
    public var discount: Decimal
    /// The amount to pay: `subtotal + shipping - discount`.
    public var total: Decimal

    /// Creates totals.
    public init(subtotal: Decimal, shipping: Decimal, discount: Decimal, total: Decimal) {
        self.subtotal = subtotal
        self.shipping = shipping
        self.discount = discount
        self.total = total
    }

    private enum CodingKeys: String, CodingKey {
        case subtotal, shipping, discount, total
    }

    /// Decodes totals; each may be a decimal string or a JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subtotal = try container.decodeFlexibleDecimal(forKey: .subtotal)
        shipping = try container.decodeFlexibleDecimal(forKey: .shipping)
        discount = try container.decodeFlexibleDecimal(forKey: .discount)
        total = try container.decodeFlexibleDecimal(forKey: .total)
    }

    /// Encodes totals as decimal strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subtotal.description, forKey: .subtotal)
        try container.encode(shipping.description, forKey: .shipping)
        try container.encode(discount.description, forKey: .discount)
        try container.encode(total.description, forKey: .total)
    }
}

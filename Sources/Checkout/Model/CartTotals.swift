import ActionLog
public import Foundation

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
    ///
    /// - Throws: `DecodingError` naming the total that is negative (the discount too: it is
    ///   written as a positive number) or not a decimal `Decimal` holds exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subtotal = try container.decodeNonNegativeDecimal(forKey: .subtotal)
        shipping = try container.decodeNonNegativeDecimal(forKey: .shipping)
        discount = try container.decodeNonNegativeDecimal(forKey: .discount)
        total = try container.decodeNonNegativeDecimal(forKey: .total)
    }

    /// Encodes totals as decimal strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subtotal.plainDescription, forKey: .subtotal)
        try container.encode(shipping.plainDescription, forKey: .shipping)
        try container.encode(discount.plainDescription, forKey: .discount)
        try container.encode(total.plainDescription, forKey: .total)
    }
}

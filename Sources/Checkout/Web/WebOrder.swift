public import Foundation

/// The order object the web checkout page sends with `order` and `paymentcompleted` messages.
///
/// `total` is required; the rest is optional. Amounts may arrive as JSON numbers or strings.
///
/// ```json
/// { "total": 42.5, "orderId": "W1001", "subTotal": 38.55, "delivery": 3.95, "currency": "GBP" }
/// ```
public struct WebOrder: Sendable, Hashable, Codable {
    /// The amount paid or to pay.
    public var total: Decimal
    /// The website's order id, once there is one.
    public var orderID: String?
    /// The sum of the items.
    public var subTotal: Decimal?
    /// The delivery cost.
    public var delivery: Decimal?
    /// The discount.
    public var discount: Decimal?
    /// The tax.
    public var tax: Decimal?
    /// The ISO 4217 currency code.
    public var currency: String?

    /// Creates an order.
    public init(
        total: Decimal, orderID: String? = nil, subTotal: Decimal? = nil, delivery: Decimal? = nil,
        discount: Decimal? = nil, tax: Decimal? = nil, currency: String? = nil
    ) {
        self.total = total
        self.orderID = orderID
        self.subTotal = subTotal
        self.delivery = delivery
        self.discount = discount
        self.tax = tax
        self.currency = currency
    }

    private enum CodingKeys: String, CodingKey {
        case total, orderID = "orderId", subTotal, delivery, discount, tax, currency
    }

    /// Decodes the page's order object; `total` is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decodeFlexibleDecimal(forKey: .total)
        if let text = try? container.decodeIfPresent(String.self, forKey: .orderID) {
            orderID = text
        } else if let number = try? container.decodeIfPresent(Int.self, forKey: .orderID) {
            orderID = String(number)
        }
        subTotal = try container.decodeFlexibleDecimalIfPresent(forKey: .subTotal)
        delivery = try container.decodeFlexibleDecimalIfPresent(forKey: .delivery)
        discount = try container.decodeFlexibleDecimalIfPresent(forKey: .discount)
        tax = try container.decodeFlexibleDecimalIfPresent(forKey: .tax)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
    }

    /// Encodes the order with the page's key names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encodeIfPresent(orderID, forKey: .orderID)
        try container.encodeIfPresent(subTotal, forKey: .subTotal)
        try container.encodeIfPresent(delivery, forKey: .delivery)
        try container.encodeIfPresent(discount, forKey: .discount)
        try container.encodeIfPresent(tax, forKey: .tax)
        try container.encodeIfPresent(currency, forKey: .currency)
    }
}

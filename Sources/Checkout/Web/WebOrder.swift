public import Foundation

/// The order object the web checkout page sends with `order` and `paymentcompleted` messages.
///
/// `total` is required; the rest is optional. Amounts may arrive as JSON numbers or strings; the
/// total, subtotal, delivery cost and tax are never negative (the discount may be written either
/// way). The order id may arrive as a string or a whole number, of any length `Decimal` holds.
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
    ///
    /// The order id is read from a string or a whole number (`1001`, and one beyond `Int`'s range
    /// as its digits); anything else (`true`, `1.5`) reads as none.
    ///
    /// - Throws: `DecodingError` naming the amount that is negative (all but the discount) or not
    ///   a decimal `Decimal` holds exactly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decodeNonNegativeDecimal(forKey: .total)
        if let text = try? container.decodeIfPresent(String.self, forKey: .orderID) {
            orderID = text
        } else if let number = try? container.decodeIfPresent(Int.self, forKey: .orderID) {
            orderID = String(number)
        } else if let number = try? container.decodeIfPresent(Decimal.self, forKey: .orderID) {
            orderID = Self.wholeNumberDigits(number)
        }
        subTotal = try container.decodeNonNegativeDecimalIfPresent(forKey: .subTotal)
        delivery = try container.decodeNonNegativeDecimalIfPresent(forKey: .delivery)
        discount = try container.decodeFlexibleDecimalIfPresent(forKey: .discount)
        tax = try container.decodeNonNegativeDecimalIfPresent(forKey: .tax)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
    }

    /// The digits of a whole number an order id was written as (`12345678901234567890`), or
    /// `nil` for a fraction, NaN, or a number with so many digits a decoder may have rounded it.
    static func wholeNumberDigits(_ number: Decimal) -> String? {
        guard DecimalParsing.numberProblem(number) == nil else { return nil }
        var value = number
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .plain)
        guard whole == number else { return nil }
        return whole.description
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

    /// Why ``total`` is not an amount to show or record (negative, NaN, or not a decimal a
    /// `Decimal` holds), or `nil` when it is one. Decoding refuses such totals already; an order
    /// built in code (a parsed page's) is checked with this.
    ///
    /// ```swift
    /// WebOrder(total: -1).totalProblem   // "-1 is negative; an amount here is 0 or more"
    /// ```
    public var totalProblem: String? {
        DecimalParsing.numberProblem(total) ?? DecimalParsing.negativeProblem(total)
    }
}

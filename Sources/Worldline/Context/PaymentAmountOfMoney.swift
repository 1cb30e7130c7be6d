/// An amount of money in minor units (cents for EUR, whole yen for JPY) with its ISO 4217 currency.
///
/// The Client API carries amounts as integers in minor units; so does this type. There is no
/// floating point anywhere on the path from the checkout to the request.
///
/// ```swift
/// let amount = PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "EUR")  // EUR 19.99
/// amount.description  // "1999-EUR"
/// ```
public struct PaymentAmountOfMoney: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The amount in minor units of ``currencyCode``.
    public var totalAmount: Int64
    /// The ISO 4217 currency code, e.g. `EUR`.
    public var currencyCode: String

    /// Creates an amount of `totalAmount` minor units of `currencyCode`.
    public init(totalAmount: Int64, currencyCode: String) {
        self.totalAmount = totalAmount
        self.currencyCode = currencyCode
    }

    /// `"<amount>-<currency>"`, the form the SDK uses in its cache keys (`"3-EUR"`).
    public var description: String { "\(totalAmount)-\(currencyCode)" }

    private enum CodingKeys: String, CodingKey { case amount, currencyCode }

    /// Decodes `{"amount": 1999, "currencyCode": "EUR"}`; the currency defaults to `USD` as in the SDK.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalAmount = try container.decodeInteger(Int64.self, forKey: .amount)
        currencyCode = try container.decodeIfPresent(String.self, forKey: .currencyCode) ?? "USD"
    }

    /// Encodes `{"amount": 1999, "currencyCode": "EUR"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(totalAmount, forKey: .amount)
        try container.encode(currencyCode, forKey: .currencyCode)
    }
}

public import Checkout

/// An amount as Adyen's API writes it: `{"value": 4595, "currency": "GBP"}`, the value in minor
/// units.
///
/// Converting from `Money` multiplies by 10^digits and truncates toward zero, as Adyen's SDK
/// does; the digits are ISO 4217's with Adyen's exceptions (`CurrencyDigits/adyenOverrides`:
/// ISK, CLP, COP, MRU, RSD and GHS use 2, CVE and IDR use 0).
///
/// ```swift
/// try AdyenAmount(Money(amount: 1000, currencyCode: "ISK"))   // {value: 100000, currency: "ISK"}
/// try AdyenAmount(Money(amount: 12.345, currencyCode: "GBP")) // {value: 1234, currency: "GBP"}
/// ```
public struct AdyenAmount: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount in minor units.
    public var value: Int64
    /// The ISO 4217 currency code (JSON key `currency`).
    public var currency: String

    /// Creates an amount from minor units.
    public init(value: Int64, currency: String) {
        self.value = value
        self.currency = currency.uppercased()
    }

    /// Converts `money` to Adyen's minor units, truncating toward zero.
    ///
    /// - Throws: `PaymentGuardViolation/unknownCurrency(_:)` for a currency with no known digits,
    ///   `PaymentGuardViolation/amountOutOfRange(_:)` when it does not fit 64 bits.
    public init(_ money: Money) throws(PaymentGuardViolation) {
        self.init(
            value: try money.minorUnits(overrides: CurrencyDigits.adyenOverrides), currency: money.currencyCode)
    }

    /// The amount in major units.
    ///
    /// - Throws: `PaymentGuardViolation/unknownCurrency(_:)` for a currency with no known digits.
    public func money() throws(PaymentGuardViolation) -> Money {
        try Money.fromMinorUnits(value, currencyCode: currency, overrides: CurrencyDigits.adyenOverrides)
    }

    /// `4595 GBP` (minor units and currency).
    public var description: String { "\(value) \(currency)" }

    private enum CodingKeys: String, CodingKey {
        case value, currency
    }

    /// Decodes `{"value": 4595, "currency": "GBP"}` as Adyen wrote it.
    ///
    /// - Throws: `DecodingError` naming `value` when it is a fraction or does not fit 64 bits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decodeExactInteger(Int64.self, forKey: .value)
        currency = try container.decode(String.self, forKey: .currency)
    }
}

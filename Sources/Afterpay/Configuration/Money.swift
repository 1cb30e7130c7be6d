public import Foundation

/// An amount of money as Afterpay's APIs and web widget write it: a decimal string and an ISO 4217
/// currency code, e.g. `{"amount":"50.00","currency":"USD"}`.
///
/// The amount stays the exact string received, so what is sent back (a checksum's amount, an
/// update) is byte for byte what Afterpay gave; ``decimalAmount`` reads it as a `Decimal` for
/// arithmetic and comparison. No floating point is involved anywhere.
public struct Money: Codable, Equatable, Hashable, Sendable {
    /// The amount as a decimal string, normally with two decimals: `"50.00"`.
    public let amount: String
    /// The ISO 4217 currency code: `"USD"`.
    public let currency: String

    /// Money from its two strings, passed through unchanged.
    public init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// Money from a `Decimal`, written with exactly two decimals (rounded half-even), a `.` and no
    /// grouping: `Money(amount: 50, currency: "USD").amount` is `"50.00"`. `Decimal.nan`, and an
    /// amount too large for `Decimal` once written in cents, are written `"NaN"`, which
    /// ``decimalAmount`` then refuses.
    public init(amount: Decimal, currency: String) {
        if let digits = DecimalText.digits(of: amount, scale: 2) {
            self.amount = (digits.isNegative ? "-" : "") + digits.integer + "." + digits.fraction
        } else {
            self.amount = "NaN"
        }
        self.currency = currency
    }

    /// The amount as a `Decimal`, or nil when the string is not a plain decimal number.
    public var decimalAmount: Decimal? {
        DecimalText.parse(amount)
    }
}

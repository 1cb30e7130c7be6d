import ActionLog
public import Foundation

/// An amount of money: a `Decimal` in major units (pounds, dollars, yen) and its ISO 4217
/// currency code. Never binary floating point.
///
/// ```swift
/// let total = Money(amount: Decimal(string: "42.50")!, currencyCode: "GBP")
/// try total.minorUnits()   // 4250
/// ```
///
/// `Money` encodes its amount as a decimal string (`{"amount": "42.50", "currencyCode": "GBP"}`)
/// so that no JSON reader turns it into a binary floating-point number on the way. It decodes
/// from a string or a JSON number.
public struct Money: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount in major units.
    public var amount: Decimal
    /// The ISO 4217 currency code, upper case (`"GBP"`, `"JPY"`).
    public var currencyCode: String

    /// Creates an amount in `currencyCode`.
    public init(amount: Decimal, currencyCode: String) {
        self.amount = amount
        self.currencyCode = Self.upperCased(currencyCode)
    }

    /// `code.uppercased()`, with the code itself when it is ASCII without a lower-case letter (a
    /// code as logs and APIs write it, `"GBP"`): `uppercased()` would make the same string anew,
    /// some 58 instructions on every amount a replay decodes, where this check is some 29.
    /// Anything else (lower case, any non-ASCII byte) goes through `uppercased()`.
    static func upperCased(_ code: String) -> String {
        var code = code
        let unchanged = code.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) {
                return false
            }
            return true
        }
        return unchanged ? code : code.uppercased()
    }

    /// Zero in `currencyCode`.
    public static func zero(_ currencyCode: String) -> Money {
        Money(amount: 0, currencyCode: currencyCode)
    }

    /// The amount and code, for example `42.5 GBP`.
    public var description: String { "\(amount) \(currencyCode)" }

    /// Whether the amount is greater than zero.
    public var isPositive: Bool { amount > 0 }

    /// The amount in minor units (pence, cents) for `currencyCode`'s ISO 4217 digits, with
    /// `overrides` taking precedence; extra digits are truncated toward zero, as payment SDKs do.
    ///
    /// - Throws: ``PaymentGuardViolation/notANumber(_:)`` for NaN,
    ///   ``PaymentGuardViolation/unknownCurrency(_:)`` for a currency with no known digits,
    ///   ``PaymentGuardViolation/amountOutOfRange(_:)`` when it does not fit 64 bits.
    public func minorUnits(overrides: [String: Int] = [:]) throws(PaymentGuardViolation) -> Int64 {
        guard !amount.isNaN else { throw .notANumber(self) }
        guard let digits = CurrencyDigits.digits(for: currencyCode, overrides: overrides) else {
            throw .unknownCurrency(currencyCode)
        }
        return try Self.truncatedMinorUnits(amount, digits: digits, currencyCode: currencyCode)
    }

    /// Creates an amount from minor units, the inverse of ``minorUnits(overrides:)``.
    ///
    /// - Throws: ``PaymentGuardViolation/unknownCurrency(_:)`` for a currency with no known digits.
    public static func fromMinorUnits(
        _ units: Int64, currencyCode: String, overrides: [String: Int] = [:]
    ) throws(PaymentGuardViolation) -> Money {
        guard let digits = CurrencyDigits.digits(for: currencyCode, overrides: overrides) else {
            throw .unknownCurrency(currencyCode)
        }
        var amount = Decimal(units)
        for _ in 0..<digits { amount /= 10 }
        return Money(amount: amount, currencyCode: currencyCode)
    }

    static func truncatedMinorUnits(
        _ amount: Decimal, digits: Int, currencyCode: String
    ) throws(PaymentGuardViolation) -> Int64 {
        var scaled = amount < 0 ? -amount : amount
        for _ in 0..<digits { scaled *= 10 }
        var truncated = Decimal()
        // `.down` rounds toward negative infinity; on the absolute value that is toward zero.
        NSDecimalRound(&truncated, &scaled, 0, .down)
        guard let magnitude = Int64(truncated.description) else {
            throw .amountOutOfRange(Money(amount: amount, currencyCode: currencyCode))
        }
        return amount < 0 ? -magnitude : magnitude
    }

    private enum CodingKeys: String, CodingKey {
        case amount
        case currencyCode
    }

    /// Decodes `amount` from a decimal string or a JSON number, and `currencyCode`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decodeFlexibleDecimal(forKey: .amount)
        currencyCode = Self.upperCased(try container.decode(String.self, forKey: .currencyCode))
    }

    /// Encodes `amount` as a decimal string, and `currencyCode`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount.plainDescription, forKey: .amount)
        try container.encode(currencyCode, forKey: .currencyCode)
    }
}

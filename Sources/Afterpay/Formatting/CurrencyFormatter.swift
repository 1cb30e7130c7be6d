public import Foundation

/// Formats amounts exactly as Afterpay's iOS SDK shows them, on every platform.
///
/// `NumberFormatter` is not used: on Linux it prints different strings for several of these cases
/// (it keeps two decimals when asked for none, and prints the device's currency code where iOS
/// prints the formatted one). Instead a small table of separators and symbols is applied to a
/// half-even rounded `Decimal`.
///
/// The rule, from Afterpay's SDK:
/// - An en_US device, or a device whose home currency is the merchant locale's currency, uses
///   the platform's own format: en_US shows `A$120.00`, `CA$120.00`, `NZ$120.00`, `£120.00`,
///   `$120.00`; an en_AU device shows AUD as `$120.00`; a fr_CA device shows CAD as `120,00 $`
///   (U+00A0 NO-BREAK SPACE before the `$`).
/// - Any other device takes the symbol of the currency's own locale with the device's separators:
///   a dollar currency reads symbol, amount, space, ISO code (`$120.00 CAD` on en_GB,
///   `$120,00 AUD` on fr_CA); pounds keep the `£` before the amount with the device's own
///   separators, as Afterpay's SDK prints them: `£120.00` on an English device, `£120,00` on
///   fr_CA, it_IT, es_ES or de_DE.
///
/// The table covers the five currencies a ``Configuration`` accepts (AUD, CAD, GBP, NZD, USD); any
/// other code is written as the code, a no-break space and the amount (`EUR 120.00`).
///
/// ```swift
/// let formatter = CurrencyFormatter(
///     currencyCode: "CAD", merchantLocale: Locale(identifier: "en_CA"), deviceLocale: Locale(identifier: "en_GB"))
/// formatter.string(from: 120)   // "$120.00 CAD"
/// ```
public struct CurrencyFormatter: Equatable, Sendable {
    /// The ISO 4217 code of the amounts.
    public let currencyCode: String
    /// The merchant's locale (one of the six supported ones; others act as en_US).
    public let merchantLocale: Locale
    /// The device's locale, which decides separators and symbol placement.
    public let deviceLocale: Locale

    /// A formatter for one currency, merchant and device.
    public init(currencyCode: String, merchantLocale: Locale, deviceLocale: Locale) {
        self.currencyCode = currencyCode
        self.merchantLocale = merchantLocale
        self.deviceLocale = deviceLocale
    }

    /// `amount` rounded half-even to `fractionDigits` decimals (2 for an instalment, 0 for the
    /// limits sentence) and formatted: `string(from: 25.005)` is `$25.00`, `string(from: 25.015)`
    /// is `$25.02`, `string(from: 2000, fractionDigits: 0)` is `$2,000`.
    public func string(from amount: Decimal, fractionDigits: Int = 2) -> String {
        // NaN, and an amount too large to scale: what NumberFormatter prints; never a garbled number.
        guard let digits = DecimalText.digits(of: amount, scale: max(0, fractionDigits)) else { return "NaN" }
        let device = DeviceNumberFormat(locale: deviceLocale)
        let merchant = MerchantLocale(merchantLocale) ?? .enUS
        let number =
            Self.group(digits.integer, separator: device.groupingSeparator)
            + (digits.fraction.isEmpty ? "" : device.decimalSeparator + digits.fraction)
        let sign = digits.isNegative ? "-" : ""

        if !device.isEnUS && device.homeCurrency != merchant.currencyCode {
            let currencyLocale = MerchantLocale.currencyLocale(for: currencyCode, merchant: merchant)
            switch currencyLocale?.currencyCode {
            case "GBP":
                return sign + "\u{A3}" + number
            case .some:
                return sign + "$" + number + " " + currencyCode
            case nil:
                break  // Not a supported currency: fall through to the platform's format.
            }
        }
        switch device.platformLayout(for: currencyCode) {
        case .prefix(let symbol):
            return sign + symbol + number
        case .suffix(let symbol):
            return sign + number + symbol
        }
    }

    /// Inserts `separator` between groups of three digits, counting from the right.
    static func group(_ integer: String, separator: String) -> String {
        var groups: [Substring] = []
        var end = integer.endIndex
        while end > integer.startIndex {
            let start = integer.index(end, offsetBy: -3, limitedBy: integer.startIndex) ?? integer.startIndex
            groups.append(integer[start..<end])
            end = start
        }
        return groups.reversed().joined(separator: separator)
    }
}

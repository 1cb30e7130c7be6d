import Foundation

/// How a device locale writes numbers and currency symbols: the table behind ``CurrencyFormatter``.
///
/// The rows are what iOS's `NumberFormatter` (ICU/CLDR) prints for the locales Afterpay supports,
/// written down so Linux prints the same bytes. Rows exist for en_US, en_AU, en_CA, fr_CA, en_GB
/// and en_NZ. Any other device gets its separators from its language (see ``separators(language:region:)``),
/// has no supported home currency, and so always takes the symbol-plus-ISO-code form.
struct DeviceNumberFormat: Equatable, Sendable {
    /// Where the platform puts a currency's symbol, with the spacing it uses.
    enum SymbolLayout: Equatable, Sendable {
        /// The symbol (with any space it carries) before the number: `A$` + `120.00`.
        case prefix(String)
        /// The symbol (with any space it carries) after the number: `120,00` + U+00A0 `$`.
        case suffix(String)
    }

    let languageCode: String
    let regionCode: String
    let decimalSeparator: String
    let groupingSeparator: String
    /// The currency of the device's region, when it is one Afterpay supports.
    let homeCurrency: String?

    /// Whether the device is exactly en_US, the one locale Afterpay's formatter never overrides.
    var isEnUS: Bool {
        languageCode == "en" && regionCode == "US"
    }

    init(locale: Locale) {
        let language = locale.language.languageCode?.identifier ?? "en"
        let region = locale.region?.identifier ?? ""
        languageCode = language
        regionCode = region
        (decimalSeparator, groupingSeparator) = Self.separators(language: language, region: region)
        homeCurrency = MerchantLocale.allCases.first { $0.regionCode == region }?.currencyCode
    }

    /// Decimal and grouping separators by language (region only matters for French: Canada groups
    /// with U+00A0 NO-BREAK SPACE, France with U+202F NARROW NO-BREAK SPACE).
    static func separators(language: String, region: String) -> (decimal: String, grouping: String) {
        switch language {
        case "fr":
            return (",", region == "CA" ? "\u{A0}" : "\u{202F}")
        case "de", "it", "es", "nl", "pt", "da", "id", "tr":
            return (",", ".")
        default:
            return (".", ",")
        }
    }

    /// The platform's own symbol and placement for `currencyCode` in this locale, used when
    /// Afterpay's formatter does not override it (en_US devices, and devices whose home currency
    /// is the merchant's).
    func platformLayout(for currencyCode: String) -> SymbolLayout {
        switch (languageCode, regionCode, currencyCode) {
        case ("fr", "CA", "CAD"): return .suffix("\u{A0}$")
        case ("fr", "CA", "GBP"): return .suffix("\u{A0}\u{A3}")
        case ("fr", "CA", "AUD"), ("fr", "CA", "NZD"), ("fr", "CA", "USD"):
            return .suffix("\u{A0}$\u{A0}" + Self.frenchRegionSuffix(currencyCode))
        case ("en", "AU", "AUD"), ("en", "CA", "CAD"), ("en", "NZ", "NZD"), ("en", "US", "USD"):
            return .prefix("$")
        case ("en", "AU", _): return .prefix(currencyCode + "\u{A0}")
        case (_, _, "GBP"): return .prefix("\u{A3}")
        case (_, _, "AUD"): return .prefix("A$")
        case (_, _, "CAD"): return .prefix("CA$")
        case (_, _, "NZD"): return .prefix("NZ$")
        case (_, "US", "USD"): return .prefix("$")
        case (_, _, "USD"): return .prefix("US$")
        default: return .prefix(currencyCode + "\u{A0}")
        }
    }

    /// French (Canada) marks a foreign dollar with its country: `$ AU`, `$ NZ`, `$ US`.
    private static func frenchRegionSuffix(_ currencyCode: String) -> String {
        String(currencyCode.prefix(2))
    }
}

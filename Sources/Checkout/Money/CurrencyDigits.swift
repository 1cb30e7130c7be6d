/// The number of minor-unit digits of each ISO 4217 currency, and providers' exceptions to it.
///
/// ```swift
/// CurrencyDigits.digits(for: "JPY")                                          // 0
/// CurrencyDigits.digits(for: "KWD")                                          // 3
/// CurrencyDigits.digits(for: "ISK", overrides: CurrencyDigits.adyenOverrides) // 2 (ISO says 0)
/// ```
///
/// The table is the ISO 4217 list of active currencies; a code outside it has no digits
/// (`nil`), so an unknown currency is refused rather than guessed.
public enum CurrencyDigits {
    /// Adyen's exceptions to ISO 4217: ISK, CLP, COP, MRU, RSD and GHS use 2 digits; CVE and
    /// IDR use 0.
    public static let adyenOverrides: [String: Int] = [
        "ISK": 2, "CLP": 2, "COP": 2, "MRU": 2, "RSD": 2, "GHS": 2, "CVE": 0, "IDR": 0,
    ]

    /// The digits a currency may have: ISO 4217's currencies have 0 to 4, and so may a
    /// provider's exception.
    public static let validDigits = 0...4

    /// The minor-unit digits of `currencyCode` (case-insensitive), `overrides` first, then ISO
    /// 4217; `nil` when the code is unknown, or when its override is outside ``validDigits`` (a
    /// currency with minus one or a billion digits cannot be paid in).
    public static func digits(for currencyCode: String, overrides: [String: Int] = [:]) -> Int? {
        let code = currencyCode.uppercased()
        if let override = overrides[code] { return validDigits.contains(override) ? override : nil }
        if zeroDigit.contains(code) { return 0 }
        if threeDigit.contains(code) { return 3 }
        if code == "CLF" || code == "UYW" { return 4 }
        if twoDigit.contains(code) { return 2 }
        return nil
    }

    static let zeroDigit: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
        "XAF", "XOF", "XPF",
    ]

    static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    static let twoDigit: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN",
        "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CNY", "COP",
        "CRC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP",
        "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IRR",
        "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "MAD", "MDL",
        "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN",
        "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB",
        "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP",
        "SZL", "THB", "TJS", "TMT", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "UYU", "UZS", "VES",
        "VED", "WST", "XCD", "YER", "ZAR", "ZMW", "ZWG", "ZWL",
    ]
}

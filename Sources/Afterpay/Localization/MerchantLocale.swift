import Foundation

/// The six locales a ``Configuration`` accepts, and what each one decides.
///
/// Matching is exact on the identifier, as in Afterpay's SDK (`Locale` equality): `en_AU` is
/// accepted, `en-AU` and `en_AU_POSIX` are not.
enum MerchantLocale: String, CaseIterable, Sendable {
    case enAU = "en_AU"
    case enCA = "en_CA"
    case frCA = "fr_CA"
    case enGB = "en_GB"
    case enNZ = "en_NZ"
    case enUS = "en_US"

    init?(_ locale: Locale) {
        self.init(rawValue: locale.identifier)
    }

    var locale: Locale {
        Locale(identifier: rawValue)
    }

    /// The two-letter language code, e.g. `fr` for fr_CA.
    var languageCode: String {
        String(rawValue.prefix(2))
    }

    /// The two-letter region code, e.g. `CA` for fr_CA.
    var regionCode: String {
        String(rawValue.suffix(2))
    }

    /// The currency of the locale's region; these five are the valid configuration currencies.
    var currencyCode: String {
        switch self {
        case .enAU: return "AUD"
        case .enCA, .frCA: return "CAD"
        case .enGB: return "GBP"
        case .enNZ: return "NZD"
        case .enUS: return "USD"
        }
    }

    /// The display languages the locale's region allows, in order of preference.
    var allowedLanguages: [MerchantLocale] {
        switch self {
        case .enAU: return [.enAU]
        case .enCA, .frCA: return [.enCA, .frCA]
        case .enGB: return [.enGB]
        case .enNZ: return [.enNZ]
        case .enUS: return [.enUS]
        }
    }

    /// The brand shown for a merchant in this locale.
    var brand: Brand {
        switch self {
        case .enGB: return .clearpay
        case .enAU, .enCA, .frCA, .enNZ: return .afterpay
        case .enUS: return .cashAppAfterpay
        }
    }

    /// The locale whose currency symbol a currency takes: the only valid locale using it, or for
    /// CAD (en_CA and fr_CA) the merchant's own locale when it is one of them, else the first.
    static func currencyLocale(for currencyCode: String, merchant: MerchantLocale) -> MerchantLocale? {
        let candidates = allCases.filter { $0.currencyCode == currencyCode }
        if candidates.count > 1, candidates.contains(merchant) {
            return merchant
        }
        return candidates.first
    }
}

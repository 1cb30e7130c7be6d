import Foundation

/// Labels and error messages by the SDK's keys, in English, Dutch, French and German.
///
/// The tables ship as resources (`Resources/Localization/<language>.json`) and use the keys of
/// the SDK's `WCSDKLocalizable.strings`: `gc.general.paymentProducts.<id>.name`,
/// `gc.general.paymentProductFields.<field>.label`,
/// `gc.general.paymentProductFields.validationErrors.<key>.label`, `gc.general.cobrands.<key>`.
/// A language is picked by its code (`nl`, `nl_NL` and `nl-BE` all give Dutch); a key missing in
/// that language falls back to English.
///
/// ```swift
/// let texts = WorldlineLocalization.shared
/// texts.productName("1", language: "nl")                      // "Visa"
/// texts.message(for: error, language: "de")                   // "Bitte geben Sie eine gültige Kartennummer an"
/// texts.fieldText(.label, fieldId: "cvv", productId: "3", language: "en")  // "CVC2"
/// ```
public struct WorldlineLocalization: Sendable {
    /// The texts of a field that can be localised.
    public enum FieldText: String, Sendable {
        /// The field's label.
        case label
        /// The placeholder.
        case placeholder
        /// The tooltip's text.
        case tooltipText
        /// The tooltip's image path.
        case tooltipImage
    }

    /// The languages with a table.
    public static let supportedLanguages = ["en", "nl", "fr", "de"]

    /// The tables shipped with the module.
    public static let shared = WorldlineLocalization()

    private let tables: [String: [String: String]]

    /// Loads the shipped tables. A table that cannot be read is left out (English is then used).
    public init() {
        var tables: [String: [String: String]] = [:]
        for language in Self.supportedLanguages {
            guard
                let url = Bundle.module.url(forResource: language, withExtension: "json", subdirectory: "Localization"),
                let data = try? Data(contentsOf: url),
                let table = try? JSONDecoder().decode([String: String].self, from: data)
            else { continue }
            tables[language] = table
        }
        self.tables = tables
    }

    /// Creates a localisation from tables keyed by language code (for apps that bring their own).
    public init(tables: [String: [String: String]]) {
        self.tables = tables
    }

    /// The text for `key` in `language`, else in English, else nil.
    public func string(forKey key: String, language: String) -> String? {
        tables[Self.languageCode(language)]?[key] ?? tables["en"]?[key]
    }

    /// The product's name (`gc.general.paymentProducts.<id>.name`), if the tables have it.
    public func productName(_ productId: String, language: String) -> String? {
        string(forKey: "gc.general.paymentProducts.\(productId).name", language: language)
    }

    /// The group's name (`gc.general.paymentProductGroups.<id>.name`), if the tables have it.
    public func groupName(_ groupId: String, language: String) -> String? {
        string(forKey: "gc.general.paymentProductGroups.\(groupId).name", language: language)
    }

    /// A field's text, trying the product's own key
    /// (`gc.general.paymentProducts.<id>.paymentProductFields.<field>.<text>`) before the generic
    /// one (`gc.general.paymentProductFields.<field>.<text>`).
    public func fieldText(_ text: FieldText, fieldId: String, productId: String? = nil, language: String) -> String? {
        if let productId,
            let specific = string(
                forKey: "gc.general.paymentProducts.\(productId).paymentProductFields.\(fieldId).\(text.rawValue)",
                language: language)
        {
            return specific
        }
        return string(forKey: "gc.general.paymentProductFields.\(fieldId).\(text.rawValue)", language: language)
    }

    /// A co-brand text (`gc.general.cobrands.<key>`: `introText`, `toggleCobrands`, `detected`,
    /// `selectbrand`, `readmore`, `fullText`).
    public func coBrandText(_ key: String, language: String) -> String? {
        string(forKey: "gc.general.cobrands.\(key)", language: language)
    }

    /// The message for `error`, with its parameters filled in (`{minLength}`, `{maxLength}`,
    /// `{minValue}`, `{maxValue}`).
    ///
    /// When `field` is a currency field, range bounds are minor units and are shown divided by
    /// 100 with two decimals (`1000` → `10.00`), as the SDK's example app does. Falls back to the
    /// key itself if no table has it.
    public func message(for error: ValidationError, field: PaymentProductField? = nil, language: String) -> String {
        let key = error.localizationKey
        var text = string(forKey: key, language: language) ?? key
        switch error.kind {
        case .length(let minLength, let maxLength):
            text = text.replacingOccurrences(of: "{minLength}", with: String(minLength))
                .replacingOccurrences(of: "{maxLength}", with: String(maxLength))
        case .range(let minValue, let maxValue):
            let isCurrency = field?.displayHints.formElement.type == .currency
            text = text.replacingOccurrences(of: "{minValue}", with: Self.bound(minValue, isCurrency: isCurrency))
                .replacingOccurrences(of: "{maxValue}", with: Self.bound(maxValue, isCurrency: isCurrency))
        default:
            break
        }
        return text
    }

    /// The keys of `language`'s own table (without English fallback), sorted.
    public func allKeys(language: String) -> [String] {
        (tables[Self.languageCode(language)] ?? [:]).keys.sorted()
    }

    /// `"nl"` from `nl`, `nl_NL`, `nl-BE`, `NL`.
    static func languageCode(_ language: String) -> String {
        String(language.prefix { $0 != "_" && $0 != "-" }).lowercased()
    }

    /// Minor units shown with two decimals, using integer arithmetic only.
    private static func bound(_ value: Int, isCurrency: Bool) -> String {
        guard isCurrency else { return String(value) }
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}

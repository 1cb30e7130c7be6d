import Foundation

/// What the customer is about to pay: amount, currency, country and whether the payment recurs.
///
/// The Client API chooses the payment products it offers from this context, and the IIN lookup
/// answers whether a card is allowed *in* it.
///
/// ```swift
/// let context = PaymentContext(
///     amountOfMoney: PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "EUR"),
///     isRecurring: false, countryCode: "NL", locale: "en_US")
/// ```
public struct PaymentContext: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The amount to pay.
    public var amountOfMoney: PaymentAmountOfMoney
    /// Whether the payment is the first of a series of recurring payments.
    public var isRecurring: Bool
    /// Whether the customer pays in instalments (sent with IIN lookups).
    public var isInstallments: Bool
    /// The ISO 3166-1 alpha-2 country of the customer, e.g. `NL`.
    public var countryCode: String
    /// The locale for labels the API returns, `"<language>_<region>"` (e.g. `en_US`), or nil.
    ///
    /// Product groups, group details and networks need a locale; those calls fail with
    /// ``WorldlineError/localeWasNil`` without one.
    public var locale: String?
    /// Asks the API for the basic (redirect) flow of a product, when set.
    public var forceBasicFlow: Bool?

    /// Creates a context. The locale defaults to the device's, as in the SDK.
    public init(
        amountOfMoney: PaymentAmountOfMoney, isRecurring: Bool, countryCode: String,
        isInstallments: Bool = false, locale: String? = PaymentContext.deviceLocale, forceBasicFlow: Bool? = nil
    ) {
        self.amountOfMoney = amountOfMoney
        self.isRecurring = isRecurring
        self.countryCode = countryCode
        self.isInstallments = isInstallments
        self.locale = locale
        self.forceBasicFlow = forceBasicFlow
    }

    /// The device's locale in the Client API's form, `"<languageCode>_<regionCode>"`, or nil when
    /// the device has no language.
    public static var deviceLocale: String? {
        let current = Locale.current
        guard let language = current.language.languageCode?.identifier else { return nil }
        guard let region = current.region?.identifier else { return language }
        return "\(language)_\(region)"
    }

    /// `"<amount>-<currency>-<country>-<YES|NO>"`, the SDK's cache-key form (`"3-EUR-NL-YES"`).
    public var description: String {
        "\(amountOfMoney)-\(countryCode)-\(isRecurring ? "YES" : "NO")"
    }

    private enum CodingKeys: String, CodingKey {
        case countryCode, forceBasicFlow, amountOfMoney, isRecurring, isInstallments, locale
    }

    /// Decodes the SDK's JSON form; `countryCode` defaults to `US` and `isRecurring` to false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amountOfMoney = try container.decode(PaymentAmountOfMoney.self, forKey: .amountOfMoney)
        countryCode = try container.decodeIfPresent(String.self, forKey: .countryCode) ?? "US"
        isRecurring = try container.decodeFlag(forKey: .isRecurring)
        isInstallments = try container.decodeFlag(forKey: .isInstallments)
        forceBasicFlow = try container.decodeIfPresent(Bool.self, forKey: .forceBasicFlow)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
    }
}

public import Foundation

/// A merchant's Afterpay configuration: the order limits, the currency, and the locale whose terms,
/// branding and number formats apply.
///
/// Build it from the response of Afterpay's configuration endpoint (see
/// ``init(response:locale:environment:consumerLocale:)``) and either pass it explicitly, through an
/// ``AfterpayContext``, or set it globally with ``Afterpay/setConfiguration(_:)``.
///
/// ```swift
/// let configuration = try Configuration(
///     minimumAmount: "1.00",
///     maximumAmount: "2000.00",
///     currencyCode: "AUD",
///     locale: Locale(identifier: "en_AU"),
///     environment: .sandbox
/// )
/// ```
///
/// The initialiser checks, in this order, and throws the first failure as a ``ConfigurationError``:
/// 1. a given minimum is a plain decimal number and >= 0, else ``ConfigurationError/invalidMinimum(_:)``;
/// 2. the maximum likewise, else ``ConfigurationError/invalidMaximum(_:)``;
/// 3. a given minimum is strictly below the maximum, else
///    ``ConfigurationError/invalidOrdering(minimum:maximum:)``;
/// 4. the currency is AUD, CAD, GBP, NZD or USD, else ``ConfigurationError/invalidCurrencyCode(_:)``;
/// 5. the locale is exactly en_AU, en_CA, fr_CA, en_GB, en_NZ or en_US, else
///    ``ConfigurationError/invalidLocale(_:)``.
///
/// Deliberately not checked, as in Afterpay's SDK: that the currency is the locale's own (USD with
/// en_AU is cross-border trade and allowed), that the maximum is above zero, and how many decimals
/// the amounts have. Unlike `Decimal(string:)`, amounts must be plain numbers: `"12abc"`,
/// `"1,000.00"` and `" 5"` are refused rather than read as 12, 1 and 5.
public struct Configuration: Equatable, Hashable, Sendable {
    /// Which Afterpay servers a configuration belongs to.
    public enum Environment: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
        /// Afterpay's sandbox: test merchants and test consumers.
        case sandbox
        /// Afterpay's live servers.
        case production
    }

    /// The smallest order total Afterpay accepts, inclusive; nil when the merchant has none.
    public let minimumAmount: Decimal?
    /// The largest order total Afterpay accepts, inclusive.
    public let maximumAmount: Decimal
    /// The ISO 4217 code of the currency the limits and orders are in.
    public let currencyCode: String
    /// The merchant's locale: it picks the region (and so the allowed display languages), the
    /// brand, and the more-info modal.
    public let locale: Locale
    /// The Afterpay environment this configuration was fetched from.
    public let environment: Environment
    /// The consumer's locale, when the app knows it; it picks the display language among those
    /// the region allows. When nil, the device's locale is used.
    public let consumerLocale: Locale?

    /// Validates and stores a configuration; see the type's documentation for the checks and
    /// their order.
    ///
    /// - Parameters:
    ///   - minimumAmount: The minimum order total as a decimal string such as `"1.00"`, or nil.
    ///   - maximumAmount: The maximum order total as a decimal string such as `"2000.00"`.
    ///   - currencyCode: The ISO 4217 code, one of `AUD`, `CAD`, `GBP`, `NZD`, `USD`.
    ///   - locale: The merchant locale, exactly one of en_AU, en_CA, fr_CA, en_GB, en_NZ, en_US.
    ///   - environment: Sandbox or production.
    ///   - consumerLocale: The consumer's locale, if known.
    /// - Throws: ``ConfigurationError`` naming the first failed check.
    public init(
        minimumAmount: String?,
        maximumAmount: String,
        currencyCode: String,
        locale: Locale,
        environment: Environment,
        consumerLocale: Locale? = nil
    ) throws(ConfigurationError) {
        var minimum: Decimal?
        if let minimumAmount {
            guard let parsed = DecimalText.parse(minimumAmount), parsed >= 0 else {
                throw .invalidMinimum(minimumAmount)
            }
            minimum = parsed
        }
        guard let maximum = DecimalText.parse(maximumAmount), maximum >= 0 else {
            throw .invalidMaximum(maximumAmount)
        }
        if let minimumAmount, let minimum, minimum >= maximum {
            throw .invalidOrdering(minimum: minimumAmount, maximum: maximumAmount)
        }
        guard MerchantLocale.allCases.contains(where: { $0.currencyCode == currencyCode }) else {
            throw .invalidCurrencyCode(currencyCode)
        }
        guard MerchantLocale(locale) != nil else {
            throw .invalidLocale(locale)
        }
        self.minimumAmount = minimum
        self.maximumAmount = maximum
        self.currencyCode = currencyCode
        self.locale = locale
        self.environment = environment
        self.consumerLocale = consumerLocale
    }

    /// The merchant locale as one of the supported cases; always present because `init` checked it.
    var merchantLocale: MerchantLocale {
        MerchantLocale(locale) ?? .enUS
    }

    /// Whether `totalAmount` is inside the limits: a number (not NaN) above zero, at least the
    /// minimum (zero when none is configured) and at most the maximum. Both bounds are inclusive.
    ///
    /// This is the rule that decides between the instalment sentence and the limits sentence in
    /// ``PriceBreakdown``; the currency is not considered here (see ``availability(for:currencyCode:)``).
    public func isInRange(_ totalAmount: Decimal) -> Bool {
        !totalAmount.isNaN && totalAmount > 0 && totalAmount >= (minimumAmount ?? 0) && totalAmount <= maximumAmount
    }
}

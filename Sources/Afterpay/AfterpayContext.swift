public import Foundation

/// Everything the breakdown and widget read besides their own inputs: the configuration (or none)
/// and the device's locale.
///
/// This is the explicit, value-type way in: tests and the checkout store build one and pass it,
/// so nothing depends on global state or on the machine's locale. ``Afterpay/context`` gives the
/// same thing built from ``Afterpay/setConfiguration(_:)`` and `Locale.current`.
///
/// ```swift
/// let context = AfterpayContext(configuration: configuration, deviceLocale: Locale(identifier: "en_US"))
/// let breakdown = PriceBreakdown(totalAmount: 50, context: context)
/// ```
///
/// Two locales matter and they do different jobs: the *display language* (which words) comes from
/// the configuration's consumer locale, or the device's when none is given; the *number format*
/// (which separators and symbol) always comes from the device's locale, as on iOS.
public struct AfterpayContext: Equatable, Hashable, Sendable {
    /// The merchant's configuration, or nil when none has been set.
    public var configuration: Configuration?
    /// The device's locale: it formats amounts, and picks the language when the configuration has
    /// no consumer locale.
    public var deviceLocale: Locale

    /// A context from an explicit configuration and device locale.
    public init(configuration: Configuration?, deviceLocale: Locale = .current) {
        self.configuration = configuration
        self.deviceLocale = deviceLocale
    }

    /// The merchant locale: the configuration's, or en_US when there is none (as in Afterpay's SDK).
    public var merchantLocale: Locale {
        merchant.locale
    }

    /// The display language: the first language the merchant region allows whose language code is
    /// the consumer's (the configuration's consumer locale, else the device's), or nil when none
    /// matches. Region AU allows en_AU; CA allows en_CA and fr_CA; GB en_GB; NZ en_NZ; US en_US.
    public var language: Locale? {
        displayLanguage?.locale
    }

    /// Whether Afterpay may be shown at all: a configuration is set and a display language was
    /// found. Screens hide the breakdown and widget when this is false.
    public var isEnabled: Bool {
        configuration != nil && displayLanguage != nil
    }

    /// The brand for the merchant locale: Clearpay for en_GB, Cash App Afterpay for en_US (and
    /// when there is no configuration), Afterpay otherwise.
    public var brand: Brand {
        merchant.brand
    }

    var merchant: MerchantLocale {
        configuration?.merchantLocale ?? .enUS
    }

    var displayLanguage: MerchantLocale? {
        let consumer = configuration?.consumerLocale ?? deviceLocale
        guard let code = consumer.language.languageCode?.identifier else { return nil }
        return merchant.allowedLanguages.first { $0.languageCode == code }
    }

    var strings: AfterpayStrings {
        AfterpayStrings(language: displayLanguage)
    }
}

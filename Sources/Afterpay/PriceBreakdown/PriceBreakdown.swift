public import Foundation

/// The sentence Afterpay shows beside a price, with everything a screen needs to draw it: where
/// the logo goes, which logo, the more-info link and its modal, and a label for screen readers.
///
/// ```swift
/// let context = AfterpayContext(configuration: configuration, deviceLocale: Locale(identifier: "en_US"))
/// let breakdown = PriceBreakdown(totalAmount: 50, context: context)
/// breakdown.string           // "or 4 interest-free payments of $12.50 with"
/// breakdown.badgePlacement   // .end: text, space, logo
/// ```
///
/// The rules, in order:
/// - **In range** (total > 0, >= the minimum or 0 when none, <= the maximum): four payments of
///   total / 4, rounded half-even to two decimals for display (100.02 shows `$25.00`, 100.06
///   shows `$25.02`), in `<intro> 4 <interest-free >payments of <amount> <with>`, trimmed at both
///   ends; the logo goes after the text. The interest-free words are left out for an en_GB
///   merchant or GBP, or when `showInterestFreeText` is false; `with` when `showWithText` is false.
/// - **Out of range with a configuration** (including 0 and negative totals):
///   `available for orders between <min> – <max>` (U+2013 EN DASH), whole units, the minimum
///   shown as 1 when none is configured; the logo goes before the text.
/// - **No configuration**: `or pay with`, logo after.
///
/// Words follow the display language (French for a fr_CA consumer of a Canadian merchant);
/// amounts follow the device locale (see ``CurrencyFormatter``). Intro, interest-free and with
/// options change only the in-range sentence.
public struct PriceBreakdown: Equatable, Hashable, Sendable {
    /// Which side of the text the logo sits on.
    public enum BadgePlacement: String, Equatable, Hashable, Sendable {
        /// Logo, space, text (the limits sentence).
        case start
        /// Text, space, logo (the instalment sentence and "or pay with").
        case end
    }

    /// The sentence, e.g. `or 4 interest-free payments of $12.50 with`.
    public let string: String
    /// Where the logo goes relative to ``string``.
    public let badgePlacement: BadgePlacement
    /// The logo for a light appearance.
    public let logo: LogoAsset
    /// The logo for a dark appearance (the same as ``logo`` for a static colour scheme).
    public let darkModeLogo: LogoAsset
    /// The more-info link, or nil for ``ModalLinkStyle/none``.
    public let moreInfoLink: MoreInfoLink?
    /// The more-info modal's URL (present even when the link is hidden).
    public let modalURL: URL
    /// What a screen reader says for the logo and sentence together, in reading order, with the
    /// brand spelled to be spoken: `or 4 interest-free payments of $12.50 with after pay`.
    public let accessibilityLabel: String
    /// Whether Afterpay may be shown at all (``AfterpayContext/isEnabled``); hide the breakdown
    /// when false. ``string`` is still computed, e.g. `or pay with` with no configuration.
    public let isEnabled: Bool
    /// Whether the total was within the configured limits (the instalment sentence).
    public let isInRange: Bool

    /// The number of instalments. Always 4: Afterpay's "pay in 3" for EUR was removed in SDK 5.5.0.
    public static let numberOfInstalments = 4

    /// Computes the breakdown for a total.
    ///
    /// - Parameters:
    ///   - totalAmount: The order total in the configured currency.
    ///   - introText: The words opening the instalment sentence (default `or`).
    ///   - showInterestFreeText: Whether to say "interest-free" (ignored for en_GB and GBP).
    ///   - showWithText: Whether to end with "with".
    ///   - logoType: Badge (default), lockup or compact badge.
    ///   - colorScheme: The logo's palette(s).
    ///   - moreInfoOptions: The modal and link style.
    ///   - context: The configuration and device locale; defaults to ``Afterpay/context``, the
    ///     global configuration and `Locale.current`.
    public init(
        totalAmount: Decimal,
        introText: AfterpayIntroText = .or,
        showInterestFreeText: Bool = true,
        showWithText: Bool = true,
        logoType: LogoType = .badge,
        colorScheme: ColorScheme = .default,
        moreInfoOptions: MoreInfoOptions = MoreInfoOptions(),
        context: AfterpayContext = Afterpay.context
    ) {
        let strings = context.strings
        let configuration = context.configuration
        let inRange = configuration?.isInRange(totalAmount) ?? false

        if let configuration, inRange {
            let formatter = Self.formatter(configuration: configuration, context: context)
            let instalment = totalAmount / Decimal(Self.numberOfInstalments)
            let dropsInterestFree = configuration.merchantLocale == .enGB || configuration.currencyCode == "GBP"
            let sentence = strings.available(
                intro: introText.text(in: strings),
                count: Self.numberOfInstalments,
                interestFree: dropsInterestFree || !showInterestFreeText ? "" : strings.interestFree,
                amount: formatter.string(from: instalment, fractionDigits: 2),
                with: showWithText ? strings.with : ""
            )
            string = sentence.trimmingCharacters(in: .whitespaces)
            badgePlacement = .end
        } else if let configuration {
            let formatter = Self.formatter(configuration: configuration, context: context)
            string = strings.outsideLimits(
                minimum: formatter.string(from: configuration.minimumAmount ?? 1, fractionDigits: 0),
                maximum: formatter.string(from: configuration.maximumAmount, fractionDigits: 0)
            )
            badgePlacement = .start
        } else {
            string = strings.orPayWith
            badgePlacement = .end
        }

        let brand = context.brand
        logo = LogoAsset(brand: brand, requestedType: logoType, palette: colorScheme.palette(isDarkMode: false))
        darkModeLogo = LogoAsset(brand: brand, requestedType: logoType, palette: colorScheme.palette(isDarkMode: true))
        modalURL = moreInfoOptions.modalURL(context: context)
        moreInfoLink = MoreInfoLink(
            style: moreInfoOptions.modalLinkStyle, url: modalURL, brand: brand, strings: strings)
        switch badgePlacement {
        case .start: accessibilityLabel = brand.accessibilityName + " " + string
        case .end: accessibilityLabel = string + " " + brand.accessibilityName
        }
        isEnabled = context.isEnabled
        isInRange = inRange
    }

    /// One piece of the breakdown as Afterpay's view lays it out.
    public enum Part: Equatable, Hashable, Sendable {
        /// The logo.
        case logo(LogoAsset)
        /// The sentence.
        case text(String)
        /// A single space between pieces.
        case space
        /// The more-info link.
        case link(MoreInfoLink)
    }

    /// The pieces in the order Afterpay's view draws them: logo, space, text (``BadgePlacement/start``)
    /// or text, space, logo (``BadgePlacement/end``), then a space and the link unless the link
    /// style is ``ModalLinkStyle/none``. Render them in a row and the result matches the SDK.
    public var parts: [Part] {
        var parts: [Part]
        switch badgePlacement {
        case .start: parts = [.logo(logo), .space, .text(string)]
        case .end: parts = [.text(string), .space, .logo(logo)]
        }
        if let moreInfoLink {
            parts += [.space, .link(moreInfoLink)]
        }
        return parts
    }

    private static func formatter(configuration: Configuration, context: AfterpayContext) -> CurrencyFormatter {
        CurrencyFormatter(
            currencyCode: configuration.currencyCode,
            merchantLocale: configuration.locale,
            deviceLocale: context.deviceLocale
        )
    }
}

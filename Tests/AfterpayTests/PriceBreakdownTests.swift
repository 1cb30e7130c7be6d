import Afterpay
import Foundation
import XCTest

final class PriceBreakdownTests: XCTestCase {
    private func breakdown(
        _ total: String,
        introText: AfterpayIntroText = .or,
        showInterestFreeText: Bool = true,
        showWithText: Bool = true,
        context: AfterpayContext
    ) -> PriceBreakdown {
        PriceBreakdown(
            totalAmount: Decimal(string: total) ?? .nan,
            introText: introText,
            showInterestFreeText: showInterestFreeText,
            showWithText: showWithText,
            context: context
        )
    }

    // MARK: In range

    func testInRangeTotalShowsFourInstalmentsWithLogoAfterTheText() throws {
        let result = breakdown("50.00", context: try Fixture.context(minimum: "1.00"))
        XCTAssertEqual(result.string, "or 4 interest-free payments of $12.50 with")
        XCTAssertEqual(result.badgePlacement, .end)
        XCTAssertTrue(result.isInRange)
    }

    func testInstalmentIsRoundedHalfEvenForDisplay() throws {
        let context = try Fixture.context(minimum: "1.00")
        XCTAssertEqual(breakdown("100.02", context: context).string, "or 4 interest-free payments of $25.00 with")
        XCTAssertEqual(breakdown("100.06", context: context).string, "or 4 interest-free payments of $25.02 with")
        XCTAssertEqual(breakdown("40.02", context: context).string, "or 4 interest-free payments of $10.00 with")
        XCTAssertEqual(breakdown("40.03", context: context).string, "or 4 interest-free payments of $10.01 with")
    }

    func testBoundsAreInclusive() throws {
        let context = try Fixture.context(minimum: "50.00", maximum: "1000.00")
        XCTAssertEqual(breakdown("50.00", context: context).string, "or 4 interest-free payments of $12.50 with")
        XCTAssertEqual(breakdown("1000.00", context: context).string, "or 4 interest-free payments of $250.00 with")
    }

    func testEveryIntroTextOpensTheSentence() throws {
        let context = try Fixture.context(minimum: "1.00")
        let expected: [AfterpayIntroText: String] = [
            .or: "or 4 interest-free payments of $12.50 with",
            .orTitle: "Or 4 interest-free payments of $12.50 with",
            .pay: "pay 4 interest-free payments of $12.50 with",
            .payTitle: "Pay 4 interest-free payments of $12.50 with",
            .make: "make 4 interest-free payments of $12.50 with",
            .makeTitle: "Make 4 interest-free payments of $12.50 with",
            .payIn: "pay in 4 interest-free payments of $12.50 with",
            .payInTitle: "Pay in 4 interest-free payments of $12.50 with",
            .in: "in 4 interest-free payments of $12.50 with",
            .inTitle: "In 4 interest-free payments of $12.50 with",
            .empty: "4 interest-free payments of $12.50 with",
        ]
        XCTAssertEqual(Set(expected.keys), Set(AfterpayIntroText.allCases))
        for (intro, sentence) in expected {
            XCTAssertEqual(breakdown("50", introText: intro, context: context).string, sentence, "\(intro)")
        }
    }

    func testHidingOptionalWordsLeavesNoStraySpaces() throws {
        let context = try Fixture.context(minimum: "1.00")
        XCTAssertEqual(
            breakdown("50", showInterestFreeText: false, context: context).string, "or 4 payments of $12.50 with")
        XCTAssertEqual(
            breakdown("50", showWithText: false, context: context).string, "or 4 interest-free payments of $12.50")
        XCTAssertEqual(
            breakdown("50", introText: .empty, showInterestFreeText: false, showWithText: false, context: context)
                .string,
            "4 payments of $12.50")
    }

    func testGBPCurrencyAlwaysDropsInterestFree() throws {
        let context = try Fixture.context(minimum: "1.00", currency: "GBP", locale: "en_AU", device: "en_GB")
        XCTAssertEqual(breakdown("50", context: context).string, "or 4 payments of \u{A3}12.50 with")
    }

    func testEnGBMerchantAlwaysDropsInterestFree() throws {
        let context = try Fixture.context(
            minimum: "1.00", currency: "USD", locale: "en_GB", device: "en_US")
        XCTAssertEqual(breakdown("50", context: context).string, "or 4 payments of $12.50 with")
        let clearpay = try Fixture.context(minimum: "1.00", currency: "GBP", locale: "en_GB", device: "en_GB")
        XCTAssertEqual(
            breakdown("50", introText: .payInTitle, showInterestFreeText: true, context: clearpay).string,
            "Pay in 4 payments of \u{A3}12.50 with")
    }

    // MARK: Out of range

    func testTotalOutsideLimitsShowsTheLimitsWithoutDecimalsAndLogoFirst() throws {
        let result = breakdown("5000", context: try Fixture.context(minimum: "50.00", maximum: "1000.00"))
        XCTAssertEqual(result.string, "available for orders between $50 \u{2013} $1,000")
        XCTAssertEqual(result.badgePlacement, .start)
        XCTAssertFalse(result.isInRange)
    }

    func testLimitsSentenceUsesAnEnDashWithOrdinarySpaces() throws {
        let text = breakdown("1", context: try Fixture.context(minimum: "50", maximum: "200")).string
        XCTAssertEqual(text, "available for orders between $50 \u{2013} $200")
        XCTAssertEqual(
            scalars(text).suffix(10),
            ["U+24", "U+35", "U+30", "U+20", "U+2013", "U+20", "U+24", "U+32", "U+30", "U+30"])
        XCTAssertEqual(scalars(text).filter { $0 == "U+2013" }.count, 1)
        XCTAssertFalse(text.contains("-"))
    }

    func testZeroAndNegativeTotalsWithAConfigurationShowTheLimits() throws {
        let context = try Fixture.context(minimum: "50.00", maximum: "1000.00")
        for total in ["0", "-10"] {
            let result = breakdown(total, context: context)
            XCTAssertEqual(result.string, "available for orders between $50 \u{2013} $1,000", total)
            XCTAssertEqual(result.badgePlacement, .start, total)
        }
    }

    func testMissingMinimumIsShownAsOne() throws {
        let result = breakdown("5000", context: try Fixture.context(minimum: nil, maximum: "1000.00"))
        XCTAssertEqual(result.string, "available for orders between $1 \u{2013} $1,000")
    }

    func testTotalBelowOneIsInRangeWhenNoMinimumIsConfigured() throws {
        let result = breakdown("0.40", context: try Fixture.context(minimum: nil, maximum: "1000.00"))
        XCTAssertEqual(result.string, "or 4 interest-free payments of $0.10 with")
    }

    func testLimitsAreRoundedHalfEvenToWholeUnits() throws {
        let result = breakdown("5000", context: try Fixture.context(minimum: "49.50", maximum: "1000.50"))
        XCTAssertEqual(result.string, "available for orders between $50 \u{2013} $1,000")
    }

    func testOptionsDoNotChangeTheLimitsSentence() throws {
        let context = try Fixture.context(minimum: "50", maximum: "1000")
        let plain = breakdown("1", context: context).string
        let styled = breakdown(
            "1", introText: .payInTitle, showInterestFreeText: false, showWithText: false, context: context
        ).string
        XCTAssertEqual(plain, styled)
    }

    // MARK: No configuration

    func testNoConfigurationSaysOrPayWithAndIsNotEnabled() {
        let result = breakdown(
            "50", context: AfterpayContext(configuration: nil, deviceLocale: Fixture.locale("en_US")))
        XCTAssertEqual(result.string, "or pay with")
        XCTAssertEqual(result.badgePlacement, .end)
        XCTAssertFalse(result.isEnabled)
        XCTAssertEqual(result.logo.brand, .cashAppAfterpay)
    }

    func testNoConfigurationIgnoresTheTotal() {
        let context = AfterpayContext(configuration: nil, deviceLocale: Fixture.locale("en_AU"))
        XCTAssertEqual(breakdown("0", context: context).string, "or pay with")
        XCTAssertEqual(breakdown("-5", context: context).string, "or pay with")
    }

    // MARK: French (Canada)

    func testFrenchConsumerOfCanadianMerchantGetsFrenchSentence() throws {
        let context = try Fixture.context(
            minimum: "1.00", currency: "CAD", locale: "en_CA", consumerLocale: "fr_CA", device: "fr_CA")
        let text = breakdown("50", context: context).string
        XCTAssertEqual(text, "ou 4 paiements sans int\u{E9}r\u{EA}ts de 12,50\u{A0}$ avec")
        XCTAssertEqual(
            breakdown("50", introText: .payInTitle, showInterestFreeText: false, showWithText: false, context: context)
                .string,
            "Payez en 4 paiements de 12,50\u{A0}$")
    }

    func testFrenchIntroWords() throws {
        let context = try Fixture.context(
            minimum: "1.00", currency: "CAD", locale: "fr_CA", consumerLocale: "fr_CA", device: "en_CA")
        let expected: [AfterpayIntroText: String] = [
            .or: "ou", .orTitle: "Ou", .pay: "payez", .payTitle: "Payez", .make: "effectuez",
            .makeTitle: "Effectuez", .payIn: "payez en", .payInTitle: "Payez en", .in: "en", .inTitle: "En",
        ]
        for (intro, words) in expected {
            XCTAssertEqual(
                breakdown("50", introText: intro, showInterestFreeText: false, showWithText: false, context: context)
                    .string,
                "\(words) 4 paiements de $12.50",
                "\(intro)")
        }
    }

    func testFrenchLimitsAndNoConfigurationSentences() throws {
        let context = try Fixture.context(
            minimum: "50", maximum: "1000", currency: "CAD", locale: "en_CA", consumerLocale: "fr_CA", device: "fr_CA")
        XCTAssertEqual(
            breakdown("5000", context: context).string,
            "disponible pour les montants entre 50\u{A0}$ \u{2013} 1\u{A0}000\u{A0}$")
        let noConfiguration = AfterpayContext(configuration: nil, deviceLocale: Fixture.locale("fr_CA"))
        // Without a configuration the merchant region is US, which has no French: English words.
        XCTAssertEqual(breakdown("50", context: noConfiguration).string, "or pay with")
    }

    func testTextFollowsConsumerLocaleWhileNumbersFollowTheDevice() throws {
        let context = try Fixture.context(
            minimum: "1.00", currency: "CAD", locale: "en_CA", consumerLocale: "fr_CA", device: "en_US")
        XCTAssertEqual(
            breakdown("50", context: context).string, "ou 4 paiements sans int\u{E9}r\u{EA}ts de CA$12.50 avec")
    }

    // MARK: Logo, link, accessibility

    func testCashAppRegionAlwaysUsesTheLockup() throws {
        let context = try Fixture.context(minimum: "1")
        let result = PriceBreakdown(totalAmount: 50, logoType: .badge, context: context)
        XCTAssertEqual(result.logo.type, .lockup)
        XCTAssertEqual(result.logo.assetName, "lockup-cashappafterpay-preferred")
        XCTAssertEqual(result.string, "or 4 interest-free payments of $12.50 with")
    }

    func testLogoAssetNamesFollowBrandTypeAndPalette() throws {
        let afterpay = try Fixture.context(minimum: "1", currency: "AUD", locale: "en_AU", device: "en_AU")
        let clearpay = try Fixture.context(minimum: "1", currency: "GBP", locale: "en_GB", device: "en_GB")
        let cases: [(AfterpayContext, LogoType, ColorPalette, String)] = [
            (afterpay, .badge, .default, "badge-afterpay-mint-on-black"),
            (afterpay, .badge, .alt, "badge-afterpay-black-on-mint"),
            (afterpay, .compactBadge, .darkMono, "compact-badge-afterpay-white-on-black"),
            (afterpay, .lockup, .lightMono, "lockup-afterpay-black"),
            (afterpay, .lockup, .default, "lockup-afterpay-mint"),
            (clearpay, .badge, .lightMono, "badge-clearpay-black-on-white"),
            (clearpay, .lockup, .darkMono, "lockup-clearpay-white"),
        ]
        for (context, type, palette, name) in cases {
            let result = PriceBreakdown(
                totalAmount: 50, logoType: type, colorScheme: .static(palette), context: context)
            XCTAssertEqual(result.logo.assetName, name)
        }
    }

    func testDynamicColorSchemeGivesALogoPerAppearance() throws {
        let context = try Fixture.context(minimum: "1", currency: "NZD", locale: "en_NZ", device: "en_NZ")
        let result = PriceBreakdown(
            totalAmount: 50, logoType: .lockup,
            colorScheme: .dynamic(lightPalette: .blackOnWhite, darkPalette: .whiteOnBlack), context: context)
        XCTAssertEqual(result.logo.assetName, "lockup-afterpay-black")
        XCTAssertEqual(result.darkModeLogo.assetName, "lockup-afterpay-white")
    }

    func testAccessibilityLabelReadsLogoWhereItIsDrawn() throws {
        let context = try Fixture.context(
            minimum: "50", maximum: "1000", currency: "GBP", locale: "en_GB", device: "en_GB")
        XCTAssertEqual(
            PriceBreakdown(totalAmount: 100, context: context).accessibilityLabel,
            "or 4 payments of \u{A3}25.00 with clear pay")
        XCTAssertEqual(
            PriceBreakdown(totalAmount: 1, context: context).accessibilityLabel,
            "clear pay available for orders between \u{A3}50 \u{2013} \u{A3}1,000")
    }

    func testDefaultLinkIsTheCircledInfoIconOpeningTheLocaleModal() throws {
        let context = try Fixture.context(minimum: "1", currency: "AUD", locale: "en_AU", device: "en_AU")
        let result = PriceBreakdown(totalAmount: 50, context: context)
        XCTAssertEqual(result.moreInfoLink?.content, .text("\u{24D8}"))
        XCTAssertEqual(result.moreInfoLink?.url.absoluteString, "https://static.afterpay.com/modal/en_AU.html")
        XCTAssertEqual(result.modalURL.absoluteString, "https://static.afterpay.com/modal/en_AU.html")
    }

    func testEveryLinkStyle() throws {
        let english = try Fixture.context(minimum: "1", currency: "AUD", locale: "en_AU", device: "en_AU")
        let french = try Fixture.context(
            minimum: "1", currency: "CAD", locale: "en_CA", consumerLocale: "fr_CA", device: "fr_CA")
        let cases: [(ModalLinkStyle, AfterpayContext, MoreInfoLink.Content?, String?)] = [
            (.circledInfoIcon, english, .text("\u{24D8}"), "More Info"),
            (.moreInfoText, english, .text("More Info"), "More Info"),
            (.learnMoreText, english, .text("Learn More"), "Learn More"),
            (.moreInfoText, french, .text("Plus d'infos"), "Plus d'infos"),
            (.learnMoreText, french, .text("En savoir plus"), "En savoir plus"),
            (.circledQuestionIcon, english, .circledQuestionIcon, "More Info"),
            (.circledLogo, english, .circledLogo(.afterpay), "More Info"),
            (.custom("Click Here"), english, .text("Click Here"), "Click Here"),
            (.none, english, nil, nil),
        ]
        for (style, context, content, label) in cases {
            let link = PriceBreakdown(
                totalAmount: 50, moreInfoOptions: MoreInfoOptions(modalLinkStyle: style), context: context
            ).moreInfoLink
            XCTAssertEqual(link?.content, content, "\(style)")
            XCTAssertEqual(link?.accessibilityLabel, label, "\(style)")
        }
    }
}

final class PriceBreakdownPartsTests: XCTestCase {
    func testInRangePartsAreTextLogoThenLink() throws {
        let result = PriceBreakdown(totalAmount: 50, context: try Fixture.context(minimum: "1"))
        guard let link = result.moreInfoLink else { return XCTFail("expected a link") }
        XCTAssertEqual(result.parts, [.text(result.string), .space, .logo(result.logo), .space, .link(link)])
    }

    func testOutOfRangePartsPutTheLogoFirst() throws {
        let result = PriceBreakdown(totalAmount: 5000, context: try Fixture.context(minimum: "1"))
        guard let link = result.moreInfoLink else { return XCTFail("expected a link") }
        XCTAssertEqual(result.parts, [.logo(result.logo), .space, .text(result.string), .space, .link(link)])
    }

    func testNoLinkStyleLeavesNoTrailingSpace() throws {
        let result = PriceBreakdown(
            totalAmount: 50, moreInfoOptions: MoreInfoOptions(modalLinkStyle: .none),
            context: try Fixture.context(minimum: "1"))
        XCTAssertEqual(result.parts, [.text(result.string), .space, .logo(result.logo)])
    }
}

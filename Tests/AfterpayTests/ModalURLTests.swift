import Afterpay
import Foundation
import XCTest

final class ModalURLTests: XCTestCase {
    private func url(_ options: MoreInfoOptions, _ context: AfterpayContext) -> String {
        options.modalURL(context: context).absoluteString
    }

    func testModalFileNameCombinesLanguageRegionThemeAndCrossBorderTrade() throws {
        let context = try Fixture.context(currency: "AUD", locale: "en_AU", device: "en_AU")
        let base = "https://static.afterpay.com/modal/"
        XCTAssertEqual(url(MoreInfoOptions(), context), base + "en_AU.html")
        XCTAssertEqual(url(MoreInfoOptions(modalTheme: .mint), context), base + "en_AU.html")
        XCTAssertEqual(url(MoreInfoOptions(modalTheme: .white), context), base + "en_AU-theme-white.html")
        XCTAssertEqual(url(MoreInfoOptions(modalTheme: .mint, isCbtEnabled: true), context), base + "en_AU-cbt.html")
        XCTAssertEqual(
            url(MoreInfoOptions(modalTheme: .white, isCbtEnabled: true), context), base + "en_AU-theme-white-cbt.html")
    }

    func testModalIdNamesTheFileDirectly() throws {
        let context = try Fixture.context(currency: "AUD", locale: "en_AU", device: "en_AU")
        XCTAssertEqual(
            url(MoreInfoOptions(modalId: "en_US-custom"), context),
            "https://static.afterpay.com/modal/en_US-custom.html")
    }

    func testFrenchConsumerInCanadaGetsTheFrenchModal() throws {
        for merchant in ["en_CA", "fr_CA"] {
            let context = try Fixture.context(
                currency: "CAD", locale: merchant, consumerLocale: "fr_CA", device: "en_US")
            XCTAssertEqual(url(MoreInfoOptions(), context), "https://static.afterpay.com/modal/fr_CA.html")
        }
    }

    func testRegionComesFromTheMerchantLocale() throws {
        XCTAssertEqual(
            url(MoreInfoOptions(), try Fixture.context(currency: "GBP", locale: "en_GB", device: "en_GB")),
            "https://static.afterpay.com/modal/en_GB.html")
        XCTAssertEqual(
            url(MoreInfoOptions(), try Fixture.context(currency: "USD", locale: "en_US", device: "en_AU")),
            "https://static.afterpay.com/modal/en_US.html")
    }

    func testUnmatchedLanguageFallsBackToEnglish() throws {
        let context = try Fixture.context(currency: "AUD", locale: "en_AU", device: "de_DE")
        XCTAssertEqual(url(MoreInfoOptions(), context), "https://static.afterpay.com/modal/en_AU.html")
    }

    func testNoConfigurationUsesTheUSModal() {
        let context = AfterpayContext(configuration: nil, deviceLocale: Locale(identifier: "en_AU"))
        XCTAssertEqual(url(MoreInfoOptions(), context), "https://static.afterpay.com/modal/en_US.html")
    }
}

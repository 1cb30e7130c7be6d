import Afterpay
import Foundation
import XCTest

/// The enablement matrix: which consumer languages each merchant region shows Afterpay to, and in
/// which display language; and the brand per merchant locale.
final class LocaleTests: XCTestCase {
    private func context(merchant: String, consumer: String?, device: String = "en_US") throws -> AfterpayContext {
        let currency = ["en_AU": "AUD", "en_CA": "CAD", "fr_CA": "CAD", "en_GB": "GBP", "en_NZ": "NZD", "en_US": "USD"]
        return try Fixture.context(
            currency: currency[merchant] ?? "USD", locale: merchant, consumerLocale: consumer, device: device)
    }

    func testEachRegionShowsAfterpayOnlyInItsLanguages() throws {
        let expectations: [(merchant: String, consumer: String, language: String?)] = [
            ("en_AU", "en_AU", "en_AU"), ("en_AU", "en_US", "en_AU"), ("en_AU", "fr_CA", nil),
            ("en_CA", "en_CA", "en_CA"), ("en_CA", "fr_CA", "fr_CA"), ("en_CA", "fr_FR", "fr_CA"),
            ("en_CA", "es_ES", nil),
            ("fr_CA", "en_GB", "en_CA"), ("fr_CA", "fr_CA", "fr_CA"),
            ("en_GB", "en_GB", "en_GB"), ("en_GB", "en_AU", "en_GB"), ("en_GB", "fr_FR", nil),
            ("en_NZ", "en_NZ", "en_NZ"), ("en_NZ", "it_IT", nil),
            ("en_US", "en_US", "en_US"), ("en_US", "en_GB", "en_US"), ("en_US", "fr_CA", nil),
            ("en_US", "es_US", nil),
        ]
        for (merchant, consumer, language) in expectations {
            let context = try context(merchant: merchant, consumer: consumer)
            XCTAssertEqual(context.language?.identifier, language, "\(merchant) / \(consumer)")
            XCTAssertEqual(context.isEnabled, language != nil, "\(merchant) / \(consumer)")
        }
    }

    func testDeviceLocalePicksTheLanguageWhenNoConsumerLocaleIsGiven() throws {
        XCTAssertEqual(try context(merchant: "en_CA", consumer: nil, device: "fr_CA").language?.identifier, "fr_CA")
        XCTAssertEqual(try context(merchant: "en_CA", consumer: nil, device: "en_GB").language?.identifier, "en_CA")
        XCTAssertFalse(try context(merchant: "en_AU", consumer: nil, device: "de_DE").isEnabled)
    }

    func testConsumerLocaleWinsOverTheDevice() throws {
        XCTAssertEqual(try context(merchant: "en_CA", consumer: "en_US", device: "fr_CA").language?.identifier, "en_CA")
    }

    func testNoConfigurationIsNeverEnabled() {
        let context = AfterpayContext(configuration: nil, deviceLocale: Locale(identifier: "en_US"))
        XCTAssertFalse(context.isEnabled)
        XCTAssertEqual(context.merchantLocale.identifier, "en_US")
    }

    func testBrandFollowsTheMerchantLocale() throws {
        let expected = [
            "en_AU": Brand.afterpay, "en_CA": .afterpay, "fr_CA": .afterpay, "en_NZ": .afterpay,
            "en_GB": .clearpay, "en_US": .cashAppAfterpay,
        ]
        for (merchant, brand) in expected {
            XCTAssertEqual(try context(merchant: merchant, consumer: nil).brand, brand, merchant)
        }
        XCTAssertEqual(AfterpayContext(configuration: nil).brand, .cashAppAfterpay)
    }

    func testBrandNamesAndSpokenNames() {
        XCTAssertEqual(Brand.afterpay.displayName, "Afterpay")
        XCTAssertEqual(Brand.clearpay.displayName, "Clearpay")
        XCTAssertEqual(Brand.cashAppAfterpay.displayName, "Cash App Afterpay")
        XCTAssertEqual(Brand.afterpay.accessibilityName, "after pay")
        XCTAssertEqual(Brand.clearpay.accessibilityName, "clear pay")
        XCTAssertEqual(Brand.cashAppAfterpay.accessibilityName, "cash app after pay")
    }
}

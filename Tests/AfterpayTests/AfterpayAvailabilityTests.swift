import Afterpay
import Foundation
import XCTest

final class AfterpayAvailabilityTests: XCTestCase {
    func testTotalWithinLimitsInTheConfiguredCurrencyIsAvailable() throws {
        let configuration = try Fixture.configuration(minimum: "50", maximum: "1000")
        XCTAssertEqual(configuration.availability(for: 50, currencyCode: "USD"), .available)
        XCTAssertEqual(configuration.availability(for: 1000, currencyCode: "USD"), .available)
        XCTAssertEqual(configuration.availability(for: 200, currencyCode: "usd"), .available)
        XCTAssertTrue(configuration.availability(for: 200, currencyCode: "USD").isAvailable)
    }

    func testEachReasonForNotOffering() throws {
        let configuration = try Fixture.configuration(minimum: "50", maximum: "1000")
        XCTAssertEqual(
            configuration.availability(for: 200, currencyCode: "AUD"),
            .unavailable(.currencyMismatch(configured: "USD", order: "AUD")))
        XCTAssertEqual(configuration.availability(for: 0, currencyCode: "USD"), .unavailable(.notPositive))
        XCTAssertEqual(configuration.availability(for: -1, currencyCode: "USD"), .unavailable(.notPositive))
        XCTAssertEqual(
            configuration.availability(for: Decimal(string: "49.99") ?? 0, currencyCode: "USD"),
            .unavailable(.belowMinimum(50)))
        XCTAssertEqual(
            configuration.availability(for: Decimal(string: "1000.01") ?? 0, currencyCode: "USD"),
            .unavailable(.aboveMaximum(1000)))
    }

    func testCurrencyIsCheckedBeforeTheLimits() throws {
        let configuration = try Fixture.configuration(minimum: "50", maximum: "1000")
        XCTAssertEqual(
            configuration.availability(for: 5000, currencyCode: "GBP"),
            .unavailable(.currencyMismatch(configured: "USD", order: "GBP")))
    }

    func testContextNeedsAConfigurationAndASupportedLanguage() throws {
        XCTAssertEqual(
            AfterpayContext(configuration: nil).availability(for: 100, currencyCode: "USD"),
            .unavailable(.noConfiguration))
        let german = try Fixture.context(device: "de_DE")
        XCTAssertEqual(german.availability(for: 100, currencyCode: "USD"), .unavailable(.languageNotSupported))
        let english = try Fixture.context(device: "en_US")
        XCTAssertEqual(english.availability(for: 100, currencyCode: "USD"), .available)
    }

    func testReasonsReadAsSentences() {
        XCTAssertEqual(
            AfterpayAvailability.Reason.currencyMismatch(configured: "USD", order: "AUD").description,
            "the order is in AUD but Afterpay is configured for USD")
        XCTAssertEqual(
            AfterpayAvailability.Reason.aboveMaximum(1000).description, "the order total is above the maximum of 1000")
    }
}

import Afterpay
import Foundation
import XCTest

final class ConfigurationTests: XCTestCase {
    private func make(
        minimum: String? = "1.00", maximum: String = "2000.00", currency: String = "AUD", locale: String = "en_AU"
    ) throws(ConfigurationError) -> Configuration {
        try Configuration(
            minimumAmount: minimum, maximumAmount: maximum, currencyCode: currency,
            locale: Locale(identifier: locale), environment: .production)
    }

    private func assertError(
        _ expected: ConfigurationError,
        minimum: String? = "1.00", maximum: String = "2000.00", currency: String = "AUD", locale: String = "en_AU",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let configuration = try make(minimum: minimum, maximum: maximum, currency: currency, locale: locale)
            XCTFail("expected \(expected), got \(configuration)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
        }
    }

    func testValidConfigurationKeepsItsValues() throws {
        let configuration = try Configuration(
            minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "AUD",
            locale: Locale(identifier: "en_AU"), environment: .sandbox, consumerLocale: Locale(identifier: "en_GB"))
        XCTAssertEqual(configuration.minimumAmount, Decimal(string: "1.00"))
        XCTAssertEqual(configuration.maximumAmount, Decimal(2000))
        XCTAssertEqual(configuration.currencyCode, "AUD")
        XCTAssertEqual(configuration.locale, Locale(identifier: "en_AU"))
        XCTAssertEqual(configuration.environment, .sandbox)
        XCTAssertEqual(configuration.consumerLocale, Locale(identifier: "en_GB"))
    }

    func testMinimumIsOptional() throws {
        XCTAssertNil(try make(minimum: nil).minimumAmount)
    }

    func testEverySupportedLocaleIsAccepted() throws {
        for identifier in ["en_AU", "en_CA", "fr_CA", "en_GB", "en_NZ", "en_US"] {
            XCTAssertEqual(try make(locale: identifier).locale.identifier, identifier)
        }
    }

    func testEverySupportedCurrencyIsAccepted() throws {
        for code in ["AUD", "CAD", "GBP", "NZD", "USD"] {
            XCTAssertEqual(try make(currency: code).currencyCode, code)
        }
    }

    func testCrossBorderCurrencyAndZeroMaximumAreAccepted() throws {
        XCTAssertEqual(try make(currency: "USD", locale: "en_AU").currencyCode, "USD")
        XCTAssertEqual(try make(minimum: nil, maximum: "0").maximumAmount, 0)
    }

    func testMinimumThatIsNotANumberIsRefused() {
        assertError(.invalidMinimum("abc"), minimum: "abc")
        assertError(.invalidMinimum(""), minimum: "")
    }

    func testMinimumWithTrailingGarbageIsRefusedUnlikeDecimalString() {
        // Decimal(string:) would read these as 12, 1 and 5.
        assertError(.invalidMinimum("12abc"), minimum: "12abc")
        assertError(.invalidMinimum("1,000.00"), minimum: "1,000.00")
        assertError(.invalidMinimum(" 5"), minimum: " 5")
        assertError(.invalidMinimum("1e3"), minimum: "1e3")
    }

    func testNegativeMinimumIsRefused() {
        assertError(.invalidMinimum("-1.00"), minimum: "-1.00")
    }

    func testZeroMinimumIsAccepted() throws {
        XCTAssertEqual(try make(minimum: "0").minimumAmount, 0)
    }

    func testMaximumThatIsNotANumberOrNegativeIsRefused() {
        assertError(.invalidMaximum("lots"), maximum: "lots")
        assertError(.invalidMaximum("-5"), maximum: "-5")
        assertError(.invalidMaximum("."), maximum: ".")
    }

    func testMinimumEqualToMaximumIsRefused() {
        assertError(.invalidOrdering(minimum: "100.00", maximum: "100"), minimum: "100.00", maximum: "100")
    }

    func testMinimumAboveMaximumIsRefused() {
        assertError(.invalidOrdering(minimum: "200", maximum: "100"), minimum: "200", maximum: "100")
    }

    func testUnsupportedCurrencyIsRefused() {
        assertError(.invalidCurrencyCode("EUR"), currency: "EUR")
        assertError(.invalidCurrencyCode("JPY"), currency: "JPY")
        assertError(.invalidCurrencyCode("aud"), currency: "aud")
    }

    func testUnsupportedOrInexactLocaleIsRefused() {
        for identifier in ["fr_FR", "en_US_POSIX", "en-US", "en", "es_ES"] {
            assertError(.invalidLocale(Locale(identifier: identifier)), locale: identifier)
        }
    }

    func testChecksRunInOrderAndTheFirstFailureWins() {
        assertError(.invalidMinimum("x"), minimum: "x", maximum: "y", currency: "EUR", locale: "fr_FR")
        assertError(.invalidMaximum("y"), minimum: "1", maximum: "y", currency: "EUR", locale: "fr_FR")
        assertError(.invalidOrdering(minimum: "9", maximum: "1"), minimum: "9", maximum: "1", currency: "EUR")
        assertError(.invalidCurrencyCode("EUR"), currency: "EUR", locale: "fr_FR")
    }

    func testEveryErrorHasAReadableReason() {
        XCTAssertEqual(
            ConfigurationError.invalidMinimum("abc").failureReason,
            "Minimum (abc) is not convertible to a positive Decimal number")
        XCTAssertEqual(
            ConfigurationError.invalidMaximum("xyz").failureReason,
            "Maximum (xyz) is not convertible to a positive Decimal number")
        XCTAssertEqual(
            ConfigurationError.invalidOrdering(minimum: "5", maximum: "1").failureReason,
            "Minimum (5) is not strictly less than maximum (1)")
        XCTAssertEqual(ConfigurationError.invalidCurrencyCode("EUR").failureReason, "Currency code (EUR) is not valid")
        XCTAssertEqual(
            ConfigurationError.invalidLocale(Locale(identifier: "fr_FR")).failureReason,
            "Locale with identifier (fr_FR) is not valid")
        XCTAssertEqual(
            ConfigurationError.invalidCurrencyCode("EUR").localizedDescription, "Currency code (EUR) is not valid")
    }

    func testInRangeBoundsAreInclusiveAndZeroIsNeverInRange() throws {
        let configuration = try make(minimum: "50", maximum: "1000")
        XCTAssertTrue(configuration.isInRange(50))
        XCTAssertTrue(configuration.isInRange(1000))
        XCTAssertFalse(configuration.isInRange(Decimal(string: "49.99") ?? 0))
        XCTAssertFalse(configuration.isInRange(Decimal(string: "1000.01") ?? 0))
        let noMinimum = try make(minimum: nil, maximum: "1000")
        XCTAssertTrue(noMinimum.isInRange(Decimal(string: "0.01") ?? 0))
        XCTAssertFalse(noMinimum.isInRange(0))
        XCTAssertFalse(noMinimum.isInRange(-1))
    }
}

import Afterpay
import Foundation
import XCTest

/// Pins the iOS strings for 120 in every supported currency on each device locale. Each currency
/// is formatted for a merchant in its own home locale (AUD en_AU, CAD en_CA, GBP en_GB, NZD en_NZ,
/// USD en_US), as Afterpay's own formatter tests do.
final class CurrencyFormatterTests: XCTestCase {
    private static let homeMerchant = ["AUD": "en_AU", "CAD": "en_CA", "GBP": "en_GB", "NZD": "en_NZ", "USD": "en_US"]

    private func format(
        _ amount: Decimal, _ currency: String, device: String, merchant: String? = nil, fractionDigits: Int = 2
    ) -> String {
        CurrencyFormatter(
            currencyCode: currency,
            merchantLocale: Locale(identifier: merchant ?? Self.homeMerchant[currency] ?? "en_US"),
            deviceLocale: Locale(identifier: device)
        ).string(from: amount, fractionDigits: fractionDigits)
    }

    private func assertRow(
        device: String, _ expected: [String: String], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (currency, string) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = format(120, currency, device: device)
            XCTAssertEqual(actual, string, "\(device) \(currency)", file: file, line: line)
            XCTAssertEqual(scalars(actual), scalars(string), "\(device) \(currency)", file: file, line: line)
        }
    }

    func testEnUSDeviceUsesPlatformSymbolsForEveryCurrency() {
        assertRow(
            device: "en_US",
            ["AUD": "A$120.00", "CAD": "CA$120.00", "GBP": "\u{A3}120.00", "NZD": "NZ$120.00", "USD": "$120.00"])
    }

    func testEnAUDeviceShowsHomeCurrencyPlainAndForeignDollarsWithCode() {
        assertRow(
            device: "en_AU",
            ["AUD": "$120.00", "CAD": "$120.00 CAD", "GBP": "\u{A3}120.00", "NZD": "$120.00 NZD", "USD": "$120.00 USD"])
    }

    func testEnCADeviceShowsHomeCurrencyPlainAndForeignDollarsWithCode() {
        assertRow(
            device: "en_CA",
            ["AUD": "$120.00 AUD", "CAD": "$120.00", "GBP": "\u{A3}120.00", "NZD": "$120.00 NZD", "USD": "$120.00 USD"])
    }

    func testEnGBDeviceShowsEveryDollarWithItsOwnCode() {
        assertRow(
            device: "en_GB",
            [
                "AUD": "$120.00 AUD", "CAD": "$120.00 CAD", "GBP": "\u{A3}120.00", "NZD": "$120.00 NZD",
                "USD": "$120.00 USD",
            ])
    }

    func testEnNZDeviceShowsHomeCurrencyPlainAndForeignDollarsWithCode() {
        assertRow(
            device: "en_NZ",
            ["AUD": "$120.00 AUD", "CAD": "$120.00 CAD", "GBP": "\u{A3}120.00", "NZD": "$120.00", "USD": "$120.00 USD"])
    }

    func testFrCADeviceShowsCADAfterTheAmountWithANoBreakSpace() {
        let cad = format(120, "CAD", device: "fr_CA")
        XCTAssertEqual(cad, "120,00\u{A0}$")
        XCTAssertEqual(scalars(cad), ["U+31", "U+32", "U+30", "U+2C", "U+30", "U+30", "U+A0", "U+24"])
    }

    func testFrCADeviceShowsForeignCurrenciesWithItsCommaDecimal() {
        assertRow(
            device: "fr_CA",
            [
                "AUD": "$120,00 AUD", "CAD": "120,00\u{A0}$", "GBP": "\u{A3}120,00", "NZD": "$120,00 NZD",
                "USD": "$120,00 USD",
            ])
    }

    func testEuropeanDevicesShowDollarsWithCodeAndCommaDecimal() {
        for device in ["it_IT", "es_ES", "de_DE"] {
            assertRow(
                device: device,
                [
                    "AUD": "$120,00 AUD", "CAD": "$120,00 CAD", "GBP": "\u{A3}120,00", "NZD": "$120,00 NZD",
                    "USD": "$120,00 USD",
                ])
        }
    }

    /// Afterpay's SDK keeps the `£` prefix for pounds and writes the number with the device's own
    /// separators (the spec's corrected §currency formatting; the issue that once forced
    /// `£120.00` everywhere was overruled).
    func testGBPKeepsThePoundPrefixWithTheDevicesSeparators() {
        for device in ["en_US", "en_GB", "en_AU", "en_CA", "en_NZ"] {
            XCTAssertEqual(format(120, "GBP", device: device), "\u{A3}120.00", device)
            XCTAssertEqual(format(1234.5, "GBP", device: device), "\u{A3}1,234.50", device)
        }
        for device in ["it_IT", "es_ES", "de_DE"] {
            XCTAssertEqual(format(120, "GBP", device: device), "\u{A3}120,00", device)
            XCTAssertEqual(format(1234.5, "GBP", device: device), "\u{A3}1.234,50", device)
        }
        XCTAssertEqual(format(120, "GBP", device: "fr_CA"), "\u{A3}120,00")
        XCTAssertEqual(format(1234.5, "GBP", device: "fr_CA"), "\u{A3}1\u{A0}234,50")
        XCTAssertEqual(format(1234.5, "GBP", device: "fr_FR"), "\u{A3}1\u{202F}234,50")
        XCTAssertEqual(format(1234.5, "GBP", device: "fr_FR", fractionDigits: 0), "\u{A3}1\u{202F}234")
    }

    func testForeignDollarSuffixIsTheFormattedCurrencyNotTheDevicesOwn() {
        // Linux's NumberFormatter prints "$120.00 AUD" here; iOS prints the formatted currency.
        XCTAssertEqual(format(120, "CAD", device: "en_AU"), "$120.00 CAD")
        XCTAssertEqual(format(120, "USD", device: "en_GB"), "$120.00 USD")
    }

    func testThousandsAreGroupedWithTheDevicesSeparator() {
        XCTAssertEqual(format(Decimal(string: "1234567.5") ?? 0, "USD", device: "en_US"), "$1,234,567.50")
        XCTAssertEqual(format(Decimal(string: "1234.5") ?? 0, "CAD", device: "fr_CA"), "1\u{A0}234,50\u{A0}$")
        XCTAssertEqual(format(Decimal(string: "1234.5") ?? 0, "AUD", device: "de_DE"), "$1.234,50 AUD")
        XCTAssertEqual(format(Decimal(string: "999.99") ?? 0, "USD", device: "en_US"), "$999.99")
    }

    func testZeroFractionDigitsDropsTheDecimalsEntirely() {
        // Linux's NumberFormatter keeps ".00" when only the maximum is set to 0.
        XCTAssertEqual(format(2000, "USD", device: "en_US", fractionDigits: 0), "$2,000")
        XCTAssertEqual(format(50, "CAD", device: "en_GB", fractionDigits: 0), "$50 CAD")
        XCTAssertEqual(format(2000, "CAD", device: "fr_CA", fractionDigits: 0), "2\u{A0}000\u{A0}$")
    }

    func testRoundingIsHalfEven() {
        XCTAssertEqual(format(Decimal(string: "25.005") ?? 0, "USD", device: "en_US"), "$25.00")
        XCTAssertEqual(format(Decimal(string: "25.015") ?? 0, "USD", device: "en_US"), "$25.02")
        XCTAssertEqual(format(Decimal(string: "10.025") ?? 0, "USD", device: "en_US"), "$10.02")
        XCTAssertEqual(format(Decimal(string: "10.0251") ?? 0, "USD", device: "en_US"), "$10.03")
        XCTAssertEqual(format(Decimal(string: "49.5") ?? 0, "USD", device: "en_US", fractionDigits: 0), "$50")
        XCTAssertEqual(format(Decimal(string: "0.5") ?? 0, "USD", device: "en_US", fractionDigits: 0), "$0")
        XCTAssertEqual(format(Decimal(string: "2.5") ?? 0, "USD", device: "en_US", fractionDigits: 0), "$2")
    }

    func testSmallAndZeroAmountsKeepALeadingZero() {
        XCTAssertEqual(format(Decimal(string: "0.05") ?? 0, "USD", device: "en_US"), "$0.05")
        XCTAssertEqual(format(0, "USD", device: "en_US"), "$0.00")
    }

    func testNegativeAmountsPutTheSignFirst() {
        XCTAssertEqual(format(-5, "USD", device: "en_US"), "-$5.00")
        XCTAssertEqual(format(-5, "CAD", device: "fr_CA"), "-5,00\u{A0}$")
        XCTAssertEqual(format(-5, "AUD", device: "en_GB"), "-$5.00 AUD")
        XCTAssertEqual(format(Decimal(string: "-0.001") ?? 0, "USD", device: "en_US"), "$0.00")
    }

    func testDeviceWhoseHomeCurrencyIsTheMerchantsUsesPlatformSymbolsForCrossBorderCurrency() {
        // en_AU merchant charging USD, en_AU device: the platform's en_AU format, as on iOS.
        XCTAssertEqual(format(120, "USD", device: "en_AU", merchant: "en_AU"), "USD\u{A0}120.00")
        XCTAssertEqual(format(120, "USD", device: "en_CA", merchant: "en_CA"), "US$120.00")
        XCTAssertEqual(format(120, "USD", device: "fr_CA", merchant: "fr_CA"), "120,00\u{A0}$\u{A0}US")
    }

    func testHomeCurrencyOfAnotherMerchantRegionIsTreatedAsForeign() {
        // An en_GB merchant charging AUD: the en_AU device's home currency differs from GBP.
        XCTAssertEqual(format(120, "AUD", device: "en_AU", merchant: "en_GB"), "$120.00 AUD")
    }

    func testDeviceLocaleIdentifierSpellingsAreNormalised() {
        XCTAssertEqual(format(120, "AUD", device: "en-US"), "A$120.00")
        XCTAssertEqual(format(120, "AUD", device: "en_US_POSIX"), "A$120.00")
    }
}

final class CurrencyFormatterUnsupportedCurrencyTests: XCTestCase {
    func testUnsupportedCurrencyIsWrittenAsItsCode() {
        let formatter = CurrencyFormatter(
            currencyCode: "EUR", merchantLocale: Locale(identifier: "en_GB"), deviceLocale: Locale(identifier: "en_GB"))
        XCTAssertEqual(formatter.string(from: 120), "EUR\u{A0}120.00")
        for device in ["en_US", "fr_CA", "en_AU"] {
            let onDevice = CurrencyFormatter(
                currencyCode: "EUR", merchantLocale: Locale(identifier: "en_CA"),
                deviceLocale: Locale(identifier: device))
            XCTAssertTrue(onDevice.string(from: 120).hasPrefix("EUR\u{A0}120"), device)
        }
    }
}

import Checkout
import PaymentProviders
import XCTest

final class AdyenAmountTests: XCTestCase {
    private func units(_ text: String, _ currency: String) throws -> Int64 {
        let amount = try XCTUnwrap(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        return try AdyenAmount(Money(amount: amount, currencyCode: currency)).value
    }

    func testISODigitsGiveMinorUnits() throws {
        XCTAssertEqual(try units("45.95", "GBP"), 4595)
        XCTAssertEqual(try units("1000", "JPY"), 1000)
        for code in ["KWD", "BHD", "JOD", "OMR", "TND"] {
            XCTAssertEqual(try units("1.234", code), 1234, code)
        }
    }

    func testAdyenOverridesBeatISO() throws {
        for code in ["ISK", "CLP", "COP", "MRU", "RSD", "GHS"] {
            XCTAssertEqual(try units("10", code), 1000, "\(code) uses 2 digits at Adyen")
        }
        for code in ["CVE", "IDR"] {
            XCTAssertEqual(try units("10.99", code), 10, "\(code) uses 0 digits at Adyen")
        }
    }

    func testExtraDigitsAreTruncatedTowardZeroNotRounded() throws {
        XCTAssertEqual(try units("12.349", "GBP"), 1234)
        XCTAssertEqual(try units("0.999", "JPY"), 0)
        XCTAssertEqual(try units("-12.349", "GBP"), -1234)
    }

    func testUnknownCurrencyIsRefused() {
        XCTAssertThrowsError(try AdyenAmount(Money(amount: 1, currencyCode: "XXY"))) { error in
            XCTAssertEqual(error as? PaymentGuardViolation, .unknownCurrency("XXY"))
        }
    }

    func testMinorUnitsConvertBackToMajorUnits() throws {
        XCTAssertEqual(
            try AdyenAmount(value: 100_000, currency: "ISK").money(), Money(amount: 1000, currencyCode: "ISK"))
        XCTAssertEqual(try AdyenAmount(value: 1234, currency: "KWD").money().amount.description, "1.234")
    }

    func testEncodesAsAdyensJSON() throws {
        let json = String(decoding: try JSONEncoder().encode(AdyenAmount(value: 4595, currency: "gbp")), as: UTF8.self)
        XCTAssertTrue(json.contains(#""value":4595"#), json)
        XCTAssertTrue(json.contains(#""currency":"GBP""#), json)
    }
}

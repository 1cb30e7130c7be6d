import Checkout
import PaymentProviders
import XCTest

final class BraintreeAmountTests: XCTestCase {
    func testAmountsAreDecimalStringsWithTheCurrencysDigits() throws {
        XCTAssertEqual(try BraintreeAmount.string(BraintreeFixtures.gbp("45.95")), "45.95")
        XCTAssertEqual(try BraintreeAmount.string(BraintreeFixtures.gbp("10")), "10.00")
        XCTAssertEqual(try BraintreeAmount.string(BraintreeFixtures.gbp("0.05")), "0.05")
        XCTAssertEqual(try BraintreeAmount.string(Money(amount: 1000, currencyCode: "JPY")), "1000")
        XCTAssertEqual(
            try BraintreeAmount.string(Money(amount: try XCTUnwrap(Decimal(string: "1.5")), currencyCode: "KWD")),
            "1.500")
    }

    func testExtraDigitsAreTruncated() throws {
        XCTAssertEqual(try BraintreeAmount.string(BraintreeFixtures.gbp("12.349")), "12.34")
    }

    func testNegativeMinorUnitsKeepTheirSign() {
        XCTAssertEqual(BraintreeAmount.string(minorUnits: -5, digits: 2), "-0.05")
    }

    func testUnknownCurrencyIsRefused() {
        XCTAssertThrowsError(try BraintreeAmount.string(Money(amount: 1, currencyCode: "ABC"))) {
            XCTAssertEqual($0 as? PaymentGuardViolation, .unknownCurrency("ABC"))
        }
    }
}

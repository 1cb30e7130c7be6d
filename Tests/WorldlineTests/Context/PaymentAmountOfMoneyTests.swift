import Foundation
import XCTest

@testable import Worldline

final class PaymentAmountOfMoneyTests: XCTestCase {
    private func decimal(_ text: String) throws -> Decimal {
        try XCTUnwrap(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    func testDecimalAmountsBecomeMinorUnitsPerCurrency() throws {
        XCTAssertEqual(try PaymentAmountOfMoney(amount: try decimal("19.99"), currencyCode: "EUR").totalAmount, 1999)
        XCTAssertEqual(try PaymentAmountOfMoney(amount: try decimal("1999"), currencyCode: "JPY").totalAmount, 1999)
        XCTAssertEqual(try PaymentAmountOfMoney(amount: try decimal("1.234"), currencyCode: "KWD").totalAmount, 1234)
        XCTAssertEqual(try PaymentAmountOfMoney(amount: try decimal("0.1"), currencyCode: "USD").totalAmount, 10)
        XCTAssertEqual(try PaymentAmountOfMoney(amount: try decimal("-5.5"), currencyCode: "EUR").totalAmount, -550)
    }

    func testMoreDecimalsThanTheCurrencyHasAreRefusedNotRounded() throws {
        XCTAssertThrowsError(try PaymentAmountOfMoney(amount: try decimal("1.005"), currencyCode: "EUR")) {
            XCTAssertEqual(
                $0 as? PaymentAmountOfMoney.ConversionError,
                .tooManyDecimals(amount: "1.005", currencyCode: "EUR", digits: 2))
        }
        XCTAssertThrowsError(try PaymentAmountOfMoney(amount: try decimal("10.5"), currencyCode: "JPY"))
        XCTAssertThrowsError(try PaymentAmountOfMoney(amount: try decimal("1e30"), currencyCode: "EUR")) {
            guard case .outOfRange = $0 as? PaymentAmountOfMoney.ConversionError else { return XCTFail("\($0)") }
        }
    }

    func testMinorUnitsBecomeExactDecimals() throws {
        XCTAssertEqual(PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "EUR").decimalAmount, try decimal("19.99"))
        XCTAssertEqual(PaymentAmountOfMoney(totalAmount: 1999, currencyCode: "JPY").decimalAmount, try decimal("1999"))
        XCTAssertEqual(PaymentAmountOfMoney(totalAmount: 1234, currencyCode: "KWD").decimalAmount, try decimal("1.234"))
        XCTAssertEqual(PaymentAmountOfMoney.minorUnitDigits(for: "clf"), 4)
        XCTAssertEqual(PaymentAmountOfMoney.minorUnitDigits(for: "XYZ"), 2)
    }
}

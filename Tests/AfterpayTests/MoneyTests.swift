import Afterpay
import Foundation
import XCTest

final class MoneyTests: XCTestCase {
    func testMoneyFromADecimalHasTwoDecimalsAndNoGrouping() {
        XCTAssertEqual(Money(amount: Decimal(50), currency: "USD").amount, "50.00")
        XCTAssertEqual(Money(amount: Decimal(string: "1234567.891") ?? 0, currency: "USD").amount, "1234567.89")
        XCTAssertEqual(Money(amount: Decimal(string: "0.125") ?? 0, currency: "USD").amount, "0.12")
        XCTAssertEqual(Money(amount: Decimal(string: "0.135") ?? 0, currency: "USD").amount, "0.14")
        XCTAssertEqual(Money(amount: Decimal(string: "-7.5") ?? 0, currency: "USD").amount, "-7.50")
        XCTAssertEqual(Money(amount: .nan, currency: "USD").amount, "NaN")
    }

    func testStringAmountIsKeptExactly() {
        let money = Money(amount: "50.0", currency: "AUD")
        XCTAssertEqual(money.amount, "50.0")
        XCTAssertEqual(money.decimalAmount, 50)
    }

    func testDecimalAmountIsStrict() {
        XCTAssertNil(Money(amount: "50abc", currency: "AUD").decimalAmount)
        XCTAssertNil(Money(amount: "NaN", currency: "AUD").decimalAmount)
        XCTAssertNil(Money(amount: "", currency: "AUD").decimalAmount)
        XCTAssertEqual(Money(amount: ".5", currency: "AUD").decimalAmount, Decimal(string: "0.5"))
        XCTAssertEqual(Money(amount: "+5", currency: "AUD").decimalAmount, 5)
        XCTAssertEqual(Money(amount: "5.", currency: "AUD").decimalAmount, 5)
        XCTAssertNil(Money(amount: ".", currency: "AUD").decimalAmount)
        XCTAssertNil(Money(amount: "1.2.3", currency: "AUD").decimalAmount)
        XCTAssertNil(Money(amount: "--1", currency: "AUD").decimalAmount)
        XCTAssertNil(Money(amount: "\u{0661}", currency: "AUD").decimalAmount, "non-ASCII digits are refused")
    }

    func testFormatterPrintsNaNRatherThanAGarbledNumber() {
        let formatter = CurrencyFormatter(
            currencyCode: "USD", merchantLocale: Locale(identifier: "en_US"), deviceLocale: Locale(identifier: "en_US"))
        XCTAssertEqual(formatter.string(from: .nan), "NaN")
    }

    func testWidgetRefusesANaNUpdate() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        XCTAssertThrowsError(try widget.sendUpdate(amount: Decimal.nan)) { error in
            XCTAssertEqual(error as? WidgetError, .invalidAmount("NaN"))
        }
    }
}

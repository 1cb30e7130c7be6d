import ActionLog
import Checkout
import Foundation
import XCTest

final class MoneyTests: XCTestCase {
    func testMinorUnitsFollowISODigitsPerCurrency() throws {
        XCTAssertEqual(try money("12.34", "GBP").minorUnits(), 1234)
        XCTAssertEqual(try money("1234", "JPY").minorUnits(), 1234)
        XCTAssertEqual(try money("1.234", "KWD").minorUnits(), 1234)
        XCTAssertEqual(try money("1.234", "BHD").minorUnits(), 1234)
    }

    func testMinorUnitsTruncateTowardZeroInsteadOfRounding() throws {
        XCTAssertEqual(try money("12.349", "GBP").minorUnits(), 1234)
        XCTAssertEqual(try money("-12.349", "GBP").minorUnits(), -1234)
        XCTAssertEqual(try money("99.5", "JPY").minorUnits(), 99)
    }

    func testProviderOverridesTakePrecedenceOverISO() throws {
        XCTAssertEqual(try money("100", "ISK").minorUnits(), 100)
        XCTAssertEqual(try money("100", "ISK").minorUnits(overrides: CurrencyDigits.adyenOverrides), 10000)
        XCTAssertEqual(try money("100.99", "IDR").minorUnits(overrides: CurrencyDigits.adyenOverrides), 100)
        XCTAssertEqual(try money("1", "CLP").minorUnits(overrides: CurrencyDigits.adyenOverrides), 100)
    }

    func testUnknownCurrencyIsRefusedNotGuessed() {
        XCTAssertThrowsError(try money("1", "XYZ").minorUnits()) { error in
            XCTAssertEqual(error as? PaymentGuardViolation, .unknownCurrency("XYZ"))
        }
    }

    func testFromMinorUnitsInvertsMinorUnits() throws {
        let amount = try Money.fromMinorUnits(1234, currencyCode: "KWD")
        XCTAssertEqual(amount, money("1.234", "KWD"))
        XCTAssertEqual(try amount.minorUnits(), 1234)
    }

    func testMoneyEncodesItsAmountAsADecimalString() throws {
        let data = try JSONEncoder().encode(money("0.10", "EUR"))
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""amount":"0.1""#), text)
        XCTAssertEqual(try JSONDecoder().decode(Money.self, from: data), money("0.1", "EUR"))
    }

    func testMoneyDecodesJSONNumbersExactly() throws {
        let decoded = try JSONDecoder().decode(Money.self, from: Data(#"{"amount": 0.1, "currencyCode": "usd"}"#.utf8))
        XCTAssertEqual(decoded, money("0.1", "USD"))
    }

    func testMoneyRefusesAnAmountThatIsNotANumberAndSaysWhere() {
        let json = #"{"amount": "12abc", "currencyCode": "GBP"}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Money.self, from: Data(json.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["amount"])
        }
    }

    /// Currency codes of every kind: upper-case ASCII (kept as they are), lower or mixed case,
    /// ASCII that is not a letter, and non-ASCII whose upper case differs or is longer.
    private static let currencyCodes = [
        "GBP", "USD", "JPY", "X", "", "gbp", "Gbp", "gBP", "usd", "A1B", "123", "G-P", "`{@[", "AZaz",
        "ÿen", "é", "ÉUR", "straße", "ǆ", "ﬁ", "ΣΑΣ", "σας", "日本円", "🇬🇧", "GBP\u{0}", "LONGERTHANFIFTEENBYTES",
        "longerthanfifteenbytes", "LONGER-THAN-15-BYTES-ÿ",
    ]

    func testTheCurrencyCodeIsItsUpperCaseWhateverItsCharacters() {
        var generator = SystemRandomNumberGenerator()
        var codes = Self.currencyCodes
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 0...20, using: &generator)).compactMap { _ in
                Unicode.Scalar(
                    Bool.random(using: &generator)
                        ? UInt32.random(in: 0...0x7F, using: &generator)
                        : UInt32.random(in: 0x80...0x2FF, using: &generator))
            }
            codes.append(String(String.UnicodeScalarView(scalars)))
        }
        for code in codes {
            XCTAssertEqual(Money(amount: 1, currencyCode: code).currencyCode, code.uppercased(), code)
            XCTAssertEqual(Money.zero(code).currencyCode.utf8.elementsEqual(code.uppercased().utf8), true, code)
        }
    }

    func testADecodedCurrencyCodeIsItsUpperCaseOnBothDecodingPaths() throws {
        for code in Self.currencyCodes {
            let escaped = String(data: try JSONEncoder().encode(code), encoding: .utf8) ?? ""
            let json = #"{"amount": "1.50", "currencyCode": "# + escaped + "}"
            let decoded = try JSONDecoder().decode(Money.self, from: Data(json.utf8))
            XCTAssertEqual(decoded.currencyCode, code.uppercased(), code)
            if let fast = try? LogDecoding.decode(Money.self, json: json) {
                XCTAssertEqual(fast, decoded, code)
                XCTAssertTrue(fast.currencyCode.utf8.elementsEqual(code.uppercased().utf8), code)
            }
        }
    }
}

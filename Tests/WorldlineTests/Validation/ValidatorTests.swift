import XCTest

@testable import Worldline

final class ValidatorTests: XCTestCase {
    private let now = FixedClock.context()

    private func passes(_ rule: some ValueValidator, _ value: String, context: ValidationContext? = nil) -> Bool {
        rule.errorKind(for: value, context: context ?? now) == nil
    }

    func testLengthCountsCharactersInclusively() {
        let rule = LengthValidator(minLength: 2, maxLength: 4)
        XCTAssertFalse(passes(rule, "a"))
        XCTAssertTrue(passes(rule, "ab"))
        XCTAssertTrue(passes(rule, "éééé"), "four characters, eight UTF-8 bytes")
        XCTAssertFalse(passes(rule, "abcde"))
        XCTAssertEqual(rule.errorKind(for: "", context: now), .length(minLength: 2, maxLength: 4))
    }

    func testRangeAcceptsSignedIntegersInclusively() {
        let rule = RangeValidator(minValue: 40, maxValue: 50)
        XCTAssertTrue(passes(rule, "40"))
        XCTAssertTrue(passes(rule, "50"))
        XCTAssertTrue(passes(rule, "045"))
        XCTAssertTrue(passes(rule, "+45"))
        XCTAssertFalse(passes(rule, "39"))
        XCTAssertFalse(passes(rule, "51"))
        XCTAssertFalse(passes(rule, "-1"))
        XCTAssertEqual(rule.errorKind(for: "x", context: now), .range(minValue: 40, maxValue: 50))
        XCTAssertTrue(passes(RangeValidator(minValue: -5, maxValue: 5), "-5"))
    }

    func testRangeRejectsWhatTheSDKsNumberFormatterWouldTruncate() {
        let rule = RangeValidator(minValue: 40, maxValue: 50)
        for value in ["45.9", "4.5e1", " 45", "45 ", "1,000", "", "+", "٤٥", "99999999999999999999999"] {
            XCTAssertFalse(passes(rule, value), value)
        }
    }

    func testExpirationDateAcceptsThisMonthUpToTwentyFiveYearsAhead() {
        let rule = ExpirationDateValidator()
        XCTAssertTrue(passes(rule, "1126"), "the current month is valid")
        XCTAssertFalse(passes(rule, "1026"), "last month is invalid")
        XCTAssertTrue(passes(rule, "1226"))
        XCTAssertTrue(passes(rule, "0127"))
        XCTAssertTrue(passes(rule, "1251"), "any month of current year + 25 is valid")
        XCTAssertTrue(passes(rule, "0151"))
        XCTAssertFalse(passes(rule, "0152"), "the year after is invalid")
        XCTAssertFalse(passes(rule, "1252"))
    }

    func testExpirationDateRejectsMalformedValues() {
        let rule = ExpirationDateValidator()
        for value in ["0052", "1350", "0027", "aaaa", "1a26", "12 30", "12-30", "12/30", "123", "12300", "", "１２３０"] {
            XCTAssertEqual(rule.errorKind(for: value, context: now), .expirationDate, value)
        }
    }

    func testExpirationDateFollowsTheInjectedClock() {
        let rule = ExpirationDateValidator()
        let january2030 = FixedClock.context(year: 2030, month: 1, day: 1)
        XCTAssertTrue(passes(rule, "0130", context: january2030))
        XCTAssertFalse(passes(rule, "1229", context: january2030))
        XCTAssertTrue(passes(rule, "1255", context: january2030))
        XCTAssertFalse(passes(rule, "0156", context: january2030))
        let lateCentury = FixedClock.context(year: 2099, month: 6)
        XCTAssertTrue(passes(rule, "0699", context: lateCentury))
        XCTAssertFalse(
            passes(rule, "0100", context: lateCentury), "the year is put in the current century, as the SDK does")
    }

    func testFixedListIsExactAndCaseSensitive() {
        let rule = FixedListValidator(allowedValues: ["ABNANL2A", "INGBNL2A"])
        XCTAssertTrue(passes(rule, "ABNANL2A"))
        XCTAssertFalse(passes(rule, "abnanl2a"))
        XCTAssertFalse(passes(rule, "ABNANL2A "))
        XCTAssertFalse(passes(rule, ""))
    }

    func testLuhnChecksTheCheckDigit() {
        let rule = LuhnValidator()
        for valid in ["4111111111111111", "5555555555554444", "378282246310005", "79927398713", "0"] {
            XCTAssertTrue(passes(rule, valid), valid)
        }
        for invalid in ["4111111111111112", "79927398710", "4111 1111 1111 1111", "4111-1111", "", "411111111111111a"] {
            XCTAssertFalse(passes(rule, invalid), invalid)
        }
    }

    func testRegularExpressionMustMatchExactlyOnceWithoutImplicitAnchors() throws {
        let rule = try XCTUnwrap(RegularExpressionValidator(regularExpression: #"\d{3}"#))
        XCTAssertTrue(passes(rule, "123"))
        XCTAssertTrue(passes(rule, "1234"), "one match")
        XCTAssertTrue(passes(rule, "a123"), "one match")
        XCTAssertFalse(passes(rule, "123456"), "two matches")
        XCTAssertFalse(passes(rule, "12"))
        let expiry = try XCTUnwrap(RegularExpressionValidator(regularExpression: "(?:0[1-9]|1[0-2])[0-9]{2}"))
        XCTAssertTrue(passes(expiry, "123456"), "the API's unanchored pattern matches once in 123456")
        XCTAssertTrue(passes(expiry, "12255"))
        XCTAssertFalse(passes(expiry, "1312"))
        XCTAssertNil(RegularExpressionValidator(regularExpression: "(unclosed"))
    }

    func testEmailAddressFollowsTheSDKPattern() {
        let rule = EmailAddressValidator()
        for valid in ["you@domain.com", "a.b@c.d.nl", "first last@x.org", "\"q\"@x.io", "a/b@c.de"] {
            XCTAssertTrue(passes(rule, valid), valid)
        }
        for invalid in [
            "you@domain", "you@domain.c", "a..b@c.de", ".a@c.de", "a@@c.de", "a@c..de", "@c.de", "a@b@c.de", "",
        ] {
            XCTAssertFalse(passes(rule, invalid), invalid)
        }
    }

    func testTermsAndConditionsAcceptsOnlyTrue() {
        let rule = TermsAndConditionsValidator()
        XCTAssertTrue(passes(rule, "true"))
        for value in ["TRUE", "True", "1", "yes", "false", ""] { XCTAssertFalse(passes(rule, value), value) }
    }

    func testIBANChecksShapeAndMod97() {
        let rule = IBANValidator()
        for valid in [
            "NL91ABNA0417164300", "nl91 abna 0417 1643 00", "DE89370400440532013000", "GB82WEST12345698765432",
            "NL91ABNA\n0417164300",
        ] {
            XCTAssertTrue(passes(rule, valid), valid)
        }
        for invalid in ["NL91ABNA0417164301", "NL9ABNA0417164300", "91NLABNA0417164300", "NL91ABNA04171643", ""] {
            XCTAssertFalse(passes(rule, invalid), invalid)
        }
    }

    func testResidentIdNumberChecksFifteenAndEighteenCharacterForms() {
        let rule = ResidentIdNumberValidator()
        XCTAssertTrue(passes(rule, "123456789012345"))
        XCTAssertFalse(passes(rule, "12345678901234X"))
        XCTAssertTrue(passes(rule, "11010519491231002X"), "check digit 10 is written X")
        XCTAssertFalse(passes(rule, "11010519491231002x"), "only uppercase X")
        XCTAssertTrue(passes(rule, "440524188001010014"))
        XCTAssertFalse(passes(rule, "440524188001010015"))
        XCTAssertFalse(passes(rule, "1234567890123456"))
        XCTAssertFalse(passes(rule, ""))
    }

    func testBoletoBancarioRequirednessDependsOnTheFiscalNumberLength() {
        let rule = BoletoBancarioRequirednessValidator(fiscalNumberLength: 14)
        var context = now
        context.fiscalNumber = "12345678000195"
        XCTAssertEqual(rule.errorKind(for: "", context: context), .isRequired)
        XCTAssertNil(rule.errorKind(for: "ACME", context: context))
        context.fiscalNumber = "12345678901"
        XCTAssertNil(rule.errorKind(for: "", context: context))
        XCTAssertNil(rule.errorKind(for: "", context: now))
    }
}

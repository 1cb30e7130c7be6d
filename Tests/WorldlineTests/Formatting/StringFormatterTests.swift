import XCTest

@testable import Worldline

final class StringFormatterTests: XCTestCase {
    private let formatter = StringFormatter()
    private let cardMask = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"
    private let pairs = "{{99}} {{99}} {{99}} {{99}} {{99}}"

    private func format(_ input: String, _ mask: String, cursor: Int) -> (String, Int) {
        let result = formatter.formatString(input, mask: mask, cursorPosition: cursor)
        return (result.formatted, result.cursorPosition)
    }

    func testSDKTableDigitsKeepCursorAtStart() {
        XCTAssertTrue(format("1234567890", pairs, cursor: 0) == ("12 34 56 78 90", 0))
    }

    func testSDKTableWildcardsTakeAnyCharacter() {
        XCTAssertTrue(format("!!!!!!!!!!", "{{**}} {{**}} {{**}} {{**}} {{**}}", cursor: 0) == ("!! !! !! !! !!", 0))
    }

    func testSDKTableCursorAtEndMovesPastEveryInsertedSeparator() {
        XCTAssertTrue(format("abcdefghij", "{{aa}} {{aa}} {{aa}} {{aa}} {{aa}}", cursor: 10) == ("ab cd ef gh ij", 14))
    }

    func testSDKTableUnformatRemovesLiterals() {
        XCTAssertEqual(formatter.unformatString("12 34 56 78 90", mask: pairs), "1234567890")
        XCTAssertEqual(formatter.unformatString("1234567890", mask: pairs), "1234567890", "unmasked input works too")
    }

    func testCompletedGroupIsFollowedByItsSeparator() {
        XCTAssertEqual(formatter.formatString("1111222233334444", mask: cardMask), "1111 2222 3333 4444 ")
        XCTAssertEqual(formatter.unformatString("1111222233334444", mask: cardMask), "1111222233334444")
        XCTAssertTrue(
            format("4111", cardMask, cursor: 4) == ("4111 ", 5), "the cursor moves past the trailing separator")
        XCTAssertEqual(formatter.formatString("12", mask: "{{99}}/{{99}}"), "12/")
    }

    func testOnlyTheFirstIncompleteTokenAppendsATrailingLiteral() {
        XCTAssertEqual(formatter.formatString("1", mask: "{{99}}/{{99}}"), "1")
        XCTAssertEqual(formatter.formatString("12", mask: "{{99}}/-{{99}}"), "12/-")
        XCTAssertEqual(formatter.formatString("", mask: "{{99}}/{{99}}"), "")
    }

    func testLeadingLiteralConsumesEqualInput() {
        XCTAssertEqual(formatter.formatString("1234", mask: "+31 {{99}} {{99}}"), "+31 23 4")
        XCTAssertTrue(format("1234", "+31 {{99}} {{99}}", cursor: 4) == ("+31 23 4", 8))
        XCTAssertEqual(formatter.formatString("+31 23 4", mask: "+31 {{99}} {{99}}"), "+31 23 4", "idempotent")
    }

    func testExcessInputIsDropped() {
        XCTAssertEqual(formatter.formatString("123456", mask: "{{99}}/{{99}}"), "12/34")
        XCTAssertEqual(formatter.unformatString("12/3456", mask: "{{99}}/{{99}}"), "1234")
    }

    func testInputNotFittingAPlaceholderIsDropped() {
        XCTAssertEqual(formatter.formatString("4a111", mask: cardMask), "4111 ")
        XCTAssertEqual(formatter.formatString("aB1", mask: "{{AA}}"), "B")
        XCTAssertEqual(formatter.formatString("1x", mask: "{{x}}"), "", "other characters inside braces take nothing")
        XCTAssertEqual(formatter.formatString("4١", mask: "{{99}}"), "4", "non-ASCII digits do not fit 9")
    }

    func testCursorIsNotMovedForDroppedInputButStaysInsideTheResult() {
        XCTAssertTrue(format("4a111", cardMask, cursor: 5) == ("4111 ", 5), "the SDK would answer 6, past the end")
        XCTAssertTrue(format("4a11", cardMask, cursor: 4) == ("411", 3))
    }

    func testCursorBeforeAnInsertedSeparatorStays() {
        XCTAssertTrue(format("41111", cardMask, cursor: 2) == ("4111 1", 2))
        XCTAssertTrue(format("41111", cardMask, cursor: 4) == ("4111 1", 5))
        XCTAssertTrue(format("41111", cardMask, cursor: 5) == ("4111 1", 6))
    }

    func testEditingAMaskedValueKeepsTheCursorAfterTheTypedCharacter() {
        // The customer typed "9" at offset 2 of "4111 1": the field now holds "419111 1".
        let result = format("419111 1", cardMask, cursor: 3)
        XCTAssertEqual(result.0, "4191 111")
        XCTAssertEqual(result.1, 3)
    }

    func testLiteralsOutsideBracesMayBeBraces() {
        XCTAssertEqual(MaskToken.tokens(of: "a}}}"), [.text(["a"]), .close, .text(["}"])])
        XCTAssertEqual(formatter.formatString("12", mask: "{{9}}{{9}}"), "12")
        XCTAssertEqual(formatter.formatString("7", mask: "{a}{{9}}"), "{a}7")
    }

    func testRelaxMaskReplacesPlaceholdersOnly() {
        XCTAssertEqual(formatter.relaxMask("{{9999}}/{{aaaa}}+{{****}}"), "{{****}}/{{****}}+{{****}}")
        XCTAssertEqual(formatter.relaxMask("+31 {{99}}"), "+31 {{**}}")
        XCTAssertEqual(
            formatter.formatString("************1111", mask: formatter.relaxMask(cardMask)), "**** **** **** 1111 ")
    }

    func testFieldApplyAndRemoveMaskAreIdentityWithoutAMask() throws {
        let product = try Fixtures.product1()
        let name = try XCTUnwrap(product.paymentProductField(withId: "cardholderName"))
        XCTAssertEqual(name.applyMask("J/ Jansen"), "J/ Jansen")
        XCTAssertEqual(name.removeMask("J/ Jansen"), "J/ Jansen")
        let expiry = try XCTUnwrap(product.paymentProductField(withId: "expiryDate"))
        XCTAssertEqual(expiry.applyMask("1230"), "12/30")
        XCTAssertEqual(expiry.removeMask("12/30"), "1230")
    }
}

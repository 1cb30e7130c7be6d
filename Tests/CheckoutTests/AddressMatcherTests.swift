import Checkout
import XCTest

final class AddressMatcherTests: XCTestCase {
    func testCaseWhitespaceAndPostcodeFormatDoNotMatter() {
        XCTAssertTrue(AddressMatcher.matches(Fixtures.home, Fixtures.homeAsCartHoldsIt))
    }

    func testADifferentStreetDoesNotMatch() {
        var other = Fixtures.home
        other.line1 = "11 Downing Street"
        XCTAssertFalse(AddressMatcher.matches(Fixtures.home, other))
    }

    func testPhoneNumberIsNotCompared() {
        var withPhone = Fixtures.home
        withPhone.phone = "+44 20 7946 0000"
        XCTAssertTrue(AddressMatcher.matches(Fixtures.home, withPhone))
    }

    func testEmptySecondLineEqualsMissingSecondLine() {
        var blank = Fixtures.home
        blank.line2 = "  "
        XCTAssertTrue(AddressMatcher.matches(Fixtures.home, blank))
    }

    func testBestMatchPrefersTheDefaultEntry() {
        let book = [
            AddressBookEntry(id: "a", address: Fixtures.home),
            AddressBookEntry(id: "b", address: Fixtures.homeAsCartHoldsIt, isDefault: true),
        ]
        XCTAssertEqual(AddressMatcher.bestMatch(for: Fixtures.home, in: book)?.id, "b")
        XCTAssertNil(AddressMatcher.bestMatch(for: Fixtures.paris, in: book))
        XCTAssertNil(AddressMatcher.bestMatch(for: nil, in: book))
    }

    func testPostcodeNormalisationRemovesSpacesAndHyphens() {
        XCTAssertEqual(AddressMatcher.normalisePostcode(" sw1a-2aa "), "SW1A2AA")
    }
}

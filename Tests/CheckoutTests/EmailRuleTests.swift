import Checkout
import XCTest

final class EmailRuleTests: XCTestCase {
    func testPlausibleAddressesNeedOneAtSomethingBeforeItAndADottedDomain() {
        let plausible = [
            "ada@example.com", "  ada@example.com  ", "a.b+c@mail.example.co.uk", "x@y.z", "\tada@ex.org\n",
            "\u{00A0}ada@example.com\u{2003}", "zoë@exämple.de", "用户@例子.广告",
        ]
        let implausible = [
            "", "   ", "ada", "@example.com", "ada@", "ada@example", "ada@.com", "ada@example.", "ada@@example.com",
            "a@b@example.com", "ada @example.com", "ada@exa mple.com", "ada@example.com.",
            "ada\u{00A0}@example.com", "\u{2003}", "ada@example\u{3000}.com",
        ]
        for email in plausible { XCTAssertTrue(EmailRule.isPlausible(email), email) }
        for email in implausible { XCTAssertFalse(EmailRule.isPlausible(email), email) }
    }

    func testAnAddressMissingARequiredFieldNamesTheFirstInFormOrder() {
        var address = Address(
            firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
            countryCode: "GB")
        XCTAssertNil(address.missingField)
        address.city = "  \t"
        address.postcode = ""
        XCTAssertEqual(address.missingField, "city")
        address.firstName = " "
        XCTAssertEqual(address.missingField, "firstName")
        address.firstName = "\u{00A0}\u{2003}\n"
        XCTAssertEqual(address.missingField, "firstName", "Unicode white space is blank too")
        address.firstName = "\u{00A0}Zoë"
        XCTAssertEqual(address.missingField, "city")
    }
}

import ActionLog
import Foundation
import LogPrivacy
import XCTest

/// What each kind keeps: an email address's `@`, dots and top-level domain (and its plausibility),
/// a phone number's `+` and country calling code, a postcode's letters, digits and spacing.
final class KindPseudonymTests: XCTestCase {
    func testAnEmailKeepsItsAtSignDotsAndTopLevelDomain() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let pseudonym = try pseudonymiser.pseudonym(for: "Jane.Doe+shop@mail.example.co.uk", kind: .email)
        XCTAssertEqual(pseudonym.count, 32)
        XCTAssertTrue(pseudonym.hasSuffix(".uk"), pseudonym)
        XCTAssertEqual(pseudonym.firstIndex(of: "@"), pseudonym.index(pseudonym.startIndex, offsetBy: 13))
        XCTAssertEqual(pseudonym.filter { $0 == "." }.count, 4)
        XCTAssertEqual(pseudonym.firstIndex(of: "+"), pseudonym.index(pseudonym.startIndex, offsetBy: 8))
        XCTAssertTrue(pseudonym.first?.isUppercase ?? false, "the occurrence's capital J stays a capital")
        XCTAssertFalse(pseudonym.lowercased().contains("jane"))
        XCTAssertFalse(pseudonym.contains("example"))
    }

    func testEveryAddressAtOneDomainSharesItsPseudonymousDomain() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let jane = try pseudonymiser.pseudonym(for: "jane@example.com", kind: .email)
        let john = try pseudonymiser.pseudonym(for: "john@example.com", kind: .email)
        let other = try pseudonymiser.pseudonym(for: "jane@elsewhere.org", kind: .email)
        XCTAssertEqual(jane.split(separator: "@").last, john.split(separator: "@").last)
        XCTAssertNotEqual(jane.split(separator: "@").first, john.split(separator: "@").first)
        // The local part comes from the whole address: one local part at two domains does not link.
        XCTAssertNotEqual(jane.split(separator: "@").first, other.split(separator: "@").first)
    }

    func testATopLevelDomainThatIsNotASCIIIsReplacedLikeTheRest() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let pseudonym = try pseudonymiser.pseudonym(for: "иван@почта.рф", kind: .email)
        XCTAssertEqual(pseudonym.count, 13)
        XCTAssertFalse(pseudonym.hasSuffix(".рф"), pseudonym)
        XCTAssertTrue(pseudonym.contains("@"))
    }

    func testEmailPlausibilityTakesTheSameBranch() throws {
        var random = SeededGenerator(seed: 11)
        var pseudonymiser = try Fixtures.pseudonymiser()
        var plausible = 0
        var implausible = 0
        let awkward = [
            "", " ", "@", "a@b", "a@b.", "a@.com", "@example.com", "a@@b.com", "a b@c.com", " jane@x.com ",
            "jane@x.com extra", "a@b.c", "jané@exämple.com", "x@y.z.", ".@..",
        ]
        for value in awkward + (0..<500).map({ _ in Generated.email(&random) }) {
            let pseudonym = try pseudonymiser.pseudonym(for: value, kind: .email)
            let expected = CopiedEmailRule.isPlausible(value)
            XCTAssertEqual(CopiedEmailRule.isPlausible(pseudonym), expected, "\(value) -> \(pseudonym)")
            if expected { plausible += 1 } else { implausible += 1 }
        }
        XCTAssertGreaterThan(plausible, 100)
        XCTAssertGreaterThan(implausible, 50)
    }

    func testAPhoneNumberKeepsItsPlusAndCountryCallingCode() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let cases: [(String, String)] = [
            ("+44 20 7946 0958", "+44 "), ("+1 (555) 123-4567", "+1 ("), ("+353861234567", "+353"),
            ("0044 20 7946 0958", "0044 "), ("+7 912 345 67 89", "+7 "), ("+4930123456", "+49"),
        ]
        for (value, kept) in cases {
            let pseudonym = try pseudonymiser.pseudonym(for: value, kind: .phone)
            XCTAssertTrue(pseudonym.hasPrefix(kept), "\(value) -> \(pseudonym)")
            XCTAssertEqual(pseudonym.count, value.count)
            XCTAssertNotEqual(pseudonym, value)
            for (original, replaced) in zip(value, pseudonym) {
                XCTAssertEqual(original.isNumber, replaced.isNumber, "\(value) -> \(pseudonym)")
                if !original.isNumber { XCTAssertEqual(original, replaced) }
            }
        }
        // A national number keeps no digit in place on purpose.
        let national = try pseudonymiser.pseudonym(for: "020 7946 0958", kind: .phone)
        XCTAssertEqual(national.filter(\.isNumber).count, 11)
        XCTAssertEqual(national.filter { $0 == " " }.count, 2)
    }

    func testAPostcodeKeepsLettersDigitsAndEachOccurrencesCaseAndSpacing() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let spaced = try pseudonymiser.pseudonym(for: "SW1A 2AA", kind: .postcode)
        let tight = try pseudonymiser.pseudonym(for: "sw1a2aa", kind: .postcode)
        let hyphened = try pseudonymiser.pseudonym(for: " Sw1a-2aA ", kind: .postcode)
        XCTAssertEqual(PersonalKind.postcode.normalised(spaced), PersonalKind.postcode.normalised(tight))
        XCTAssertEqual(PersonalKind.postcode.normalised(spaced), PersonalKind.postcode.normalised(hyphened))
        XCTAssertEqual(Array(spaced).map(\.isUppercase), Array("SW1A 2AA").map(\.isUppercase))
        XCTAssertEqual(Array(tight).map(\.isLowercase), Array("sw1a2aa").map(\.isLowercase))
        XCTAssertEqual(Array(hyphened).map(\.isUppercase), Array(" Sw1a-2aA ").map(\.isUppercase))
        XCTAssertEqual(Array(hyphened).map(\.isNumber), Array(" Sw1a-2aA ").map(\.isNumber))
        XCTAssertEqual(hyphened.first, " ")
        XCTAssertEqual(Array(hyphened)[5], "-")
        // A postcode of another country pseudonymises all the same.
        let japanese = try pseudonymiser.pseudonym(for: "100-0001", kind: .postcode)
        XCTAssertEqual(Array(japanese).map(\.isNumber), Array("100-0001").map(\.isNumber))
    }

    func testNamesComparedIgnoringCaseAndWhiteSpaceStayEqual() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let first = try pseudonymiser.pseudonym(for: "  Jane   DOE ", kind: .nameOrAddress)
        let second = try pseudonymiser.pseudonym(for: "jane doe", kind: .nameOrAddress)
        XCTAssertEqual(PersonalKind.nameOrAddress.normalised(first), second)
        XCTAssertTrue(first.hasPrefix("  ") && first.hasSuffix(" "))
        XCTAssertTrue(Array(first)[2].isUppercase && Array(first)[9].isUppercase && Array(first)[11].isUppercase)
    }

    func testFreeTextComparesExactly() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let note = try pseudonymiser.pseudonym(for: "Leave it with Mrs. Patel at no. 12!", kind: .freeText)
        let other = try pseudonymiser.pseudonym(for: "leave it with Mrs. Patel at no. 12!", kind: .freeText)
        XCTAssertEqual(note.count, 35)
        XCTAssertTrue(note.hasSuffix("!"))
        XCTAssertNotEqual(note.dropFirst(), other.dropFirst(), "exact comparison: another value, another pseudonym")
    }
}

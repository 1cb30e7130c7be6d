import ActionLog
import Foundation
import LogPrivacy
import XCTest

/// Known values and email- or phone-shaped text replaced inside free text and URLs, protected
/// fragments kept.
final class FreeTextReplacementTests: XCTestCase {
    func testAKnownValueIsReplacedWhereverItOccursAsItsKindComparesIt() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let name = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let shouted = try pseudonymiser.pseudonym(for: "JANE\t DOE", kind: .nameOrAddress)
        let text = try pseudonymiser.replacingKnownValues(in: "Hello Jane Doe! Or is it JANE\t DOE?")
        XCTAssertEqual(text, "Hello \(name)! Or is it \(shouted)?")
        XCTAssertEqual(pseudonymiser.report.freeTextFieldsTouched, 1)
        XCTAssertEqual(pseudonymiser.report.freeTextReplacements, 2)
    }

    func testARepeatedTextIsReplacedAndCountedAsTheFirstTimeAndFollowsNewValues() throws {
        // Repeated texts are answered from a cache: the same output and the same counts as a
        // pseudonymiser that never saw the text, and a value made known since is replaced.
        var cached = try Fixtures.pseudonymiser()
        var fresh = try Fixtures.pseudonymiser()
        _ = try cached.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let text = "Hello Jane Doe, Ann and jo@x.org"
        let first = try cached.replacingKnownValues(in: text)
        // The first call issued the email address's pseudonym (so kept nothing), the second
        // keeps its answer, the third is answered from the cache.
        XCTAssertEqual(try cached.replacingKnownValues(in: text), first)
        let occurrences = cached.report.occurrences
        XCTAssertEqual(try cached.replacingKnownValues(in: text), first)
        XCTAssertEqual(cached.report.freeTextFieldsTouched, 3)
        XCTAssertEqual(cached.report.freeTextReplacements, 6, "Jane Doe and the email address, three times")
        XCTAssertEqual(cached.report.occurrences[.nameOrAddress], (occurrences[.nameOrAddress] ?? 0) + 1)
        XCTAssertEqual(cached.report.occurrences[.email], (occurrences[.email] ?? 0) + 1)
        XCTAssertEqual(try cached.replacingKnownValues(in: "plain text"), "plain text")
        XCTAssertEqual(try cached.replacingKnownValues(in: "plain text"), "plain text")
        XCTAssertEqual(cached.report.freeTextFieldsTouched, 3, "a text with nothing to replace is not counted")
        // Ann becomes known: the cached answer for the text no longer holds.
        let ann = try cached.pseudonym(for: "Ann", kind: .nameOrAddress)
        let third = try cached.replacingKnownValues(in: text)
        XCTAssertTrue(third.contains(" \(ann) and "), third)
        XCTAssertFalse(third.contains("Ann"), third)
        // The same sequence of calls without repeats gives the same texts and pseudonyms.
        _ = try fresh.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        XCTAssertEqual(try fresh.replacingKnownValues(in: text), first)
        XCTAssertEqual(try fresh.pseudonym(for: "Ann", kind: .nameOrAddress), ann)
        XCTAssertEqual(try fresh.replacingKnownValues(in: text), third)
        // A redraw empties the cache too.
        let redrawn = try cached.redraw("Ann", kind: .nameOrAddress)
        XCTAssertTrue(try cached.replacingKnownValues(in: text).contains(" \(redrawn) and "))
    }

    func testACachedTextAnswersOnlyTheSameBytesSoEachFormKeepsItsOwnScalars() throws {
        // Swift compares NFC and NFD forms as equal; the cache must not: the text around the
        // values is kept as it was written, scalar for scalar.
        var pseudonymiser = try Fixtures.pseudonymiser()
        var fresh = try Fixtures.pseudonymiser()
        _ = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        _ = try fresh.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let composed = "Caf\u{E9}: Jane Doe"
        let decomposed = "Cafe\u{301}: Jane Doe"
        XCTAssertEqual(composed, decomposed, "Swift's own comparison")
        let first = try pseudonymiser.replacingKnownValues(in: composed)
        XCTAssertEqual(try pseudonymiser.replacingKnownValues(in: composed), first)
        let second = try pseudonymiser.replacingKnownValues(in: decomposed)
        XCTAssertEqual(
            Array(second.unicodeScalars), Array(try fresh.replacingKnownValues(in: decomposed).unicodeScalars))
        XCTAssertTrue(
            second.unicodeScalars.starts(with: "Cafe\u{301}: ".unicodeScalars), "\(second.unicodeScalars.map(\.value))")
        XCTAssertTrue(first.unicodeScalars.starts(with: "Caf\u{E9}: ".unicodeScalars))
    }

    func testTheLeftmostThenLongestValueWins() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let first = try pseudonymiser.pseudonym(for: "Jane", kind: .nameOrAddress)
        let full = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        _ = try pseudonymiser.pseudonym(for: "Doe Street", kind: .nameOrAddress)
        XCTAssertEqual(try pseudonymiser.replacingKnownValues(in: "Jane Doe Street"), full + " Street")
        XCTAssertEqual(try pseudonymiser.replacingKnownValues(in: "Jane, Jane Doe"), "\(first), \(full)")
    }

    func testAValueInsideALongerWordOrNumberStays() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let ann = try pseudonymiser.pseudonym(for: "Ann", kind: .nameOrAddress)
        _ = try pseudonymiser.pseudonym(for: "42", kind: .nameOrAddress)
        XCTAssertEqual(
            try pseudonymiser.replacingKnownValues(in: "Annual report 1423 by Ann."), "Annual report 1423 by \(ann).")
    }

    func testValuesInAURLAreReplacedEncodedAsTheyWere() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let name = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let email = try pseudonymiser.pseudonym(for: "jane.doe@example.com", kind: .email)
        let city = try pseudonymiser.pseudonym(for: "Zürich", kind: .nameOrAddress)
        let url =
            "https://shop.example/account?name=Jane%20Doe&n=JANE+DOE&email=jane.doe%40example.com&city=Z%C3%BCrich"
        let replaced = try pseudonymiser.replacingKnownValues(in: url)
        XCTAssertTrue(replaced.hasPrefix("https://shop.example/account?name="), replaced)
        let query = try XCTUnwrap(URLComponents(string: replaced)?.queryItems)
        XCTAssertEqual(query.first { $0.name == "name" }?.value, name)
        // URLComponents reads a query as RFC 3986 does: the form-encoded space stays a +.
        XCTAssertEqual(
            query.first { $0.name == "n" }?.value, name.uppercased().replacingOccurrences(of: " ", with: "+"))
        XCTAssertEqual(query.first { $0.name == "email" }?.value, email)
        XCTAssertEqual(query.first { $0.name == "city" }?.value, city)
        XCTAssertTrue(replaced.contains("%40"), "the @ stays encoded")
        XCTAssertTrue(replaced.contains("+"), "a form-encoded space stays a +")
        for original in ["Jane", "JANE", "jane", "example.com", "Z%C3%BCrich"] {
            XCTAssertFalse(replaced.contains(original), replaced)
        }
        // The URL kind is this same replacement.
        var again = try Fixtures.pseudonymiser()
        _ = try again.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        _ = try again.pseudonym(for: "jane.doe@example.com", kind: .email)
        _ = try again.pseudonym(for: "Zürich", kind: .nameOrAddress)
        XCTAssertEqual(try again.pseudonym(for: url, kind: .url), replaced)
    }

    func testProtectedFragmentsStayEvenWhenAValueMatchesThem() throws {
        var pseudonymiser = try Fixtures.pseudonymiser(protecting: ["/checkout/success", "orderNumber"])
        let success = try pseudonymiser.pseudonym(for: "Success", kind: .nameOrAddress)
        _ = try pseudonymiser.pseudonym(for: "Order Number", kind: .nameOrAddress)
        let url = "https://shop.example/checkout/success?orderNumber=100023456&who=Success"
        let replaced = try pseudonymiser.replacingKnownValues(in: url)
        XCTAssertEqual(replaced, "https://shop.example/checkout/success?orderNumber=100023456&who=\(success)")
        // Protected fragments compare ignoring case, as parse rules compare URLs.
        XCTAssertEqual(
            try pseudonymiser.replacingKnownValues(in: "/CHECKOUT/SUCCESS?ORDERNUMBER=1"),
            "/CHECKOUT/SUCCESS?ORDERNUMBER=1")
    }

    func testEmailAndPhoneShapedTextIsReplacedEvenWhenUnknown() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let text = "Write to bob.smith@mail.example.org or call +1 (555) 123-4567, 020 7946 0958 or 555 321 7654."
        let replaced = try pseudonymiser.replacingKnownValues(in: text)
        XCTAssertEqual(replaced.count, text.count)
        XCTAssertFalse(replaced.contains("bob.smith"))
        XCTAssertFalse(replaced.contains("mail.example"))
        XCTAssertFalse(replaced.contains("123-4567"))
        XCTAssertFalse(replaced.contains("7946 0958"))
        XCTAssertFalse(replaced.contains("321 7654"))
        XCTAssertTrue(replaced.contains(".org or call +1 ("), replaced)
        XCTAssertEqual(pseudonymiser.report.freeTextReplacements, 4)
        XCTAssertEqual(pseudonymiser.report.values[.email], 1)
        XCTAssertEqual(pseudonymiser.report.values[.phone], 3)
    }

    func testNumbersThatAreNotPhoneNumbersStay() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let text =
            "Order 100023456 placed 2026-11-24 10:30, total 1234567.89, ref 0012345678901, at 1700000000000, SKU 12-34-56"
        XCTAssertEqual(try pseudonymiser.replacingKnownValues(in: text), text)
        XCTAssertEqual(pseudonymiser.report.freeTextFieldsTouched, 0)
    }

    func testAKnownPhoneNumberIsFoundHoweverItIsGrouped() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        _ = try pseudonymiser.pseudonym(for: "+44 20 7946 0958", kind: .phone)
        let replaced = try pseudonymiser.replacingKnownValues(in: "tel:+442079460958;ext=12")
        XCTAssertFalse(replaced.contains("2079460958"), replaced)
        XCTAssertTrue(replaced.hasPrefix("tel:+44"))
        XCTAssertTrue(replaced.hasSuffix(";ext=12"))
    }

    func testAKnownPostcodeIsFoundHoweverItIsSpaced() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let pseudonym = try pseudonymiser.pseudonym(for: "SW1A 2AA", kind: .postcode)
        let replaced = try pseudonymiser.replacingKnownValues(in: "deliver to sw1a2aa or SW1A-2AA, SW1A+2AA")
        XCTAssertFalse(replaced.lowercased().contains("sw1a"), replaced)
        let normalised = PersonalKind.postcode.normalised(pseudonym)
        XCTAssertTrue(replaced.contains(normalised.lowercased()), replaced)
        XCTAssertTrue(replaced.hasSuffix(String(pseudonym.prefix(4)) + "+" + String(pseudonym.suffix(3))), replaced)
    }

    func testATextWithNothingKnownIsReturnedAsItIs() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        for text in ["", "Your order is confirmed.", "100% off %ZZ %4", "%E2%82", "😀 %F0%9F%98%80"] {
            XCTAssertEqual(try pseudonymiser.replacingKnownValues(in: text), text)
        }
        XCTAssertEqual(pseudonymiser.report.freeTextFieldsTouched, 0)
    }

    func testHostileFreeTextIsHandledInTimeLinearInItsLength() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        _ = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let hostile = [
            String(repeating: "1 ", count: 5_000), String(repeating: "a@", count: 5_000),
            String(repeating: "%", count: 10_000), String(repeating: "%C3", count: 3_000),
            String(repeating: "jane ", count: 2_000), String(repeating: "\u{301}", count: 10_000),
        ]
        for text in hostile {
            let (replaced, used) = try ThreadCPUTime.measure { try pseudonymiser.replacingKnownValues(in: text) }
            XCTAssertEqual(replaced.count, text.count)
            // Processor time, not wall time (a loaded machine does not count), and generous for a
            // debug build with coverage: a quadratic scan would take minutes.
            XCTAssertLessThan(used, .seconds(10))
        }
    }

    func testLongFreeTextIsHandledWhole() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let name = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        let text = String(repeating: "Dear Jane Doe, see https://x.example/?q=jane%20doe. ", count: 200)
        let replaced = try pseudonymiser.replacingKnownValues(in: text)
        XCTAssertEqual(replaced.components(separatedBy: name).count - 1, 200)
        XCTAssertFalse(replaced.lowercased().contains("jane"))
        XCTAssertEqual(pseudonymiser.report.freeTextReplacements, 400)
    }
}

import ActionLog
import LogPrivacy
import StateStore
import XCTest

/// Masking for screen sharing: indexed markers per kind, equal values (as the checkout compares
/// them) visibly equal, free text masked through the pseudonymiser's own finder.
final class PersonalDataMaskerTests: XCTestCase {
    func testValuesEqualUnderTheirKindsNormalisationShareAMarkerAndOthersGetTheNext() {
        var masker = PersonalDataMasker()
        XCTAssertEqual(masker.marker(for: "Jane  Doe", kind: .nameOrAddress), "‹nameOrAddress#1›")
        XCTAssertEqual(masker.marker(for: "jane doe", kind: .nameOrAddress), "‹nameOrAddress#1›")
        XCTAssertEqual(masker.marker(for: "John Doe", kind: .nameOrAddress), "‹nameOrAddress#2›")
        XCTAssertEqual(masker.marker(for: "sw1a-2aa", kind: .postcode), "‹postcode#1›")
        XCTAssertEqual(masker.marker(for: "SW1A 2AA", kind: .postcode), "‹postcode#1›")
        XCTAssertEqual(masker.marker(for: " Jane.Doe@Example.com", kind: .email), "‹email#1›")
        XCTAssertEqual(masker.marker(for: "jane.doe@example.com", kind: .email), "‹email#1›")
        XCTAssertEqual(masker.marker(for: "+44 20 7946 0958", kind: .phone), "‹phone#1›")
        XCTAssertEqual(masker.markedValues, [.nameOrAddress: 2, .postcode: 1, .email: 1, .phone: 1])
    }

    func testAnEmptyOrBlankValueIsShownAsItIs() {
        var masker = PersonalDataMasker()
        XCTAssertEqual(masker.marker(for: "", kind: .nameOrAddress), "")
        XCTAssertEqual(masker.marker(for: "  ", kind: .email), "  ")
        XCTAssertEqual(masker.markedValues, [:])
    }

    func testLearnedValuesAreNumberedInTheOrderLearnedAndFoundInFreeText() {
        var masker = PersonalDataMasker()
        masker.learn("Jane Doe", kind: .nameOrAddress)
        masker.learn("jane.doe@example.com", kind: .email)
        masker.learn("SW1A 2AA", kind: .postcode)
        XCTAssertEqual(
            masker.maskingKnownValues(in: "Thanks, JANE  DOE! We wrote to Jane.Doe@example.com about sw1a2aa."),
            "Thanks, ‹nameOrAddress#1›! We wrote to ‹email#1› about ‹postcode#1›.")
        // Percent-encoded and form-encoded, inside a URL.
        XCTAssertEqual(
            masker.maskingKnownValues(in: "https://shop.example/thanks?name=Jane+Doe&mail=jane.doe%40example.com"),
            "https://shop.example/thanks?name=‹nameOrAddress#1›&mail=‹email#1›")
        // Not inside a longer word.
        XCTAssertEqual(masker.maskingKnownValues(in: "Janet Does"), "Janet Does")
    }

    func testAnEmailOrPhoneShapedRunIsMaskedEvenWhenUnknown() {
        var masker = PersonalDataMasker()
        XCTAssertEqual(
            masker.maskingKnownValues(in: "Call +44 20 7946 0958 or mail someone@example.org; order 123456789."),
            "Call ‹phone#1› or mail ‹email#1›; order 123456789.")
        XCTAssertEqual(masker.marker(for: "SOMEONE@example.org", kind: .email), "‹email#1›", "now known, by its class")
    }

    func testFreeTextAndURLLeavesKeepTheirTextWithKnownValuesMasked() {
        var masker = PersonalDataMasker()
        masker.learn("Ada Lovelace", kind: .nameOrAddress)
        XCTAssertEqual(
            masker.marker(for: "Declined for Ada Lovelace", kind: .freeText), "Declined for ‹nameOrAddress#1›")
        XCTAssertEqual(
            masker.marker(for: "https://x.example/?n=Ada%20Lovelace", kind: .url),
            "https://x.example/?n=‹nameOrAddress#1›")
        XCTAssertEqual(masker.markedValues, [.nameOrAddress: 1], "free text is not a value of its own")
    }

    func testMaskingAClassifiedValueMarksItsPersonalLeavesAndKeepsThePlainOnes() {
        var contact = MaskedContact(
            name: "Ada Lovelace", email: "ada@example.com", country: "GB", note: "Leave it with Ada Lovelace",
            message: #"{"who":"Ada Lovelace","sku":"tee-1"}"#)
        var masker = PersonalDataMasker()
        masker.learnValues(of: contact)
        XCTAssertEqual(masker.markedValues, [.nameOrAddress: 1, .email: 1])
        masker.mask(&contact)
        XCTAssertEqual(contact.name, "‹nameOrAddress#1›")
        XCTAssertEqual(contact.email, "‹email#1›")
        XCTAssertEqual(contact.country, "GB")
        XCTAssertEqual(contact.note, "Leave it with ‹nameOrAddress#1›")
        XCTAssertEqual(
            contact.message, #"{"who":"‹nameOrAddress#1›","sku":"tee-1"}"#, "raw JSON edited at its literals")
    }

    func testTheMaskerShowsCountsNeverValues() {
        var masker = PersonalDataMasker()
        masker.learn("Ada Lovelace", kind: .nameOrAddress)
        XCTAssertEqual(masker.description, "PersonalDataMasker(values: 1)")
        var dumped = ""
        dump(masker, to: &dumped)
        XCTAssertFalse(dumped.contains("Ada"), dumped)
    }
}

/// A value with one field of each treatment: whole values, a plain one, free text and raw JSON.
private struct MaskedContact: DataClassified {
    var name: String
    var email: String
    var country: String
    var note: String
    var message: String

    mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&name, field: "name", as: .personal(.nameOrAddress))
        visitor.visit(&email, field: "email", as: .personal(.email))
        visitor.visit(&country, field: "country", as: .plain)
        visitor.visit(&note, field: "note", as: .personal(.freeText))
        visitor.visit(
            jsonText: &message, field: "message",
            as: JSONDataPolicy(name: "message", otherwise: .personal(.freeText), paths: ["sku": .plain]))
    }
}

import ActionLog
import Foundation
import XCTest

@testable import LogPrivacy

/// The answers remembered by a string's identity (``RecentStrings``) against the dictionaries
/// keyed by the string's value, over repeated, copied, canonically equivalent and random values.
final class RecentStringsTests: XCTestCase {
    /// Texts of every shape: small and large strings, NFC and NFD spellings, a KELVIN SIGN beside
    /// "K", emoji, empty.
    private func texts(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        let pieces = [
            "Jane", "Doe", " ", "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "\u{1F600}", "-", "SW1A 2AA",
            "jane.doe@example.com", "+44 20 7946 0958", "Stra\u{DF}e", "\u{5F20}\u{4E09}", "",
        ]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
                .joined()
        }
    }

    /// A copy of `text` in storage of its own (a large string is not shared with `text`).
    private func copy(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    func testATableAnswersOnlyForTheSameStringOfTheSameKind() {
        var table = RecentStrings<Int>()
        let values = texts(count: 400, seed: 7)
        var remembered: [String: Int] = [:]
        for (index, text) in values.enumerated() {
            table.remember(index, for: text, kind: .nameOrAddress)
            remembered[text] = index
            XCTAssertEqual(table.value(for: text, kind: .nameOrAddress), index)
            XCTAssertNil(table.value(for: text, kind: .email), "another kind")
        }
        for text in values + values.map(copy) {
            // A miss is allowed (the slot was reused, or the copy has other storage); an answer is
            // the one remembered for that text.
            if let answer = table.value(for: text, kind: .nameOrAddress) {
                XCTAssertEqual(values[answer], text)
            }
        }
        table.removeAll()
        XCTAssertTrue(values.allSatisfy { table.value(for: $0, kind: .nameOrAddress) == nil })
    }

    private func outcome(_ body: () throws -> String) -> String {
        do { return "pseudonym " + (try body()) } catch { return "refused: \(error)" }
    }

    func testPseudonymsOfRepeatedAndCopiedValuesAreThoseTheDictionaryGives() throws {
        var remembering = try Fixtures.pseudonymiser()
        var general = try Fixtures.pseudonymiser()
        let kinds: [PersonalKind] = [.nameOrAddress, .email, .phone, .postcode, .url]
        let values = texts(count: 120, seed: 11)
        var random = SeededGenerator(seed: 3)
        for round in 0..<4 {
            for text in values.shuffled(using: &random) {
                let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
                for occurrence in [text, text, copy(text)] {
                    // Refusals (a postcode whose normalisation changes its length) compare too.
                    let expected = outcome { try general.pseudonym(for: copy(occurrence), kind: kind) }
                    general.forgetRecentOccurrences()
                    let answer = outcome { try remembering.pseudonym(for: occurrence, kind: kind) }
                    XCTAssertEqual(answer, expected, "round \(round), \(kind): \(occurrence.debugDescription)")
                }
            }
        }
        XCTAssertEqual(remembering.report, general.report)
    }

    func testARedrawIsSeenByTheSameStringAfterIt() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let name = "Margaret Hamilton-Smythe"
        let before = try pseudonymiser.pseudonym(for: name, kind: .nameOrAddress)
        let redrawn = try pseudonymiser.redraw(name, kind: .nameOrAddress)
        XCTAssertNotEqual(redrawn, before)
        XCTAssertEqual(try pseudonymiser.pseudonym(for: name, kind: .nameOrAddress), redrawn)
    }
}

import ActionLog
import CheckoutCrypto
import Foundation
import LogPrivacy
import XCTest

/// The table of issued pseudonyms (distinct across values and kinds, never an original value),
/// redraws (deterministic, bounded, counted) and the scheme's derivation itself.
final class RedrawTests: XCTestCase {
    func testTheDerivationIsHMACSHA512UnderTheKeyAsDocumented() throws {
        // An independent implementation of Docs/Pseudonyms.md's construction for lower-case ASCII.
        let key = [UInt8](0..<32)
        let value = "jane margaret doe"
        var message = Array("CheckoutEngine.pseudonym.v1".utf8) + [0] + Array("nameOrAddress".utf8) + [0]
        message += [0, 0, 0, 0, 0] + Array(value.utf8)
        let seed = try HMACSHA512.authenticationCode(for: message, key: key)
        var words: [UInt32] = []
        for counter in 0..<UInt8(2) {
            let block = try HMACSHA512.authenticationCode(for: [0, 0, 0, counter], key: seed)
            for offset in stride(from: 0, to: 64, by: 4) {
                words.append(block[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            }
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let limit = UInt64(1 << 32) / 26 * 26
        var draws = words.filter { UInt64($0) < limit }.makeIterator()
        let expected = String(value.map { $0 == " " ? " " : letters[Int((draws.next() ?? 0) % 26)] })

        var pseudonymiser = Pseudonymiser(key: try PseudonymKey(bytes: key))
        XCTAssertEqual(
            try pseudonymiser.pseudonym(for: value, kind: .nameOrAddress), expected,
            "a change here changes every pseudonym: bump Pseudonymiser.schemeVersion")
    }

    func testARedrawGivesTheNextCandidateTheSameWayEveryTime() throws {
        var first = try Fixtures.pseudonymiser()
        var second = try Fixtures.pseudonymiser()
        let original = try first.pseudonym(for: "Jane Doe", kind: .nameOrAddress)
        XCTAssertEqual(try second.pseudonym(for: "Jane Doe", kind: .nameOrAddress), original)
        let redrawn = try first.redraw("Jane Doe", kind: .nameOrAddress)
        XCTAssertNotEqual(redrawn, original)
        XCTAssertEqual(try second.redraw("Jane Doe", kind: .nameOrAddress), redrawn)
        XCTAssertEqual(redrawn.count, 8)
        XCTAssertEqual(first.report.redraws, 1)
    }

    func testARedrawMovesEveryOccurrenceOfTheValue() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        let before = try pseudonymiser.pseudonym(for: "jane  doe", kind: .nameOrAddress)
        let redrawn = try pseudonymiser.redraw("JANE DOE", kind: .nameOrAddress)
        let after = try pseudonymiser.pseudonym(for: "jane  doe", kind: .nameOrAddress)
        XCTAssertNotEqual(after, before, "the cached occurrence was dropped")
        XCTAssertEqual(PersonalKind.nameOrAddress.normalised(after), PersonalKind.nameOrAddress.normalised(redrawn))
        XCTAssertTrue(redrawn.allSatisfy { $0 == " " || $0.isUppercase })
    }

    func testRedrawsAreBoundedAndThenRefused() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        var seen: Set<String> = [try pseudonymiser.pseudonym(for: "sw1a 2aa", kind: .postcode)]
        var redraws = 0
        while redraws < Pseudonymiser.maximumAttempts {
            do {
                seen.insert(try pseudonymiser.redraw("sw1a 2aa", kind: .postcode))
                redraws += 1
            } catch let error as PseudonymError {
                guard case .attemptsExhausted(.postcode, _) = error else { return XCTFail("unexpected \(error)") }
                break
            }
        }
        XCTAssertEqual(redraws, Pseudonymiser.maximumAttempts - 1, "seven redraws after the first candidate")
        XCTAssertEqual(seen.count, Pseudonymiser.maximumAttempts, "every candidate differs")
        XCTAssertEqual(pseudonymiser.report.redraws, redraws)
    }

    func testAValueWithNothingToReplaceHasNoOtherPseudonym() throws {
        var pseudonymiser = try Fixtures.pseudonymiser()
        XCTAssertEqual(try pseudonymiser.pseudonym(for: "— / —", kind: .nameOrAddress), "— / —")
        XCTAssertThrowsError(try pseudonymiser.redraw("— / —", kind: .nameOrAddress)) { error in
            XCTAssertEqual(error as? PseudonymError, .attemptsExhausted(kind: .nameOrAddress, attempts: 1))
        }
        XCTAssertThrowsError(try pseudonymiser.redraw("https://x.example/", kind: .url)) { error in
            XCTAssertEqual(error as? PseudonymError, .notRedrawable(kind: .url))
        }
    }

    func testACandidateEqualToAnOriginalValueIsPassedOver() throws {
        var probe = try Fixtures.pseudonymiser()
        let firstCandidate = try probe.pseudonym(for: "Li", kind: .nameOrAddress)
        var pseudonymiser = try Fixtures.pseudonymiser()
        pseudonymiser.register(firstCandidate, kind: .nameOrAddress)
        let pseudonym = try pseudonymiser.pseudonym(for: "Li", kind: .nameOrAddress)
        XCTAssertNotEqual(pseudonym.lowercased(), firstCandidate.lowercased())
        XCTAssertNotEqual(pseudonym.lowercased(), "li")
        XCTAssertEqual(pseudonymiser.report.collisionRedraws, 1)
    }

    func testPseudonymsStayDistinctWithinAKindAndAcrossKinds() throws {
        // Find two-letter values whose first candidates collide, a name with a name and a name with
        // a postcode, then pseudonymise each pair in one export.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let pairs = letters.flatMap { first in letters.map { String([first, $0]) } }
        func firstCandidate(_ value: String, _ kind: PersonalKind) throws -> String {
            var fresh = try Fixtures.pseudonymiser()
            return try fresh.pseudonym(for: value, kind: kind).lowercased()
        }
        var names: [String: String] = [:]
        var sameKind: (String, String)?
        for name in pairs {
            let candidate = try firstCandidate(name, .nameOrAddress)
            if sameKind == nil, let earlier = names[candidate] { sameKind = (earlier, name) }
            names[candidate] = name
        }
        var acrossKinds: (String, String)?
        for postcode in pairs.map({ $0.uppercased() }) where acrossKinds == nil {
            if let name = names[try firstCandidate(postcode, .postcode)] { acrossKinds = (name, postcode) }
        }
        let collisions = [(sameKind, PersonalKind.nameOrAddress), (acrossKinds, .postcode)]
        for (pair, secondKind) in collisions {
            guard let (first, second) = pair else { return XCTFail("no colliding pair among 676 values") }
            var pseudonymiser = try Fixtures.pseudonymiser()
            let one = try pseudonymiser.pseudonym(for: first, kind: .nameOrAddress)
            let other = try pseudonymiser.pseudonym(for: second, kind: secondKind)
            XCTAssertNotEqual(one.lowercased(), other.lowercased(), "\(first) / \(second)")
            XCTAssertGreaterThanOrEqual(pseudonymiser.report.collisionRedraws, 1)
        }
    }

    func testTheReportAndThePseudonymiserNeverShowAValue() throws {
        var pseudonymiser = try Fixtures.pseudonymiser(protecting: ["/thank-you"])
        _ = try pseudonymiser.pseudonym(for: "Philippa Quartermaine", kind: .nameOrAddress)
        _ = try pseudonymiser.pseudonym(for: "philippa@quartermaine.example", kind: .email)
        _ = try pseudonymiser.replacingKnownValues(in: "Dear Philippa Quartermaine")
        var dumped = ""
        dump(pseudonymiser, to: &dumped)
        let report = String(decoding: try JSONEncoder().encode(pseudonymiser.report), as: UTF8.self)
        for text in [pseudonymiser.description, String(reflecting: pseudonymiser), dumped, report] {
            XCTAssertFalse(text.lowercased().contains("philippa"), text)
            XCTAssertFalse(text.lowercased().contains("quartermaine"), text)
        }
        XCTAssertEqual(pseudonymiser.report.values, [.nameOrAddress: 1, .email: 1])
        XCTAssertEqual(pseudonymiser.report.freeTextFieldsTouched, 1)
        let decoded = try JSONDecoder().decode(PseudonymReport.self, from: Data(report.utf8))
        XCTAssertEqual(decoded, pseudonymiser.report)
        XCTAssertThrowsError(
            try JSONDecoder().decode(
                PseudonymReport.self,
                from: Data(report.replacingOccurrences(of: "\"email\"", with: "\"shoeSize\"").utf8)))
    }
}

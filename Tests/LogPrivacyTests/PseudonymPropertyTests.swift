import ActionLog
import Foundation
import LogPrivacy
import XCTest

/// The pseudonym's promises, over generated inputs (seeded: a failure names its seed): keyed and
/// deterministic, consistent under each kind's normalisation, distinct, and the same shape.
final class PseudonymPropertyTests: XCTestCase {
    /// Kinds with their generators and the spellings their normalisation forgives.
    private let kinds: [(PersonalKind, (inout SeededGenerator) -> String, VariantRules)] = [
        (.nameOrAddress, Generated.nameOrAddress, .nameOrAddress),
        (.postcode, Generated.postcode, .postcode),
        (.email, Generated.email, .emailOrPhone),
        (.phone, Generated.phone, .emailOrPhone),
        (.freeText, Generated.nameOrAddress, .exact),
    ]

    func testTheSameKeyAndValueGiveTheSamePseudonymInEveryExport() throws {
        var random = SeededGenerator(seed: 1)
        for (kind, generate, _) in kinds {
            var first = try Fixtures.pseudonymiser()
            var second = try Fixtures.pseudonymiser()
            let values = (0..<200).map { _ in generate(&random) }
            let forward = try values.map { try first.pseudonym(for: $0, kind: kind) }
            let backward = try values.reversed().map { try second.pseudonym(for: $0, kind: kind) }
            // The order of first sight may redraw a colliding value: compare those never redrawn.
            XCTAssertEqual(first.report.collisionRedraws, 0, "\(kind)")
            XCTAssertEqual(forward, backward.reversed(), "\(kind)")
        }
    }

    func testAnotherKeyGivesAnotherPseudonym() throws {
        var random = SeededGenerator(seed: 2)
        for (kind, generate, _) in kinds {
            var one = try Fixtures.pseudonymiser(0)
            var other = try Fixtures.pseudonymiser(100)
            var compared = 0
            for _ in 0..<200 {
                let value = generate(&random)
                // Six or more replaced characters: an accidental match is (1/10)^6 or rarer.
                guard value.filter({ $0.isLetter || $0.isNumber }).count >= 6 else { continue }
                compared += 1
                XCTAssertNotEqual(
                    try one.pseudonym(for: value, kind: kind), try other.pseudonym(for: value, kind: kind),
                    "\(kind) \(value)")
            }
            XCTAssertGreaterThan(compared, 50, "\(kind)")
        }
    }

    func testValuesEqualUnderNormalisationGetPseudonymsEqualUnderIt() throws {
        var random = SeededGenerator(seed: 3)
        for (kind, generate, rules) in kinds {
            var pseudonymiser = try Fixtures.pseudonymiser()
            for round in 0..<300 {
                let value = generate(&random)
                let variant = Generated.variant(of: value, kind: rules, &random)
                guard kind.normalised(value) == kind.normalised(variant) else {
                    return XCTFail(
                        "the generator made a variant the normalisation does not forgive: \(kind) round \(round)")
                }
                let pseudonym = try pseudonymiser.pseudonym(for: value, kind: kind)
                let variantPseudonym = try pseudonymiser.pseudonym(for: variant, kind: kind)
                XCTAssertEqual(
                    kind.normalised(pseudonym), kind.normalised(variantPseudonym), "\(kind) round \(round): \(value)")
            }
        }
    }

    func testEachOccurrenceKeepsItsOwnCaseAndSpacing() throws {
        var random = SeededGenerator(seed: 4)
        for (kind, generate, rules) in kinds {
            var pseudonymiser = try Fixtures.pseudonymiser()
            for _ in 0..<300 {
                let variant = Generated.variant(of: generate(&random), kind: rules, &random)
                let pseudonym = try pseudonymiser.pseudonym(for: variant, kind: kind)
                for (original, replaced) in zip(variant, pseudonym) {
                    if original.isWhitespace || !(original.isLetter || original.isNumber) {
                        XCTAssertEqual(original, replaced, "\(kind): \(variant) -> \(pseudonym)")
                    }
                    if original.isLetter, Self.hasCasePartner(original) {
                        XCTAssertEqual(
                            original.isUppercase, replaced.isUppercase, "\(kind): \(variant) -> \(pseudonym)")
                        XCTAssertEqual(
                            original.isLowercase, replaced.isLowercase, "\(kind): \(variant) -> \(pseudonym)")
                    }
                }
            }
        }
    }

    func testDifferentValuesGetDifferentPseudonyms() throws {
        var random = SeededGenerator(seed: 5)
        for (kind, generate, _) in kinds {
            var pseudonymiser = try Fixtures.pseudonymiser()
            var byPseudonym: [String: String] = [:]
            for _ in 0..<500 {
                let value = generate(&random)
                let normalised = kind.normalised(value)
                let pseudonym = kind.normalised(try pseudonymiser.pseudonym(for: value, kind: kind))
                // A value with nothing to replace is its own pseudonym, and distinct from any other.
                if let earlier = byPseudonym[pseudonym] {
                    XCTAssertEqual(earlier, normalised, "\(kind): two values share a pseudonym")
                }
                byPseudonym[pseudonym] = normalised
            }
        }
    }

    func testTheSameShapeCharacterByCharacter() throws {
        var random = SeededGenerator(seed: 6)
        for (kind, generate, rules) in kinds {
            var pseudonymiser = try Fixtures.pseudonymiser()
            for _ in 0..<300 {
                let value = Generated.variant(of: generate(&random), kind: rules, &random)
                let pseudonym = try pseudonymiser.pseudonym(for: value, kind: kind)
                XCTAssertEqual(value.count, pseudonym.count, "\(kind): \(value) -> \(pseudonym)")
                for (original, replaced) in zip(value, pseudonym) {
                    XCTAssertEqual(
                        ShapeClass(original), ShapeClass(replaced), "\(kind): \(value) -> \(pseudonym) at \(original)")
                }
            }
        }
    }

    func testNFCAndNFDSpellingsGiveTheSamePseudonym() throws {
        var random = SeededGenerator(seed: 7)
        for (kind, generate, _) in kinds {
            var pseudonymiser = try Fixtures.pseudonymiser()
            for _ in 0..<200 {
                let value = generate(&random)
                let composed = value.precomposedStringWithCanonicalMapping
                let decomposed = value.decomposedStringWithCanonicalMapping
                let fromComposed = try pseudonymiser.pseudonym(for: composed, kind: kind)
                // A fresh pseudonymiser, so the second spelling is not answered from the cache.
                var fresh = try Fixtures.pseudonymiser()
                let fromDecomposed = try fresh.pseudonym(for: decomposed, kind: kind)
                XCTAssertEqual(fromComposed, fromDecomposed, "\(kind): \(value)")
                XCTAssertEqual(Array(fromComposed.unicodeScalars), Array(fromDecomposed.unicodeScalars), "\(kind)")
                XCTAssertEqual(kind.normalised(fromComposed), kind.normalised(fromDecomposed))
            }
        }
    }

    /// Whether a letter has a one-to-one partner in the other case (the letters whose case a
    /// pseudonym keeps; "ß" and "ẞ" do not, see Docs/Pseudonyms.md).
    private static func hasCasePartner(_ letter: Character) -> Bool {
        let text = String(letter)
        if letter.isUppercase { return text.lowercased().uppercased() == text && text.lowercased().count == 1 }
        if letter.isLowercase { return text.uppercased().lowercased() == text && text.uppercased().count == 1 }
        return true
    }
}

/// The class a pseudonym keeps at each position: for letters the base's general category (after
/// canonical decomposition) and the marks after it, for digits the numeral system, otherwise the
/// character itself.
struct ShapeClass: Equatable, CustomStringConvertible {
    let summary: String

    init(_ character: Character) {
        let scalars = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard let base = scalars.first else {
            summary = "empty"
            return
        }
        let properties = base.properties
        let marks = scalars.dropFirst().filter { $0.properties.generalCategory.isMark }.map {
            String($0.value, radix: 16)
        }
        switch properties.generalCategory {
        case .decimalNumber:
            let zero = base.value - UInt32(properties.numericValue ?? 0)
            summary = "digit from \(String(zero, radix: 16)) \(marks)"
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            // Hangul syllables decompose to jamo: compare them as syllables.
            let isHangul = (0x1100...0x11FF).contains(base.value)
            summary = isHangul ? "hangul \(scalars.count)" : "letter \(properties.generalCategory) \(marks)"
        default:
            summary = "kept " + String(character)
        }
    }

    var description: String { summary }
}

extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

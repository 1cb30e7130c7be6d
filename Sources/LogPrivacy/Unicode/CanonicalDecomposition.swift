import Foundation

/// A `Character` taken apart for mapping: the first scalar of its canonical decomposition (NFD),
/// which a pseudonym may replace, and the scalars after it (combining marks, a Thai vowel sign, a
/// joiner), which stay as they are.
///
/// Working on the decomposition is what makes the NFC and NFD spellings of one text (which Swift
/// compares as equal) give the same pseudonym: "é" (U+00E9) and "e" + U+0301 both become the
/// base "e" and the mark U+0301.
struct DecomposedCharacter {
    /// The first scalar of the canonical decomposition.
    let base: Unicode.Scalar
    /// The scalars after the base, in canonical order.
    let rest: [Unicode.Scalar]

    init(_ character: Character) {
        let scalars = Self.canonicalScalars(of: character)
        // A Character always holds at least one scalar, and so does its decomposition.
        base = scalars.first ?? " "
        rest = Array(scalars.dropFirst())
    }

    /// The scalars of `character` in canonical decomposition (NFD).
    static func canonicalScalars(of character: Character) -> [Unicode.Scalar] {
        let scalars = character.unicodeScalars
        // ASCII has no decomposition: the common case never reaches Foundation.
        if scalars.count == 1, let only = scalars.first, only.isASCII { return [only] }
        return Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Whether `scalar` is its own canonical decomposition (no precomposed accent, no singleton
    /// decomposition such as a CJK compatibility ideograph).
    static func isCanonicallyDecomposed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
        return decomposed.count == 1 && decomposed.first == scalar
    }
}

extension String {
    /// The UTF-8 bytes of the canonical decomposition (NFD): equal for strings Swift compares as
    /// equal, so a keyed derivation over them gives one pseudonym for both spellings.
    var canonicalUTF8: [UInt8] {
        if utf8.allSatisfy({ $0 < 0x80 }) { return Array(utf8) }
        return Array(decomposedStringWithCanonicalMapping.utf8)
    }
}

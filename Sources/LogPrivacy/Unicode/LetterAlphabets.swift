import Foundation

/// How a letter relates to one of its case forms, as far as a pseudonym must respect it.
enum CasePartner: Hashable, Sendable {
    /// The case mapping leaves the letter as it is ("a" upper-cased is "A", but "A" upper-cased is
    /// itself).
    case itself
    /// The case mapping gives one other scalar that maps back: "a" and "A". The partner's block
    /// and category belong to the signature, so a letter's capital stays in the capital's block.
    case partner(block: Int?, category: Unicode.GeneralCategory)
    /// Anything else: several scalars ("ß" upper-cased is "SS") or a one-way mapping (the Kelvin
    /// sign lower-cases to "k", which upper-cases to "K").
    case other
}

/// What a letter must share with the letter that replaces it: block, general category and the
/// shape of its case mappings. Letters with one signature are interchangeable: a pseudonym can
/// take any of them and still keep the original's script, case and case behaviour, so that a
/// name compared ignoring case compares the same way once pseudonymised.
struct LetterSignature: Hashable, Sendable {
    let block: Int
    let category: Unicode.GeneralCategory
    let uppercase: CasePartner
    let lowercase: CasePartner
    let titlecase: CasePartner
    /// How many `Character`s the letter, its block's virama and the letter again make (0 in a
    /// block without a virama): 1 for a consonant that forms conjuncts (Devanagari "स्त" is one
    /// `Character`), 2 for an independent vowel. A conjunct's consonants are replaced only by
    /// consonants, so the conjunct stays one `Character`.
    let conjunctCount: Int

    /// The signature of `scalar`, or nil if it is not a letter a pseudonym replaces: not a letter,
    /// outside every block, a conjoining Hangul jamo (pseudonyms map whole syllables), or a letter
    /// that joins its neighbours into one `Character` (a prepended letter).
    init?(_ scalar: Unicode.Scalar) {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
        default: return nil
        }
        guard let block = UnicodeBlock.index(of: scalar), !Self.isConjoiningJamo(scalar),
            Self.standsAlone(scalar)
        else { return nil }
        self.block = block
        category = properties.generalCategory
        uppercase = Self.partner(of: scalar, mapping: properties.uppercaseMapping) { $0.lowercaseMapping }
        lowercase = Self.partner(of: scalar, mapping: properties.lowercaseMapping) { $0.uppercaseMapping }
        titlecase = Self.partner(of: scalar, mapping: properties.titlecaseMapping) { $0.lowercaseMapping }
        conjunctCount = Self.conjunctCount(scalar, block: UnicodeBlock.all[block])
    }

    private static func conjunctCount(_ scalar: Unicode.Scalar, block: UnicodeBlock) -> Int {
        // The Indic blocks whose viramas join conjuncts (Devanagari, Bengali, Gujarati, Oriya,
        // Telugu, Malayalam) have them at offset 0x4D; elsewhere that position holds no virama.
        guard let virama = Unicode.Scalar(block.first + 0x4D), block.last >= virama.value,
            virama.properties.canonicalCombiningClass == .virama
        else { return 0 }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: [scalar, virama, scalar])
        return String(scalars).count
    }

    private static func partner(
        of scalar: Unicode.Scalar, mapping: String, inverse: (Unicode.Scalar.Properties) -> String
    ) -> CasePartner {
        let scalars = mapping.unicodeScalars
        guard scalars.count == 1, let mapped = scalars.first else { return .other }
        if mapped == scalar { return .itself }
        let back = inverse(mapped.properties).unicodeScalars
        guard back.count == 1, back.first == scalar else { return .other }
        return .partner(block: UnicodeBlock.index(of: mapped), category: mapped.properties.generalCategory)
    }

    /// Hangul Jamo, Jamo Extended-A and -B: leading consonants, vowels and trailing consonants
    /// combine with their neighbours into syllables, so one cannot replace another freely.
    private static func isConjoiningJamo(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    /// Whether the scalar forms a `Character` of its own next to an ordinary letter on either
    /// side (a prepended letter such as U+0D4E joins the next one).
    private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        var before = "a".unicodeScalars
        before.append(scalar)
        var after = String.UnicodeScalarView()
        after.append(scalar)
        after.append("a")
        return String(before).count == 2 && String(after).count == 2
    }
}

/// The letters a pseudonym may put in place of a letter: every letter of the same signature in
/// the same block that is its own canonical decomposition (so no accent appears that the original
/// did not have). Built on first use, block by block, and kept for the process.
final class LetterAlphabets: @unchecked Sendable {
    /// The process's alphabets (a CJK block takes tens of milliseconds to build, once).
    static let shared = LetterAlphabets()

    // NSLock rather than Mutex: ThreadSanitizer sees it (see the engine's notes on locks).
    private let lock = NSLock()
    private var bySignature: [LetterSignature: [Unicode.Scalar]] = [:]
    /// The answer for each scalar asked about: a signature takes several property look-ups.
    private var byScalar: [Unicode.Scalar: [Unicode.Scalar]] = [:]

    /// The letters that may replace `scalar`, `scalar` among them; empty if it is not a letter
    /// a pseudonym replaces (see ``LetterSignature/init(_:)``).
    func letters(like scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        lock.lock()
        let answered = byScalar[scalar]
        lock.unlock()
        if let answered { return answered }
        guard let signature = LetterSignature(scalar) else { return remember([], for: scalar) }
        lock.lock()
        let known = bySignature[signature]
        lock.unlock()
        if let known { return remember(known, for: scalar) }
        let built = Self.build(signature)
        lock.lock()
        if bySignature[signature] == nil { bySignature[signature] = built }
        lock.unlock()
        return remember(built, for: scalar)
    }

    private func remember(_ letters: [Unicode.Scalar], for scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        lock.lock()
        defer { lock.unlock() }
        byScalar[scalar] = letters
        return letters
    }

    private static func build(_ signature: LetterSignature) -> [Unicode.Scalar] {
        let block = UnicodeBlock.all[signature.block]
        var letters: [Unicode.Scalar] = []
        for value in block.first...block.last {
            // Cheapest tests first: most of a block fails on its category.
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == signature.category,
                LetterSignature(scalar) == signature, DecomposedCharacter.isCanonicallyDecomposed(scalar)
            else { continue }
            letters.append(scalar)
        }
        return letters
    }
}

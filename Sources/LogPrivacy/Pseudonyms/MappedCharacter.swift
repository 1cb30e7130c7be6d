/// One character of a normalised value and what its pseudonym puts in its place.
///
/// The unit is the `Character`, taken in canonical decomposition (NFD). Its letters (the base,
/// and the further consonants of an Indic conjunct) become letters of the same signature (block,
/// category, case behaviour); a decimal digit becomes a digit of its numeral system; a Hangul
/// syllable another syllable of the same structure. Combining marks and everything else (white
/// space, punctuation, symbols, emoji, a letter with no other of its kind in its block) stay.
struct MappedCharacter {
    /// What replaced the original.
    enum Replacement {
        /// Nothing: the character stays.
        case kept
        /// Letters replaced letters of the character; `baseReplaced` says whether its first
        /// scalar (the one that carries its case) is one of them.
        case letters(baseReplaced: Bool)
        /// A digit of the same numeral system replaced the digit.
        case digit
        /// A precomposed Hangul syllable replaced the syllable.
        case syllable
    }

    /// The character of the normalised value.
    let original: Character
    /// What replaced it.
    let replacement: Replacement
    /// The pseudonym's scalars: the replacement first, then what the original had after its
    /// base (marks, mapped conjunct consonants).
    let scalars: [Unicode.Scalar]
    /// The pseudonym's character (`original` if kept).
    let character: Character

    /// Whether a pseudonym changes this character.
    var isReplaced: Bool {
        if case .kept = replacement { return false }
        return true
    }

    static func kept(_ character: Character) -> MappedCharacter {
        MappedCharacter(original: character, replacement: .kept, scalars: [], character: character)
    }
}

extension Character {
    /// The character made of `scalars`, or nil if they do not form exactly one `Character` (never
    /// expected: replacements are chosen to join their neighbours as the originals did).
    init?(scalars: [Unicode.Scalar]) {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let string = String(view)
        guard string.count == 1, let only = string.first else { return nil }
        self = only
    }
}

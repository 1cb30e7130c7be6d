/// What a character of a normalised value is to a pseudonym, before any random choice: which of
/// its scalars may be replaced, and by what.
enum CharacterRole {
    /// Nothing in it is replaced.
    case kept
    /// Its canonical scalars, and for each the letters that may replace it (empty: it stays).
    case letters(scalars: [Unicode.Scalar], alphabets: [[Unicode.Scalar]])
    /// A decimal digit (the first scalar), with the scalars after it and its numeral system's zero.
    case digit(rest: [Unicode.Scalar], zero: UInt32)
    /// A Hangul syllable (leading consonant, vowel, maybe a trailing consonant), with the
    /// scalars after it.
    case syllable(hasFinalConsonant: Bool, rest: [Unicode.Scalar])

    /// Modern conjoining jamo (Unicode's Hangul syllable composition): 19 leading consonants,
    /// 21 vowels, 27 trailing consonants.
    private static let leading: ClosedRange<UInt32> = 0x1100...0x1112
    private static let vowels: ClosedRange<UInt32> = 0x1161...0x1175
    private static let trailing: ClosedRange<UInt32> = 0x11A8...0x11C2

    init(_ character: Character) {
        let scalars = DecomposedCharacter.canonicalScalars(of: character)
        guard let base = scalars.first else {
            self = .kept
            return
        }
        if scalars.count >= 2, Self.leading.contains(base.value), Self.vowels.contains(scalars[1].value) {
            let hasFinal = scalars.count >= 3 && Self.trailing.contains(scalars[2].value)
            self = .syllable(hasFinalConsonant: hasFinal, rest: Array(scalars.dropFirst(hasFinal ? 3 : 2)))
            return
        }
        let properties = base.properties
        if properties.generalCategory == .decimalNumber {
            // Decimal digits come in runs of ten, 0 to 9 (a Unicode stability guarantee).
            guard properties.numericType == .decimal, let value = properties.numericValue,
                let offset = UInt32(exactly: value), offset <= 9
            else {
                self = .kept
                return
            }
            self = .digit(rest: Array(scalars.dropFirst()), zero: base.value - offset)
            return
        }
        // Letters: the base and any letter after it (an Indic conjunct's consonants). A letter
        // alone of its kind in its block has nothing to become: it stays.
        let alphabets = scalars.map { scalar -> [Unicode.Scalar] in
            let letters = LetterAlphabets.shared.letters(like: scalar)
            return letters.count < 2 ? [] : letters
        }
        self = alphabets.contains { !$0.isEmpty } ? .letters(scalars: scalars, alphabets: alphabets) : .kept
    }

    var isReplaced: Bool {
        if case .kept = self { return false }
        return true
    }

    /// The mapped character, drawing its choices from `stream`.
    func mapped(_ original: Character, stream: inout KeyedStream) throws -> MappedCharacter {
        let replacement: MappedCharacter.Replacement
        var scalars: [Unicode.Scalar]
        switch self {
        case .kept:
            return .kept(original)
        case .letters(let originalScalars, let alphabets):
            scalars = originalScalars
            for (index, letters) in alphabets.enumerated() where !letters.isEmpty {
                scalars[index] = letters[try stream.uniform(below: letters.count)]
            }
            replacement = .letters(baseReplaced: !alphabets[0].isEmpty)
        case .digit(let rest, let zero):
            guard let digit = Unicode.Scalar(zero + UInt32(try stream.uniform(below: 10))) else {
                return .kept(original)
            }
            scalars = [digit] + rest
            replacement = .digit
        case .syllable(let hasFinal, let rest):
            let leading = UInt32(try stream.uniform(below: 19))
            let vowel = UInt32(try stream.uniform(below: 21))
            let final = hasFinal ? UInt32(1 + (try stream.uniform(below: 27))) : 0
            guard let syllable = Unicode.Scalar(0xAC00 + (leading * 21 + vowel) * 28 + final) else {
                return .kept(original)
            }
            scalars = [syllable] + rest
            replacement = .syllable
        }
        guard let character = Character(scalars: scalars) else { return .kept(original) }
        return MappedCharacter(original: original, replacement: replacement, scalars: scalars, character: character)
    }
}

import ActionLog

/// Gives one occurrence of a value its pseudonym: the value's pseudonym in normalised form (shared
/// by every occurrence), with this occurrence's own case and spacing put back.
///
/// The occurrence's characters are lined up with the normalised value's, skipping what the kind's
/// normalisation drops or merges (white space runs of a name, a postcode's spaces and hyphens, the
/// white space around an email or phone number): those stay exactly as they are. Each lined-up
/// character takes the mapped character of its position, in the occurrence's case when the
/// mapped letter has a case partner that maps back (so normalising the result gives the shared
/// pseudonym again). Every result is checked: same number of `Character`s as the occurrence, and
/// normalised equal to the shared pseudonym; a result that fails is refused, never returned.
enum OccurrenceRenderer {
    static func render(
        _ value: String, kind: PersonalKind, mapped: [MappedCharacter], canonical: String
    ) throws -> String {
        let characters = Array(value)
        // The normalised value's positions an occurrence's characters line up with (a name's
        // single spaces stand for white space runs and are not lined up).
        let targets =
            kind == .nameOrAddress ? mapped.indices.filter { !mapped[$0].original.isWhitespace } : Array(mapped.indices)
        let isSeparator = separators(of: characters, kind: kind)
        var output = String.UnicodeScalarView()
        var next = 0
        for (index, character) in characters.enumerated() {
            if isSeparator(index) {
                output.append(contentsOf: character.unicodeScalars)
                continue
            }
            guard next < targets.count else {
                throw lengthError(characters, isSeparator: isSeparator, targets: targets.count, kind: kind)
            }
            let target = mapped[targets[next]]
            next += 1
            switch target.replacement {
            case .kept:
                output.append(contentsOf: character.unicodeScalars)
            case .digit, .syllable:
                output.append(contentsOf: target.scalars)
            case .letters(let baseReplaced):
                // The base carries the case: a replaced base takes the occurrence's case, a kept
                // one stays as the occurrence has it (both normalise to the shared pseudonym).
                let base = DecomposedCharacter(character).base
                output.append(baseReplaced ? recased(target.scalars[0], like: base, kind: kind) : base)
                output.append(contentsOf: target.scalars.dropFirst())
            }
        }
        guard next == targets.count else {
            throw lengthError(characters, isSeparator: isSeparator, targets: targets.count, kind: kind)
        }
        let result = String(output)
        guard result.count == characters.count, kind.normalised(result) == canonical else {
            throw PseudonymError.inconsistentCaseMapping(kind: kind)
        }
        return result
    }

    /// Which positions of an occurrence its kind's normalisation drops or merges.
    private static func separators(of characters: [Character], kind: PersonalKind) -> (Int) -> Bool {
        switch kind {
        case .nameOrAddress:
            return { characters[$0].isWhitespace }
        case .postcode:
            return { characters[$0].isWhitespace || characters[$0] == "-" }
        case .email, .phone:
            let first = characters.firstIndex { !$0.isWhitespace } ?? characters.endIndex
            let last = characters.lastIndex { !$0.isWhitespace } ?? -1
            return { $0 < first || $0 > last }
        case .freeText, .url:
            return { _ in false }
        }
    }

    /// `letter` (in the normalised value's case) in the case of the occurrence's base, if it has a
    /// partner in that case that the kind's normalisation maps back to `letter`; else `letter`.
    private static func recased(
        _ letter: Unicode.Scalar, like occurrence: Unicode.Scalar, kind: PersonalKind
    )
        -> Unicode.Scalar
    {
        let properties = letter.properties
        let candidate: String
        switch (kind, occurrence.properties.generalCategory) {
        case (.nameOrAddress, .uppercaseLetter), (.email, .uppercaseLetter), (.phone, .uppercaseLetter):
            candidate = properties.uppercaseMapping
        case (.postcode, .lowercaseLetter):
            candidate = properties.lowercaseMapping
        case (.nameOrAddress, .titlecaseLetter), (.email, .titlecaseLetter), (.phone, .titlecaseLetter),
            (.postcode, .titlecaseLetter):
            candidate = properties.titlecaseMapping
        default:
            return letter
        }
        guard candidate.unicodeScalars.count == 1, let partner = candidate.unicodeScalars.first else { return letter }
        let back = kind == .postcode ? partner.properties.uppercaseMapping : partner.properties.lowercaseMapping
        return back == String(letter) ? partner : letter
    }

    private static func lengthError(
        _ characters: [Character], isSeparator: (Int) -> Bool, targets: Int, kind: PersonalKind
    ) -> PseudonymError {
        let compared = characters.indices.filter { !isSeparator($0) }.count
        return .lengthChangesWhenNormalised(kind: kind, characters: compared, normalisedCharacters: targets)
    }
}

import ActionLog

/// A known personal value as free-text replacement looks for it: its characters, with the
/// freedom its kind's normalisation allows between them.
///
/// - a name or address: ignoring case; each space of the normalised value matches a run of white
///   space or `+` (a form-encoded space);
/// - a postcode: ignoring case, with optional spaces, hyphens or `+` between any two characters;
/// - a phone number: its characters other than spaces, hyphens, brackets, dots and slashes, with
///   optional such separators between any two (a number is found however it is grouped);
/// - an email address: ignoring case, exactly;
/// - free text: exactly.
struct KnownValuePattern {
    enum Element {
        case character(Character, folded: String)
        /// One or more separators.
        case gap
        /// Zero or more separators.
        case optionalGap
    }

    let valueClass: ValueClass
    let elements: [Element]

    init?(_ valueClass: ValueClass) {
        self.valueClass = valueClass
        let characters = Array(valueClass.normalised)
        func character(_ character: Character) -> Element {
            .character(character, folded: String(character).lowercased())
        }
        var elements: [Element] = []
        switch valueClass.kind {
        case .nameOrAddress:
            elements = characters.map { $0.isWhitespace ? .gap : character($0) }
        case .postcode, .phone:
            let significant = characters.filter { !Self.isSeparator($0, kind: valueClass.kind) }
            for (index, each) in significant.enumerated() {
                if index > 0 { elements.append(.optionalGap) }
                elements.append(character(each))
            }
        case .email, .freeText:
            elements = characters.map(character)
        case .url:
            return nil
        }
        guard case .character = elements.first else { return nil }
        self.elements = elements
    }

    /// The first character's folded form, by which the index finds the pattern.
    var firstFolded: String {
        guard case .character(_, let folded) = elements.first else { return "" }
        return folded
    }

    /// Whether `character` may stand between a value's characters in free text.
    static func isSeparator(_ character: Character, kind: PersonalKind) -> Bool {
        switch kind {
        case .nameOrAddress: return character.isWhitespace || character == "+"
        case .postcode: return character.isWhitespace || character == "-" || character == "+"
        case .phone: return character.isWhitespace || "-().".contains(character) || character == "/"
        case .email, .freeText, .url: return false
        }
    }

    /// Where a match starting at `start` ends, and which of its units are separators standing for a
    /// space; nil if the pattern does not match there.
    func match(at start: Int, in units: [TextUnit]) -> (end: Int, separators: [Int])? {
        let kind = valueClass.kind
        let exact = kind == .freeText
        var index = start
        var separators: [Int] = []
        for element in elements {
            switch element {
            case .character(let character, let folded):
                guard index < units.count,
                    exact ? units[index].character == character : units[index].folded == folded
                else { return nil }
                index += 1
            case .gap, .optionalGap:
                if case .gap = element {
                    guard index < units.count, Self.isSeparator(units[index].character, kind: kind) else { return nil }
                }
                while index < units.count, Self.isSeparator(units[index].character, kind: kind) {
                    separators.append(index)
                    index += 1
                }
            }
        }
        return (index, separators)
    }
}

/// The known values of an export, indexed by their first character for free-text replacement.
struct KnownValueIndex: Sendable {
    /// Values with fewer replaced characters (a middle initial, a one-digit flat number) are not
    /// looked for in free text: they would match everywhere.
    static let minimumReplacedCharacters = 2

    private var patterns: [KnownValuePattern] = []
    private var byFirst: [String: [Int]] = [:]

    mutating func add(_ valueClass: ValueClass) {
        guard let pattern = KnownValuePattern(valueClass) else { return }
        byFirst[pattern.firstFolded, default: []].append(patterns.count)
        patterns.append(pattern)
    }

    /// The longest match of a known value starting at `start` whose end `accept` accepts.
    func longestMatch(at start: Int, in units: [TextUnit], accept: (Int) -> Bool) -> KnownValueMatch? {
        guard let candidates = byFirst[units[start].folded] else { return nil }
        var best: KnownValueMatch?
        for index in candidates {
            let pattern = patterns[index]
            guard let found = pattern.match(at: start, in: units), found.end > (best?.end ?? start), accept(found.end)
            else { continue }
            best = KnownValueMatch(end: found.end, separators: found.separators, valueClass: pattern.valueClass)
        }
        return best
    }
}

/// Where a known value was found in a free text.
struct KnownValueMatch {
    /// The unit after the match.
    let end: Int
    /// The units matched as separators (white space runs, a postcode's hyphens).
    let separators: [Int]
    /// The value found.
    let valueClass: ValueClass
}

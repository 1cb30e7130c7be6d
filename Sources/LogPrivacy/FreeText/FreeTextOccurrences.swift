import ActionLog

/// Where a free text holds personal data: the known values of a log, found as their kind
/// compares them and as whole words, and anything shaped like an email address or a phone
/// number (``TextShapes``), outside protected fragments. Where several match, the leftmost wins,
/// then the longest.
///
/// The one finder behind both free-text rewrites: ``Pseudonymiser/replacingKnownValues(in:)``
/// writes each occurrence's pseudonym, ``PersonalDataMasker/maskingKnownValues(in:)`` its marker.
struct FreeTextOccurrences {
    /// The text's characters.
    let characters: [Character]
    /// The text as read (percent-encoded characters decoded).
    let units: [TextUnit]
    /// The occurrences, in order, not overlapping.
    let spans: [FreeTextSpan]

    /// Finds the occurrences in `text` of the values in `knownValues`, and of email- and
    /// phone-shaped text, leaving `protectedFragments` (compared ignoring case) untouched.
    init(in text: String, knownValues: KnownValueIndex, protectedFragments: [String]) {
        characters = Array(text)
        let units = TextUnit.units(of: characters)
        self.units = units
        let protectedCounts = Self.protectedPrefixCounts(units, characters, fragments: protectedFragments)
        func isFree(_ start: Int, _ end: Int) -> Bool { protectedCounts[end] == protectedCounts[start] }
        func isWordBoundary(_ index: Int) -> Bool {
            guard index >= 0, index < units.count else { return true }
            return !units[index].character.isLetter && !units[index].character.isNumber
        }
        let shapes = TextShapes.spans(in: units)

        var spans: [FreeTextSpan] = []
        var index = 0
        while index < units.count {
            var best: FreeTextSpan?
            if isFree(index, index + 1) {
                if isWordBoundary(index - 1),
                    let known = knownValues.longestMatch(
                        at: index, in: units, accept: { isWordBoundary($0) && isFree(index, $0) })
                {
                    best = FreeTextSpan(
                        start: index, end: known.end, kind: known.valueClass.kind, separators: known.separators)
                }
                if let shape = shapes[index], shape.end > (best?.end ?? index), isFree(index, shape.end) {
                    best = FreeTextSpan(start: index, end: shape.end, kind: shape.kind, separators: [])
                }
            }
            if let best {
                spans.append(best)
                index = best.end
            } else {
                index += 1
            }
        }
        self.spans = spans
    }

    /// The text as written for a range of units.
    func source(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(
            characters[units[range.lowerBound].source.lowerBound..<units[range.upperBound - 1].source.upperBound])
    }

    /// The units of `span` that stand for a space: a `+` matched between a name's words or in a
    /// postcode (form encoding).
    func spacedUnits(of span: FreeTextSpan) -> Set<Int> {
        Set(
            span.separators.filter {
                units[$0].character == "+" && (span.kind == .nameOrAddress || span.kind == .postcode)
            })
    }

    /// The value `span` holds, as a value of its kind: decoded, form-encoded spaces as spaces.
    func occurrence(of span: FreeTextSpan) -> String {
        let spaced = spacedUnits(of: span)
        var occurrence = ""
        for offset in span.start..<span.end {
            occurrence.append(spaced.contains(offset) ? " " : units[offset].character)
        }
        return occurrence
    }

    /// The text with each occurrence replaced by what `render` makes of it, every other
    /// character as written.
    func replacing(_ render: (FreeTextSpan) throws -> String) rethrows -> String {
        var output = ""
        var cursor = 0
        for span in spans {
            output += source(cursor..<span.start)
            output += try render(span)
            cursor = span.end
        }
        output += source(cursor..<units.count)
        return output
    }

    /// For each unit position, how many units before it overlap a protected fragment (so a range
    /// is free when the counts at its ends are equal).
    private static func protectedPrefixCounts(
        _ units: [TextUnit], _ characters: [Character], fragments protectedFragments: [String]
    ) -> [Int] {
        var protected = [Bool](repeating: false, count: characters.count)
        // Compared character by character, each lower-cased, as parse rules compare URLs.
        let fragments = protectedFragments.map { $0.map { String($0).lowercased() } }.filter { !$0.isEmpty }
        if !fragments.isEmpty {
            let folded = characters.map { String($0).lowercased() }
            for fragment in fragments where fragment.count <= folded.count {
                for start in 0...(folded.count - fragment.count)
                where folded[start] == fragment[0] && folded[start..<start + fragment.count].elementsEqual(fragment) {
                    for covered in start..<start + fragment.count { protected[covered] = true }
                }
            }
        }
        var counts = [0]
        counts.reserveCapacity(units.count + 1)
        for unit in units {
            counts.append(counts[counts.count - 1] + (unit.source.contains { protected[$0] } ? 1 : 0))
        }
        return counts
    }
}

/// A stretch of a free text that holds personal data: a known value or an email- or
/// phone-shaped run, in units.
struct FreeTextSpan {
    let start: Int
    let end: Int
    let kind: PersonalKind
    /// Units matched as separators.
    let separators: [Int]
}

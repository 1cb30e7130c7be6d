import ActionLog

extension Pseudonymiser {
    /// `text` with every known personal value replaced by its pseudonym, and anything shaped like
    /// an email address or a phone number too: for texts that may hold personal data among other
    /// things (page titles, URLs, error and decline messages, raw bridge JSON's string literals).
    ///
    /// ```swift
    /// _ = try pseudonymiser.pseudonym(for: "Jane Doe", kind: .nameOrAddress)   // now known
    /// try pseudonymiser.replacingKnownValues(in: "https://shop.example/thank-you?name=JANE+DOE&mail=jo%40x.org")
    /// // "https://shop.example/thank-you?name=EIWM+GUI&mail=ht%40x.org"
    /// ```
    ///
    /// - Known values are the values pseudonymised so far (with at least two replaced
    ///   characters), found as their kind compares them (a name ignoring
    ///   case and white space, a postcode and a phone number however they are grouped) and as
    ///   whole words: a value is not replaced inside a longer word or number ("Ann" in "Annual").
    /// - Where several match, the leftmost wins, then the longest ("Jane Doe" before "Jane"; an
    ///   email address before a name inside it).
    /// - Each replacement is the value's pseudonym for that occurrence, so it keeps the
    ///   occurrence's case and spacing and equals the pseudonym the value has elsewhere.
    /// - Percent-encoded text (`%40`, `%C3%A9`) is read decoded and written back encoded: a value
    ///   in a URL's query is found, and the URL stays a URL. A `+` between the words of a name or a
    ///   postcode counts as a space (form encoding) and stays a `+`.
    /// - ``protectedFragments`` are never touched: a match that overlaps one (compared ignoring
    ///   case, in the text as written) is skipped.
    ///
    /// Pseudonyms issued after a text was processed are not in it: an export pseudonymises the
    /// typed values first and the free texts after.
    ///
    /// - Throws: what ``pseudonym(for:kind:)`` throws for an email address or phone number found
    ///   in the text.
    public mutating func replacingKnownValues(in text: String) throws -> String {
        guard !text.isEmpty else { return text }
        let characters = Array(text)
        let units = TextUnit.units(of: characters)
        let protectedCounts = protectedPrefixCounts(units, characters)
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
        guard !spans.isEmpty else { return text }

        var output = ""
        var cursor = 0
        func source(_ range: Range<Int>) -> String {
            guard !range.isEmpty else { return "" }
            return String(
                characters[units[range.lowerBound].source.lowerBound..<units[range.upperBound - 1].source.upperBound])
        }
        for span in spans {
            output += source(cursor..<span.start)
            output += try rendered(span, units: units, source: source)
            cursor = span.end
        }
        output += source(cursor..<units.count)
        report.freeTextFieldsTouched += 1
        report.freeTextReplacements += spans.count
        return output
    }

    /// The pseudonym of the value a span holds, written back as the text held it (encoded where
    /// it was encoded, separators as they were).
    private mutating func rendered(
        _ span: FreeTextSpan, units: [TextUnit], source: (Range<Int>) -> String
    ) throws
        -> String
    {
        let spanUnits = units[span.start..<span.end]
        // A `+` matched between a name's words or in a postcode stands for a space.
        let spaced = Set(
            span.separators.filter {
                units[$0].character == "+" && (span.kind == .nameOrAddress || span.kind == .postcode)
            })
        var occurrence = ""
        for (offset, unit) in zip(spanUnits.indices, spanUnits) {
            occurrence.append(spaced.contains(offset) ? " " : unit.character)
        }
        let pseudonym = Array(try pseudonym(for: occurrence, kind: span.kind))
        // The occurrence's characters can merge across units (a decoded mark after a literal
        // letter): then the pseudonym is written plainly, whole.
        guard pseudonym.count == spanUnits.count, occurrence.count == spanUnits.count else { return String(pseudonym) }
        var output = ""
        for (character, offset) in zip(pseudonym, spanUnits.indices) {
            let unit = units[offset]
            if spaced.contains(offset) || character == unit.character {
                output += source(offset..<offset + 1)
            } else {
                output += unit.isPercentEncoded ? TextUnit.percentEncoded(character) : String(character)
            }
        }
        return output
    }

    /// For each unit position, how many units before it overlap a protected fragment (so a range
    /// is free when the counts at its ends are equal).
    private func protectedPrefixCounts(_ units: [TextUnit], _ characters: [Character]) -> [Int] {
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

/// A stretch of a free text to replace: a known value or an email- or phone-shaped run.
private struct FreeTextSpan {
    let start: Int
    let end: Int
    let kind: PersonalKind
    /// Units matched as separators.
    let separators: [Int]
}

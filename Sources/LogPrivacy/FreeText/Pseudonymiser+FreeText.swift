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
        if let known = freeTexts[text] {
            // The text was replaced before, under the same known values, pseudonyms and protected
            // fragments: the same spans, the same pseudonyms. Counted as that replacement was.
            guard let kinds = known.kinds else { return text }
            for kind in kinds { report.occurrences[kind, default: 0] += 1 }
            report.freeTextFieldsTouched += 1
            report.freeTextReplacements += kinds.count
            return known.output
        }
        let found = FreeTextOccurrences(in: text, knownValues: knownValues, protectedFragments: protectedFragments)
        guard !found.spans.isEmpty else {
            freeTexts.insert(text, FreeTextCache.Entry(output: text, kinds: nil))
            return text
        }
        let before = freeTexts.generation
        let output = try found.replacing { span in try rendered(span, in: found) }
        report.freeTextFieldsTouched += 1
        report.freeTextReplacements += found.spans.count
        // A replacement that issued a pseudonym (an email address found by its shape) changed the
        // known values: the same text might be found otherwise now, so it is not kept.
        if freeTexts.generation == before {
            freeTexts.insert(text, FreeTextCache.Entry(output: output, kinds: found.spans.map(\.kind)))
        }
        return output
    }

    /// The pseudonym of the value a span holds, written back as the text held it (encoded where
    /// it was encoded, separators as they were).
    private mutating func rendered(_ span: FreeTextSpan, in found: FreeTextOccurrences) throws -> String {
        let units = found.units
        let spanUnits = units[span.start..<span.end]
        let spaced = found.spacedUnits(of: span)
        let occurrence = found.occurrence(of: span)
        let pseudonym = Array(try pseudonym(for: occurrence, kind: span.kind))
        // The occurrence's characters can merge across units (a decoded mark after a literal
        // letter): then the pseudonym is written plainly, whole.
        guard pseudonym.count == spanUnits.count, occurrence.count == spanUnits.count else { return String(pseudonym) }
        var output = ""
        for (character, offset) in zip(pseudonym, spanUnits.indices) {
            let unit = units[offset]
            if spaced.contains(offset) || character == unit.character {
                output += found.source(offset..<offset + 1)
            } else {
                output += unit.isPercentEncoded ? TextUnit.percentEncoded(character) : String(character)
            }
        }
        return output
    }
}

/// Free texts already replaced, and what each became (see
/// ``Pseudonymiser/replacingKnownValues(in:)``): emptied whenever what a replacement depends on
/// changes (``removeAll()``, which also moves ``generation`` on), and when it would hold more than
/// ``maximumBytes`` of text, so an export's memory stays bounded whatever the log holds.
struct FreeTextCache {
    /// A text's replacement: its output, and the kinds of the spans replaced in order (`nil`
    /// when nothing was: the output is the text).
    struct Entry {
        let output: String
        let kinds: [PersonalKind]?
    }

    /// The most UTF-8 bytes of texts and outputs kept at once (4 MiB).
    static var maximumBytes: Int { 4 << 20 }

    private var entries: [ExactText: Entry] = [:]
    private var bytes = 0
    /// Moves on at every ``removeAll()``.
    private(set) var generation = 0

    subscript(text: String) -> Entry? { entries[ExactText(text: text)] }

    mutating func insert(_ text: String, _ entry: Entry) {
        let size = text.utf8.count + entry.output.utf8.count
        guard size <= Self.maximumBytes else { return }
        if bytes + size > Self.maximumBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[ExactText(text: text)] = entry
        bytes += size
    }

    mutating func removeAll() {
        generation += 1
        guard !entries.isEmpty else { return }
        entries.removeAll()
        bytes = 0
    }

    /// A text as a key equal only to the same UTF-8 bytes: `String`'s own `==` takes canonically
    /// equivalent texts (NFC and NFD) as equal, and the answer for one would give the other's
    /// scalars. Hashed as `String` hashes (equal bytes are canonically equivalent, so hash alike).
    struct ExactText: Hashable {
        let text: String

        static func == (first: ExactText, second: ExactText) -> Bool {
            first.text.utf8.elementsEqual(second.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            text.hash(into: &hasher)
        }
    }
}

public import ActionLog

/// Shows a log's personal values as indexed markers, for screen sharing: `‹email#1›`,
/// `‹nameOrAddress#2›`. Needs no key, and changes nothing but what is shown.
///
/// ```swift
/// var masker = PersonalDataMasker(registrations: header.state.dataRegistrations)
/// masker.learnValues(of: header.state)
/// for action in actions { masker.learnValues(of: action) }   // markers numbered in log order
/// var shown = state
/// masker.mask(&shown)                                         // then encode and print `shown`
/// masker.marker(for: "JANE  doe", kind: .nameOrAddress)       // "‹nameOrAddress#1›", as "Jane Doe"
/// masker.maskingKnownValues(in: "Thanks, Jane Doe!")          // "Thanks, ‹nameOrAddress#1›!"
/// ```
///
/// - **Markers**: `‹KIND#N›`, where `KIND` is the `PersonalKind`'s raw value and `N` counts the
///   distinct values of that kind from 1, in the order they are first learned or met. Values
///   equal under the kind's normalisation (`PersonalKind.normalised(_:)`: case, white space,
///   postcode spaces and hyphens) share a marker, so equal values stay visibly equal and
///   different ones visibly different. A value that is empty or white space is shown as it is.
/// - **Whole values**: a personal leaf of kind name or address, postcode, email or phone becomes
///   its marker.
/// - **Free text** (kinds `freeText` and `url`: messages, page titles, URLs, the text leaves of
///   raw bridge JSON) is shown with every known value replaced wherever it occurs, found as
///   ``Pseudonymiser/replacingKnownValues(in:)`` finds them (the same finder: as the kind
///   compares, as whole words, percent-encoded too), and anything shaped like an email address
///   or a phone number too. Known values are those learned or marked so far with at least two
///   letters or digits; learn a log's values before masking its free text.
///
/// What it cannot promise: personal data in free text that is not one of the log's classified
/// values and not shaped like an email or a phone number (a name a third party wrote into a
/// message) is shown as written.
///
/// The masker holds the values it has seen (to number them): keep it no longer than the output,
/// and never log it. Its `description` and `Mirror` show counts only.
public struct PersonalDataMasker: Sendable {
    /// Registrations for free-form data, from the log's header state.
    public let registrations: DataRegistrations
    /// Fragments free-text masking leaves untouched wherever they occur (compared ignoring case).
    public var protectedFragments: [String]

    /// Each distinct value's index, by kind and normalised form.
    private var indexes: [ValueClass: Int] = [:]
    /// How many distinct values of each kind have an index.
    private var counts: [PersonalKind: Int] = [:]
    /// The known values, for free text.
    private var knownValues = KnownValueIndex()

    /// A masker for one log.
    public init(registrations: DataRegistrations = .none, protectedFragments: [String] = []) {
        self.registrations = registrations
        self.protectedFragments = protectedFragments
    }

    /// The marker of the `index`th distinct value of `kind`: `‹email#2›`.
    public static func marker(kind: PersonalKind, index: Int) -> String {
        "‹\(kind.rawValue)#\(index)›"
    }

    /// How many distinct values have a marker, by kind.
    public var markedValues: [PersonalKind: Int] { counts }

    /// Numbers `value` (a personal value of `kind`) if it is new, and makes it known for free
    /// text. Free text and URLs are not values of their own: nothing is learned from them.
    public mutating func learn(_ value: String, kind: PersonalKind) {
        _ = index(of: value, kind: kind)
    }

    /// Learns every personal value of `value` (its whole-value leaves), in the walk's order.
    public mutating func learnValues<Value: DataClassified>(of value: Value) {
        walk(value, masking: false)
    }

    /// `value`, a personal value of `kind`, as shown: its marker; for free text and URLs, the
    /// text with its known values masked; an empty or white-space value as it is.
    public mutating func marker(for value: String, kind: PersonalKind) -> String {
        switch kind {
        case .freeText, .url:
            return maskingKnownValues(in: value)
        case .nameOrAddress, .postcode, .email, .phone:
            guard let index = index(of: value, kind: kind) else { return value }
            return Self.marker(kind: kind, index: index)
        }
    }

    /// `text` with every known value, and anything shaped like an email address or a phone
    /// number, replaced by its marker.
    public mutating func maskingKnownValues(in text: String) -> String {
        guard !text.isEmpty else { return text }
        let found = FreeTextOccurrences(in: text, knownValues: knownValues, protectedFragments: protectedFragments)
        guard !found.spans.isEmpty else { return text }
        return found.replacing { span in
            let occurrence = found.occurrence(of: span)
            guard let index = index(of: occurrence, kind: span.kind) else { return found.source(span.start..<span.end) }
            return Self.marker(kind: span.kind, index: index)
        }
    }

    /// Replaces every personal leaf of `value` with what ``marker(for:kind:)`` shows for it;
    /// plain leaves are kept, secrets stay redacted.
    public mutating func mask<Value: DataClassified>(_ value: inout Value) {
        var visitor = MaskingVisitor(masker: self, masking: true)
        // The visitor owns the tables while it walks, so that they grow in place.
        self = PersonalDataMasker(registrations: registrations)
        value.visitData(&visitor)
        self = visitor.masker
    }

    private mutating func walk<Value: DataClassified>(_ value: Value, masking: Bool) {
        var copy = value
        var visitor = MaskingVisitor(masker: self, masking: masking)
        self = PersonalDataMasker(registrations: registrations)
        copy.visitData(&visitor)
        self = visitor.masker
    }

    /// The index of `value`'s class, numbering it if it is new; `nil` for a value with nothing to
    /// hide (empty once normalised) and for free text and URLs.
    private mutating func index(of value: String, kind: PersonalKind) -> Int? {
        guard kind != .freeText, kind != .url else { return nil }
        let normalised = kind.normalised(value)
        guard normalised.contains(where: { !$0.isWhitespace }) else { return nil }
        let valueClass = ValueClass(kind: kind, normalised: normalised)
        if let known = indexes[valueClass] { return known }
        let index = counts[kind, default: 0] + 1
        counts[kind] = index
        indexes[valueClass] = index
        if normalised.count(where: { $0.isLetter || $0.isNumber }) >= KnownValueIndex.minimumReplacedCharacters {
            knownValues.add(valueClass)
        }
        return index
    }
}

/// Walks a value for a ``PersonalDataMasker``: learns each personal leaf, and with `masking`
/// replaces it with what the masker shows.
private struct MaskingVisitor: DataVisitor {
    var masker: PersonalDataMasker
    let masking: Bool

    var registrations: DataRegistrations { masker.registrations }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        guard case .personal(let kind) = dataClass else { return }
        if masking {
            value = masker.marker(for: value, kind: kind)
        } else {
            masker.learn(value, kind: kind)
        }
    }
}

extension PersonalDataMasker: CustomStringConvertible, CustomReflectable {
    /// Counts only: `PersonalDataMasker(values: 9)`. Never a value.
    public var description: String {
        "PersonalDataMasker(values: \(counts.values.reduce(0, +)))"
    }

    /// A mirror with the counts only, so `dump` and reflection never reach the values.
    public var customMirror: Mirror {
        Mirror(self, children: ["markedValues": markedValues], displayStyle: .struct)
    }
}

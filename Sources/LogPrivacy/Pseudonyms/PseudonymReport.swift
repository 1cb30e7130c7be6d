public import ActionLog

/// What a ``Pseudonymiser`` did, in counts only: it never holds a value, so it can be printed,
/// written as JSON and attached to a ticket.
///
/// ```swift
/// print(pseudonymiser.report.values[.email] ?? 0)   // distinct email addresses pseudonymised
/// let json = try JSONEncoder().encode(pseudonymiser.report)
/// // {"collisionRedraws":0,"freeTextFieldsTouched":2,"freeTextReplacements":3,
/// //  "occurrences":{"email":4,"nameOrAddress":12},"redraws":0,"values":{"email":1,"nameOrAddress":5}}
/// ```
public struct PseudonymReport: Sendable, Hashable, Codable {
    /// Distinct values pseudonymised, by kind (values equal under the kind's normalisation count
    /// once). URLs are not counted here: their pseudonyms come from the values inside them.
    public var values: [PersonalKind: Int]
    /// Occurrences pseudonymised, by kind (every call, cached or not).
    public var occurrences: [PersonalKind: Int]
    /// Pseudonyms redrawn on request (``Pseudonymiser/redraw(_:kind:)``), because one changed a
    /// decision.
    public var redraws: Int
    /// Candidates passed over because they equalled another value's pseudonym or an original
    /// value; the next candidate was taken.
    public var collisionRedraws: Int
    /// Free texts (and URLs) in which at least one value was replaced.
    public var freeTextFieldsTouched: Int
    /// Values replaced inside free texts and URLs.
    public var freeTextReplacements: Int

    /// An empty report.
    public init() {
        values = [:]
        occurrences = [:]
        redraws = 0
        collisionRedraws = 0
        freeTextFieldsTouched = 0
        freeTextReplacements = 0
    }

    /// Distinct values pseudonymised, all kinds together.
    public var totalValues: Int { values.values.reduce(0, +) }

    private enum CodingKeys: String, CodingKey {
        case values, occurrences, redraws, collisionRedraws, freeTextFieldsTouched, freeTextReplacements
    }

    /// Decodes a report written by ``encode(to:)``; an unknown kind is refused by name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        values = try Self.counts(container.decode([String: Int].self, forKey: .values), key: .values, in: container)
        occurrences = try Self.counts(
            container.decode([String: Int].self, forKey: .occurrences), key: .occurrences, in: container)
        redraws = try container.decode(Int.self, forKey: .redraws)
        collisionRedraws = try container.decode(Int.self, forKey: .collisionRedraws)
        freeTextFieldsTouched = try container.decode(Int.self, forKey: .freeTextFieldsTouched)
        freeTextReplacements = try container.decode(Int.self, forKey: .freeTextReplacements)
    }

    /// Encodes the counts by kind as JSON objects keyed by the kind's raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(
            Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }), forKey: .values)
        try container.encode(
            Dictionary(uniqueKeysWithValues: occurrences.map { ($0.key.rawValue, $0.value) }), forKey: .occurrences)
        try container.encode(redraws, forKey: .redraws)
        try container.encode(collisionRedraws, forKey: .collisionRedraws)
        try container.encode(freeTextFieldsTouched, forKey: .freeTextFieldsTouched)
        try container.encode(freeTextReplacements, forKey: .freeTextReplacements)
    }

    private static func counts(
        _ raw: [String: Int], key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [PersonalKind: Int] {
        var counts: [PersonalKind: Int] = [:]
        for (name, count) in raw {
            guard let kind = PersonalKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "unknown personal kind \"\(name)\"")
            }
            counts[kind] = count
        }
        return counts
    }
}

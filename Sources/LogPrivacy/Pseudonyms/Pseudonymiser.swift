public import ActionLog

/// Turns the personal values of one export into pseudonyms that the checkout's rules treat the
/// same way: one pseudonymiser per export, fed every personal value in the log's order.
///
/// ```swift
/// var pseudonymiser = Pseudonymiser(key: try PseudonymKey.random(), protectedFragments: ["/thank-you"])
/// try pseudonymiser.pseudonym(for: "Jane  Doe", kind: .nameOrAddress)        // "Eiwm  Gui"
/// try pseudonymiser.pseudonym(for: "jane doe", kind: .nameOrAddress)         // "eiwm gui"
/// try pseudonymiser.pseudonym(for: "Jane.Doe@example.com", kind: .email)     // "Ckkz.Sgp@yapcgts.com"
/// try pseudonymiser.pseudonym(for: "+44 20 7946 0958", kind: .phone)         // "+44 76 7455 5217"
/// try pseudonymiser.pseudonym(for: "sw1a 2aa", kind: .postcode)              // "ov7z 6mn"
/// try pseudonymiser.replacingKnownValues(in: "Thanks, Jane Doe!")            // "Thanks, Eiwm Gui!"
/// ```
///
/// (The pseudonyms shown are one key's; every key gives others.)
///
/// Every pseudonym is:
///
/// - **keyed and deterministic**: the same key and the same value (under the kind's normalisation)
///   give the same pseudonym; another key gives another. It comes from HMAC-SHA512 under the key
///   (through CheckoutCrypto), never a plain hash.
/// - **consistent**: values equal under `PersonalKind.normalised` get pseudonyms equal under it;
///   each occurrence keeps its own case and spacing ("Jane  Doe" and "jane doe" above).
///   Different values get different pseudonyms: a table of the pseudonyms issued redraws a
///   candidate that equals another value's pseudonym or an original value (its own included).
/// - **the same shape**: the same number of `Character`s, and per position the same class: a
///   letter becomes a letter of the same block, category and case, a digit a digit of the same
///   numeral system; white space, punctuation, symbols, emoji and combining marks stay. Email
///   addresses keep their `@`, dots and top-level domain; phone numbers their `+` and country
///   calling code.
///
/// The pseudonymiser holds the export's original values (it must, to keep them consistent and
/// to find them in free text): keep it no longer than the export, and never log it. Its
/// `description` and `Mirror` show the ``report`` only.
public struct Pseudonymiser: Sendable {
    /// The version of the scheme (derivation, mapping, what is kept) an export's header names.
    public static let schemeVersion = 1
    /// How many candidates a value may have: the first and up to seven redraws.
    public static let maximumAttempts = 8

    /// Fragments that free-text replacement leaves untouched wherever they occur (compared
    /// ignoring case, as parse rules compare URLs): parse rules' configured fragments, the
    /// order-number query parameter, order numbers.
    public var protectedFragments: [String] {
        didSet { freeTexts.removeAll() }
    }

    /// What has been done so far, in counts.
    public internal(set) var report = PseudonymReport()

    private let key: PseudonymKey
    /// The pseudonym issued for each distinct value.
    private var issued: [ValueClass: IssuedPseudonym] = [:]
    /// Which value owns each issued pseudonym, by its collision key.
    private var owners: [String: ValueClass] = [:]
    /// The collision keys of every original value seen or registered: no pseudonym may equal one.
    private var originals: Set<String> = []
    /// The result of every occurrence already seen, so a repeated leaf costs one lookup.
    private var occurrences: [Occurrence: String] = [:]
    /// The last results of ``occurrences`` by the occurrence's identity: a repeated leaf (the same
    /// string, decoded again) costs a comparison of two words instead of hashing its text.
    private var recentOccurrences = RecentStrings<String>()
    /// The known values, indexed for free-text replacement.
    var knownValues = KnownValueIndex()
    /// The result of every free text already replaced (``replacingKnownValues(in:)``) since the
    /// known values, the pseudonyms or the protected fragments last changed: a repeated page
    /// title or URL costs one lookup. Bounded by ``FreeTextCache/maximumBytes``.
    var freeTexts = FreeTextCache()

    /// A pseudonymiser for one export under `key`.
    public init(key: PseudonymKey, protectedFragments: [String] = []) {
        self.key = key
        self.protectedFragments = protectedFragments
    }

    /// The pseudonym of `value`, a personal value of `kind`, for this occurrence.
    ///
    /// A URL (`.url`) is not replaced whole: its known values and anything shaped like an email
    /// address or a phone number are, as ``replacingKnownValues(in:)`` does, so the parts a
    /// decision reads (scheme, host, path, protected fragments) stay.
    ///
    /// - Throws: ``PseudonymError/lengthChangesWhenNormalised(kind:characters:normalisedCharacters:)``
    ///   for a value whose normalisation changes its length (a postcode holding "ß"),
    ///   ``PseudonymError/attemptsExhausted(kind:attempts:)`` if no candidate is distinct.
    public mutating func pseudonym(for value: String, kind: PersonalKind) throws -> String {
        report.occurrences[kind, default: 0] += 1
        if kind == .url { return try replacingKnownValues(in: value) }
        if let known = recentOccurrences.value(for: value, kind: kind) { return known }
        let occurrence = Occurrence(kind: kind, value: value)
        if let known = occurrences[occurrence] {
            recentOccurrences.remember(known, for: value, kind: kind)
            return known
        }
        let valueClass = ValueClass(kind: kind, normalised: kind.normalised(value))
        let pseudonym = try issuedPseudonym(for: valueClass)
        let result = try OccurrenceRenderer.render(
            value, kind: kind, mapped: pseudonym.mapped, canonical: pseudonym.canonical)
        occurrences[occurrence] = result
        recentOccurrences.remember(result, for: value, kind: kind)
        return result
    }

    /// Forgets the answers remembered by identity, so that the next lookups take the dictionary
    /// (the general path, for tests that compare the two).
    mutating func forgetRecentOccurrences() {
        recentOccurrences.removeAll()
    }

    /// Replaces the pseudonym of `value` (and of every value equal to it under the kind's
    /// normalisation) with the next candidate, because the current one changed a decision, and
    /// returns the new pseudonym of this occurrence.
    ///
    /// Candidates come from the key in a fixed order, so the same calls make the same choices;
    /// one that equals the current pseudonym, another value's or an original value is passed
    /// over. Pseudonyms returned before are stale: pseudonymise the affected occurrences again.
    /// A redrawn value may differ between two exports under one kept key.
    ///
    /// - Throws: ``PseudonymError/attemptsExhausted(kind:attempts:)`` after
    ///   ``maximumAttempts`` candidates, or at once for a value with nothing to replace;
    ///   ``PseudonymError/notRedrawable(kind:)`` for a URL.
    public mutating func redraw(_ value: String, kind: PersonalKind) throws -> String {
        guard kind != .url else { throw PseudonymError.notRedrawable(kind: kind) }
        let valueClass = ValueClass(kind: kind, normalised: kind.normalised(value))
        let current = try issuedPseudonym(for: valueClass)
        guard let currentKey = current.collisionKey else {
            throw PseudonymError.attemptsExhausted(kind: kind, attempts: 1)
        }
        let next = try draw(valueClass, from: current.attempt + 1, replacing: currentKey)
        owners[currentKey] = nil
        if let nextKey = next.collisionKey { owners[nextKey] = valueClass }
        issued[valueClass] = next
        occurrences.removeAll(keepingCapacity: true)
        recentOccurrences.removeAll()
        freeTexts.removeAll()
        report.redraws += 1
        report.occurrences[kind, default: 0] += 1
        let result = try OccurrenceRenderer.render(value, kind: kind, mapped: next.mapped, canonical: next.canonical)
        occurrences[Occurrence(kind: kind, value: value)] = result
        return result
    }

    /// Makes `value` known as an original before it is pseudonymised, so that no earlier value's
    /// pseudonym can equal it. An export that registers every personal value first guarantees
    /// that no pseudonym in it equals an original value of the log (values seen through
    /// ``pseudonym(for:kind:)`` are registered as they come).
    public mutating func register(_ value: String, kind: PersonalKind) {
        guard kind != .url else { return }
        originals.insert(Self.collisionKey(kind.normalised(value)))
    }

    /// The pseudonym issued for `valueClass`, issuing it on first sight.
    private mutating func issuedPseudonym(for valueClass: ValueClass) throws -> IssuedPseudonym {
        if let known = issued[valueClass] { return known }
        originals.insert(Self.collisionKey(valueClass.normalised))
        let pseudonym = try draw(valueClass, from: 0, replacing: nil)
        if let key = pseudonym.collisionKey { owners[key] = valueClass }
        issued[valueClass] = pseudonym
        report.values[valueClass.kind, default: 0] += 1
        if pseudonym.mapped.count(where: \.isReplaced) >= KnownValueIndex.minimumReplacedCharacters {
            knownValues.add(valueClass)
            freeTexts.removeAll()
        }
        return pseudonym
    }

    /// The first acceptable candidate from `first` on: distinct from every other value's
    /// pseudonym, from every original value, and from `current` (a redraw's pseudonym so far).
    private mutating func draw(
        _ valueClass: ValueClass, from first: Int, replacing current: String?
    ) throws
        -> IssuedPseudonym
    {
        var attempt = first
        while attempt < Self.maximumAttempts {
            let mapped = try PseudonymScheme.map(
                valueClass.normalised, kind: valueClass.kind, attempt: attempt, key: key)
            let canonical = valueClass.kind.normalised(String(mapped.map(\.character)))
            guard mapped.contains(where: \.isReplaced) else {
                // Nothing to replace: the value is its own (only) pseudonym.
                guard current == nil else { break }
                return IssuedPseudonym(attempt: attempt, mapped: mapped, canonical: canonical, collisionKey: nil)
            }
            let collisionKey = Self.collisionKey(canonical)
            if collisionKey != current {
                if owners[collisionKey] == nil, !originals.contains(collisionKey) {
                    return IssuedPseudonym(
                        attempt: attempt, mapped: mapped, canonical: canonical, collisionKey: collisionKey)
                }
                report.collisionRedraws += 1
            }
            attempt += 1
        }
        throw PseudonymError.attemptsExhausted(kind: valueClass.kind, attempts: Self.maximumAttempts - first)
    }

    /// The form in which two pseudonyms (or a pseudonym and an original) count as the same, for
    /// every kind at once: ignoring case (after a round trip through upper case, so "ß" and "SS"
    /// meet), white space and hyphens.
    static func collisionKey(_ value: String) -> String {
        String(value.uppercased().lowercased().filter { !$0.isWhitespace && $0 != "-" })
    }
}

/// A distinct value: its kind and its normalised form.
struct ValueClass: Hashable, Sendable {
    let kind: PersonalKind
    let normalised: String
}

/// One occurrence exactly as it appeared (Swift compares strings by canonical equivalence, so
/// the NFC and NFD spellings of one text share an entry).
private struct Occurrence: Hashable, Sendable {
    let kind: PersonalKind
    let value: String
}

/// The pseudonym issued for a distinct value.
struct IssuedPseudonym: Sendable {
    /// Which candidate it is (0 first).
    let attempt: Int
    /// The normalised value's characters and their replacements.
    let mapped: [MappedCharacter]
    /// The pseudonym in the kind's normalised form: every occurrence normalises to it.
    let canonical: String
    /// Its collision key, nil when nothing in the value is replaced.
    let collisionKey: String?
}

extension Pseudonymiser: CustomStringConvertible, CustomReflectable {
    /// Counts only: `Pseudonymiser(scheme 1, 12 values, 0 redraws)`. Never a value or the key.
    public var description: String {
        "Pseudonymiser(scheme \(Self.schemeVersion), \(report.totalValues) values, \(report.redraws) redraws)"
    }

    /// A mirror with the report only, so `dump` and reflection never reach the values or the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["report": report], displayStyle: .struct)
    }
}

import ActionLog
import StateStore

/// Counts of the leaves an export wrote, by class: what the report calls "counts by class".
public struct LeafCounts: Sendable, Hashable, Codable {
    /// Plain string leaves, kept as they were.
    public var plain = 0
    /// Secret leaves (already `[REDACTED]` in the original): kept as the marker.
    public var secret = 0
    /// Personal leaves, each pseudonymised (or, for free text and URLs, scrubbed of personal values).
    public var personal = 0

    /// No leaves.
    public init() {}
}

/// Replaces every personal leaf of a value through one ``Pseudonymiser``: names, addresses,
/// postcodes, email addresses and phone numbers by their pseudonyms, free text and URLs by
/// ``Pseudonymiser/replacingKnownValues(in:)``, and remembers the first failure with the path
/// of the field it met it in (a visitor cannot throw). It walks personal leaves only: plain
/// sub-trees are neither walked nor copied (the leaves are counted by class in the export's first
/// pass, by ``DistinctValueCollector``: a pseudonym replaces a leaf by one leaf of the same class,
/// so the export holds the original's counts).
struct PseudonymisingVisitor: DataVisitor {
    let registrations: DataRegistrations
    var pseudonymiser: Pseudonymiser
    /// Personal leaves to leave as they are, by their index among the value's personal leaves
    /// (a trial that finds which pseudonym changed a decision).
    var keepOriginal: Set<Int> = []
    /// The first failure: the field's path and the error.
    var failure: (field: String, error: any Error)?

    private var path: [String] = []
    private var personalIndex = 0

    init(registrations: DataRegistrations, pseudonymiser: Pseudonymiser) {
        self.registrations = registrations
        self.pseudonymiser = pseudonymiser
    }

    /// Starts a new value: leaf indices count from 0 again.
    mutating func reset() {
        path.removeAll(keepingCapacity: true)
        personalIndex = 0
        failure = nil
    }

    /// Plain leaves are left as they are, and plain sub-trees are not walked.
    var visitsPersonalLeavesOnly: Bool { true }

    mutating func enter(_ field: String) { path.append(field) }
    mutating func leave() { path.removeLast() }

    /// What `DataVisitor`'s default does, written here: the default, in another module, ran
    /// unspecialised, reaching `visitsPersonalLeavesOnly`, `enter` and `leave` through the
    /// protocol's witnesses for every nested value (with this one and ``DistinctValueCollector``'s,
    /// the export 106,729 instructions an action before, 106,501 after).
    mutating func visit<Value: DataClassified>(_ value: inout Value, field: String) {
        guard Value.holdsPersonalData else { return }
        path.append(field)
        value.visitData(&self)
        path.removeLast()
    }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        switch dataClass {
        case .plain, .secret:
            return
        case .personal(let kind):
            let index = personalIndex
            personalIndex += 1
            guard failure == nil, !keepOriginal.contains(index) else { return }
            do {
                if kind == .freeText {
                    value = try pseudonymiser.replacingKnownValues(in: value)
                } else {
                    value = try pseudonymiser.pseudonym(for: value, kind: kind)
                }
            } catch {
                failure = (fieldPath(field), error)
            }
        }
    }

    /// `field` under the fields entered: `payment.submission.cardholderName`.
    func fieldPath(_ field: String) -> String {
        FieldPath.join(path, field)
    }
}

/// A personal leaf of a value, found by ``PersonalLeafCollector``.
struct PersonalLeaf: Sendable {
    /// Its index among the value's personal leaves, in visiting order.
    let index: Int
    let kind: PersonalKind
    let value: String
    /// The field's path.
    let field: String
}

/// Lists the personal leaves of a value, in visiting order.
struct PersonalLeafCollector: DataVisitor {
    let registrations: DataRegistrations
    var leaves: [PersonalLeaf] = []
    private var path: [String] = []

    init(registrations: DataRegistrations) {
        self.registrations = registrations
    }

    mutating func enter(_ field: String) { path.append(field) }
    mutating func leave() { path.removeLast() }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        guard case .personal(let kind) = dataClass else { return }
        leaves.append(
            PersonalLeaf(index: leaves.count, kind: kind, value: value, field: FieldPath.join(path, field)))
    }
}

/// Collects the distinct personal values of a whole log (names, addresses, postcodes, email
/// addresses, phone numbers: the values a pseudonym is issued for), in order of first
/// appearance, so that an export can make every one known before it issues the first pseudonym;
/// and counts the log's leaves by class, for the report.
///
/// The counts are the export's: a pseudonym, or free text scrubbed of personal values, replaces
/// a personal leaf by one personal leaf, and plain and secret leaves are kept, so the export holds
/// as many leaves of each class as the original (a test compares them with a walk of every
/// example log's export). They are counted here, in the first pass, where the walk runs beside
/// the reading thread's decoding, rather than on the second pass's busy threads.
struct DistinctValueCollector: DataVisitor {
    let registrations: DataRegistrations
    private(set) var values: [(kind: PersonalKind, value: String)] = []
    /// The leaves visited, by class.
    private(set) var counts = LeafCounts()
    private var seen: Set<SeenValue> = []
    /// Values just seen, by identity: a value repeated on every step (the same string, decoded
    /// again) is known without hashing its text.
    private var recentlySeen = RecentStrings<Void>()

    init(registrations: DataRegistrations) {
        self.registrations = registrations
    }

    mutating func visitSecret(field: String) { counts.secret += 1 }

    /// What `DataVisitor`'s default does (every value walked: the leaves are counted), written
    /// here: the default, in another module, ran unspecialised, reaching `enter` and `leave`
    /// through the protocol's witnesses for every nested value.
    mutating func visit<Value: DataClassified>(_ value: inout Value, field: String) {
        value.visitData(&self)
    }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        switch dataClass {
        case .plain:
            counts.plain += 1
        case .secret:
            counts.secret += 1
        case .personal(let kind):
            counts.personal += 1
            guard kind != .freeText, kind != .url, recentlySeen.value(for: value, kind: kind) == nil else { return }
            if seen.insert(SeenValue(kind: kind, value: value)).inserted { values.append((kind, value)) }
            recentlySeen.remember((), for: value, kind: kind)
        }
    }

    private struct SeenValue: Hashable {
        let kind: PersonalKind
        let value: String
    }
}

enum FieldPath {
    /// The path's fields and `field`, `.`-separated, an element's `[]` glued to its collection.
    static func join(_ path: [String], _ field: String) -> String {
        var text = ""
        for part in path + [field] {
            if part.hasPrefix("[") || text.isEmpty {
                text += part
            } else {
                text += "." + part
            }
        }
        return text
    }
}

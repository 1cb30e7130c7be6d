public import StateStore

/// What walks a ``DataClassified`` value: it is handed every string leaf with its
/// ``DataClass``, and may rewrite it in place (a pseudonymiser replaces personal leaves, a masker
/// marks them, an inventory lists them).
///
/// Only ``registrations`` and ``visit(_:field:as:)-(String,_,_)`` must be written; the rest have defaults:
/// `enter(_:)` and `leave()` do nothing (implement them to know each leaf's path), a number
/// is visited as a string, a secret is skipped, a nested value is entered under its field, and
/// free-form JSON is walked leaf by leaf with its ``JSONDataPolicy``.
///
/// ```swift
/// /// Counts the personal strings of a value, by kind.
/// struct PersonalCounter: DataVisitor {
///     var registrations = DataRegistrations.none
///     var counts: [PersonalKind: Int] = [:]
///     mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
///         if case .personal(let kind) = dataClass { counts[kind, default: 0] += 1 }
///     }
/// }
/// var counter = PersonalCounter(registrations: log.header.state.dataRegistrations)
/// var state = log.header.state
/// state.visitData(&counter)
/// ```
///
/// Paths: `enter(_:)` and `leave()` bracket every nested value, enum case with several
/// payloads, collection and JSON container, so the path of a leaf is the fields entered followed
/// by its `field`. An array's or set's elements are named `[]`, a dictionary's keys `[key]` and
/// its values `[value]`. Collections are visited in a stable order (sets and dictionaries by
/// key), the same on every run.
public protocol DataVisitor {
    /// Registrations for free-form data, looked up by conformances that meet it (see
    /// ``DataRegistrations``). Take them from the log's header state.
    var registrations: DataRegistrations { get }

    /// Whether the visitor reads or rewrites personal leaves only (a mask does): walks may then
    /// skip plain leaves, plain dictionary keys and nested values whose type holds no personal
    /// leaf (``DataClassified/holdsPersonalData``), sparing the copies a walk in place makes. False
    /// by default: every leaf is visited.
    var visitsPersonalLeavesOnly: Bool { get }

    /// A nested value, a collection, or a case with several payloads begins, under `field`.
    mutating func enter(_ field: String)
    /// What the last `enter(_:)` began ends.
    mutating func leave()

    /// A string leaf named `field`, of class `dataClass`. The visitor may rewrite it.
    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass)
    /// A number leaf of free-form JSON, as its exact text (`12.50`, `-1e3`). The visitor may
    /// rewrite it; a rewrite that is not a JSON number is written as a JSON string instead (so
    /// the JSON stays valid and the original never survives).
    mutating func visit(number text: inout String, field: String, as dataClass: DataClass)
    /// A secret leaf (a `Sensitive` value, or a redaction marker in free-form JSON): the log
    /// holds only the marker, and the visitor never sees the secret.
    mutating func visitSecret(field: String)

    /// A nested classified value under `field`: by default `enter(_:)`, its
    /// ``DataClassified/visitData(_:)``, `leave()`.
    mutating func visit<Value: DataClassified>(_ value: inout Value, field: String)
    /// Free-form JSON under `field`, classified by `policy`: by default walked leaf by leaf
    /// (``visitJSONLeaves(_:field:as:)``).
    mutating func visit(_ value: inout JSONValue, field: String, as policy: JSONDataPolicy)
    /// JSON kept as its raw text (a bridge message as the page posted it), classified by
    /// `policy`: by default edited at its string and number literals in place, every other byte
    /// kept (``visitJSONTextLeaves(_:field:as:)``).
    mutating func visit(jsonText text: inout String, field: String, as policy: JSONDataPolicy)
}

extension DataVisitor {
    /// Every leaf is visited.
    @inlinable public var visitsPersonalLeavesOnly: Bool { false }

    /// Does nothing.
    @inlinable public mutating func enter(_ field: String) {}

    /// Does nothing.
    @inlinable public mutating func leave() {}

    /// Visits the number's text as a string leaf.
    @inlinable public mutating func visit(number text: inout String, field: String, as dataClass: DataClass) {
        visit(&text, field: field, as: dataClass)
    }

    /// Does nothing: a secret is never rewritten, and its value is never known.
    @inlinable public mutating func visitSecret(field: String) {}

    /// Enters `field`, visits `value`'s leaves, leaves.
    @inlinable public mutating func visit<Value: DataClassified>(_ value: inout Value, field: String) {
        if visitsPersonalLeavesOnly && !Value.holdsPersonalData { return }
        enter(field)
        value.visitData(&self)
        leave()
    }

    /// Walks the JSON leaf by leaf (``visitJSONLeaves(_:field:as:)``).
    @inlinable public mutating func visit(_ value: inout JSONValue, field: String, as policy: JSONDataPolicy) {
        visitJSONLeaves(&value, field: field, as: policy)
    }

    /// Edits the JSON text at its literals (``visitJSONTextLeaves(_:field:as:)``).
    @inlinable public mutating func visit(jsonText text: inout String, field: String, as policy: JSONDataPolicy) {
        visitJSONTextLeaves(&text, field: field, as: policy)
    }
}

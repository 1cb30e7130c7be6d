public import StateStore

// The shapes fields come in (optionals, collections, raw-value enums, secrets, URLs), so that a
// conformance is one line per field. Each is generic over the visitor and mutates in place.
//
// Each is always inlined: a conformance in another module (the checkout's) runs generic over the
// visitor, and a shape called out of line there ran generic over its value too, looking up
// `Optional<Address>`'s or `Array<CartLine>`'s metadata and copying through value witnesses at
// every field. Inlined into the conformance, the value's type is concrete.

extension DataVisitor {
    /// An optional string leaf, visited when present.
    @inlinable @inline(__always) public mutating func visit(
        _ value: inout String?, field: String, as dataClass: DataClass
    ) {
        guard var text = value else { return }
        visit(&text, field: field, as: dataClass)
        value = text
    }

    /// The one string payload of an enum case that has other (non-string) payloads or a label:
    /// `enter(_:)` the case, the payload as `field` (its label, or `0`), `leave()`.
    @inlinable @inline(__always) public mutating func visit(
        _ value: inout String, inCase caseName: String, field: String, as dataClass: DataClass
    ) {
        enter(caseName)
        visit(&value, field: field, as: dataClass)
        leave()
    }

    /// The one classified payload of an enum case that has other (non-string) payloads or a
    /// label: `enter(_:)` the case, the payload as `field` (its label, or `0`), `leave()`.
    @inlinable @inline(__always) public mutating func visit<Value: DataClassified>(
        _ value: inout Value, inCase caseName: String, field: String
    ) {
        enter(caseName)
        visit(&value, field: field)
        leave()
    }

    /// Every string of an array, each named `[]`, under `field`.
    @inlinable @inline(__always) public mutating func visit(
        _ values: inout [String], field: String, as dataClass: DataClass
    ) {
        if visitsPersonalLeavesOnly && dataClass == .plain { return }
        enter(field)
        for index in values.indices {
            visit(&values[index], field: "[]", as: dataClass)
        }
        leave()
    }

    /// Every string of a set, in order, each named `[]`, under `field`.
    @inlinable @inline(__always) public mutating func visit(
        _ values: inout Set<String>, field: String, as dataClass: DataClass
    ) {
        if visitsPersonalLeavesOnly && dataClass == .plain { return }
        enter(field)
        var rewritten: [String] = []
        var changed = false
        for element in values.sorted() {
            var text = element
            visit(&text, field: "[]", as: dataClass)
            if text != element { changed = true }
            rewritten.append(text)
        }
        if changed { values = Set(rewritten) }
        leave()
    }

    /// An optional set of strings, visited when present.
    @inlinable @inline(__always) public mutating func visit(
        _ values: inout Set<String>?, field: String, as dataClass: DataClass
    ) {
        guard var set = values else { return }
        visit(&set, field: field, as: dataClass)
        values = set
    }

    /// A nested classified value, visited when present.
    @inlinable @inline(__always) public mutating func visit<Value: DataClassified>(_ value: inout Value?, field: String)
    {
        if visitsPersonalLeavesOnly && !Value.holdsPersonalData { return }
        guard var present = value else { return }
        visit(&present, field: field)
        value = present
    }

    /// Every classified element of an array, each entered as `[]`, under `field`.
    @inlinable @inline(__always) public mutating func visit<Element: DataClassified>(
        _ values: inout [Element], field: String
    ) {
        if visitsPersonalLeavesOnly && !Element.holdsPersonalData { return }
        enter(field)
        for index in values.indices {
            visit(&values[index], field: "[]")
        }
        leave()
    }

    /// A raw-value enum written to the log as its raw value (a closed set of names, so always
    /// ``DataClass/plain`` in practice): visited as a string leaf; a rewrite that names no case
    /// is ignored.
    @inlinable @inline(__always) public mutating func visit<Value: RawRepresentable>(
        _ value: inout Value, field: String, as dataClass: DataClass
    ) where Value.RawValue == String {
        if visitsPersonalLeavesOnly && dataClass == .plain { return }
        var raw = value.rawValue
        visit(&raw, field: field, as: dataClass)
        if raw != value.rawValue, let rewritten = Value(rawValue: raw) { value = rewritten }
    }

    /// An optional raw-value enum, visited when present.
    @inlinable @inline(__always) public mutating func visit<Value: RawRepresentable>(
        _ value: inout Value?, field: String, as dataClass: DataClass
    ) where Value.RawValue == String {
        guard var present = value else { return }
        visit(&present, field: field, as: dataClass)
        value = present
    }

    /// Every raw-value enum of an array, each named `[]`, under `field`.
    @inlinable @inline(__always) public mutating func visit<Value: RawRepresentable>(
        _ values: inout [Value], field: String, as dataClass: DataClass
    ) where Value.RawValue == String {
        if visitsPersonalLeavesOnly && dataClass == .plain { return }
        enter(field)
        for index in values.indices {
            visit(&values[index], field: "[]", as: dataClass)
        }
        leave()
    }

    /// A secret: reported with `visitSecret(field:)`; its value is never handed over.
    @inlinable @inline(__always) public mutating func visit<Secret>(_ secret: inout Sensitive<Secret>, field: String) {
        visitSecret(field: field)
    }

    /// An optional secret, reported when present.
    @inlinable @inline(__always) public mutating func visit<Secret>(_ secret: inout Sensitive<Secret>?, field: String) {
        guard secret != nil else { return }
        visitSecret(field: field)
    }

    /// A URL whose secret query values are redacted in logs: its logged text
    /// (``StateStore/SensitiveURL/redactedString``) is visited as a string leaf; a rewrite
    /// replaces the URL with the rewritten text, read as logged text (its secrets stay redacted).
    @inlinable @inline(__always) public mutating func visit(
        _ url: inout SensitiveURL, field: String, as dataClass: DataClass
    ) {
        if visitsPersonalLeavesOnly && dataClass == .plain { return }
        let logged = url.redactedString
        var text = logged
        visit(&text, field: field, as: dataClass)
        if text != logged { url = SensitiveURL(logged: text) }
    }

    /// An optional URL, visited when present.
    @inlinable @inline(__always) public mutating func visit(
        _ url: inout SensitiveURL?, field: String, as dataClass: DataClass
    ) {
        guard var present = url else { return }
        visit(&present, field: field, as: dataClass)
        url = present
    }

    /// Optional free-form JSON, visited when present.
    @inlinable @inline(__always) public mutating func visit(
        _ value: inout JSONValue?, field: String, as policy: JSONDataPolicy
    ) {
        guard var present = value else { return }
        visit(&present, field: field, as: policy)
        value = present
    }

    /// The keys of a dictionary whose values hold no string (`[String: Int]`), in order, each
    /// named `[key]`, under `field`.
    @inlinable @inline(__always) public mutating func visitKeys<Value>(
        of dictionary: inout [String: Value], field: String, as keys: DataClass
    ) {
        if visitsPersonalLeavesOnly && keys == .plain { return }
        // The keys only: the values are not touched, so the dictionary is copied only if a key is
        // rewritten.
        visitEntries(of: &dictionary, field: field, keys: keys, nil)
    }

    /// A dictionary of secrets: each key visited (named `[key]`) and each value reported as a
    /// secret (named `[value]`), in key order, under `field`.
    @inlinable @inline(__always) public mutating func visit<Secret>(
        _ dictionary: inout [String: Sensitive<Secret>], field: String, keys: DataClass
    ) {
        if visitsPersonalLeavesOnly && keys == .plain { return }
        visitEntries(of: &dictionary, field: field, keys: keys) { visitor, _ in visitor.visitSecret(field: "[value]") }
    }

    /// A dictionary of classified values: each key visited (named `[key]`) and each value entered
    /// (as `[value]`), in key order, under `field`.
    @inlinable @inline(__always) public mutating func visit<Value: DataClassified>(
        _ dictionary: inout [String: Value], field: String, keys: DataClass
    ) {
        if visitsPersonalLeavesOnly && keys == .plain && !Value.holdsPersonalData { return }
        visitEntries(of: &dictionary, field: field, keys: keys) { visitor, value in
            visitor.visit(&value, field: "[value]")
        }
    }

    /// Visits each key (then its value with `visitValue`, if any: without one the values are
    /// not touched) in key order under `field`, and moves the entries whose keys were rewritten.
    @usableFromInline mutating func visitEntries<Value>(
        of dictionary: inout [String: Value], field: String, keys: DataClass,
        _ visitValue: ((inout Self, inout Value) -> Void)?
    ) {
        enter(field)
        var renamed: [(old: String, new: String)] = []
        for key in dictionary.keys.sorted() {
            var text = key
            visit(&text, field: "[key]", as: keys)
            if text != key { renamed.append((key, text)) }
            if let visitValue, let index = dictionary.index(forKey: key) {
                visitValue(&self, &dictionary.values[index])
            }
        }
        Self.rename(renamed, in: &dictionary)
        leave()
    }

    /// Moves each renamed entry to its new key (all removed first, so that a chain of renames
    /// cannot drop an entry).
    @usableFromInline static func rename<Value>(
        _ renamed: [(old: String, new: String)], in dictionary: inout [String: Value]
    ) {
        guard !renamed.isEmpty else { return }
        var moved: [(String, Value)] = []
        for (old, new) in renamed {
            if let value = dictionary.removeValue(forKey: old) { moved.append((new, value)) }
        }
        for (key, value) in moved { dictionary[key] = value }
    }
}

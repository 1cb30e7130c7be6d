import ActionLog
import Checkout
import StateStore

/// A string leaf as found in a value: its text and its path (`shippingContact.firstName`,
/// `lines.[].title`), and whether it sits inside free-form JSON.
struct DataLeaf: Hashable {
    var value: String
    var path: String
    var inJSON: Bool
}

/// One line of the inventory: a field of a type, and what it is.
struct InventoryRow: Hashable {
    enum Kind: Hashable {
        /// A string leaf of a class.
        case leaf(DataClass)
        /// A secret (`Sensitive`): never written.
        case secret
        /// A nested classified value of the named type.
        case nested(String)
        /// Free-form JSON under the named policy (`bridge message`), as a value or as raw text.
        case json(String, isText: Bool)
    }

    var type: String
    var field: String
    var kind: Kind

    /// What the table's class column says.
    var classText: String {
        switch kind {
        case .leaf(.plain): return "plain"
        case .leaf(.secret), .secret: return "secret"
        case .leaf(.personal(let kind)): return "personal (\(kind.rawValue))"
        case .nested(let type): return "see `\(type)`"
        case .json(let policy, let isText): return "JSON\(isText ? " text" : ""): \(policy)"
        }
    }

    /// The class it counts under: `personal`, `secret`, `plain`, `json`, or `nil` for a nested value.
    var countedClass: String? {
        switch kind {
        case .leaf(.plain): return "plain"
        case .leaf(.secret), .secret: return "secret"
        case .leaf(.personal): return "personal"
        case .nested: return nil
        case .json: return "json"
        }
    }
}

/// The name the inventory gives a type: its Swift name without the module (`OrderPlacementState.Step`).
func inventoryTypeName(_ type: Any.Type) -> String {
    let name = String(reflecting: type)
    for prefix in ["Checkout.", "StateStore.", "ActionLog."] where name.hasPrefix(prefix) {
        return String(name.dropFirst(prefix.count))
    }
    return name
}

/// Joins path segments as the inventory shows them: `lines[].title`, `checkoutLoaded.0`.
func inventoryPath(_ segments: some Sequence<String>) -> String {
    var text = ""
    for segment in segments where !segment.isEmpty {
        if !text.isEmpty && !segment.hasPrefix("[") { text += "." }
        text += segment
    }
    return text
}

/// Walks a value with its `DataClassified` conformance and records every leaf it is handed, the
/// type it belongs to (the innermost classified value), and the inventory's rows.
struct InventoryVisitor: DataVisitor {
    var registrations = DataRegistrations.none
    private(set) var leaves: [DataLeaf] = []
    private(set) var rows: [InventoryRow] = []
    private(set) var secrets = 0
    private(set) var jsonSecrets = 0
    private var path: [String] = []
    private var types: [(name: String, base: Int)] = []
    private var jsonDepth = 0

    init(registrations: DataRegistrations = .none) {
        self.registrations = registrations
    }

    /// Visits `value` as the root of a walk.
    mutating func walk<Value: DataClassified>(_ value: Value) {
        var copy = value
        path = []
        types = [(inventoryTypeName(Value.self), 0)]
        copy.visitData(&self)
        types = []
    }

    private func row(_ field: String, _ kind: InventoryRow.Kind) -> InventoryRow {
        let frame = types.last ?? ("?", 0)
        return InventoryRow(type: frame.name, field: inventoryPath(path[frame.base...] + [field]), kind: kind)
    }

    mutating func enter(_ field: String) { path.append(field) }
    mutating func leave() { path.removeLast() }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        leaves.append(DataLeaf(value: value, path: inventoryPath(path + [field]), inJSON: jsonDepth > 0))
        if jsonDepth == 0 { rows.append(row(field, .leaf(dataClass))) }
    }

    mutating func visit(number text: inout String, field: String, as dataClass: DataClass) {
        visit(&text, field: field, as: dataClass)
    }

    mutating func visitSecret(field: String) {
        if jsonDepth > 0 {
            jsonSecrets += 1
        } else {
            secrets += 1
            rows.append(row(field, .secret))
        }
    }

    mutating func visit<Value: DataClassified>(_ value: inout Value, field: String) {
        let name = inventoryTypeName(Value.self)
        rows.append(row(field, .nested(name)))
        enter(field)
        types.append((name, path.count))
        value.visitData(&self)
        types.removeLast()
        leave()
    }

    mutating func visit(_ value: inout JSONValue, field: String, as policy: JSONDataPolicy) {
        rows.append(row(field, .json(policy.name, isText: false)))
        jsonDepth += 1
        visitJSONLeaves(&value, field: field, as: policy)
        jsonDepth -= 1
    }

    mutating func visit(jsonText text: inout String, field: String, as policy: JSONDataPolicy) {
        // The raw text is the leaf a log holds; its literals are the walk's business (tested on
        // their own).
        leaves.append(DataLeaf(value: text, path: inventoryPath(path + [field]), inJSON: false))
        rows.append(row(field, .json(policy.name, isText: true)))
    }
}

/// Every string leaf `Mirror` finds in a value, with its path in the inventory's terms, and how
/// many `Sensitive` values it holds. Reflection knows nothing of the classification: it is the
/// independent witness that the conformances leave no string out.
///
/// A `SensitiveURL` is its logged text; a `Sensitive` value (whose mirror is empty) counts as a
/// secret; a raw-value enum is its raw value; in free-form JSON, string and number leaves count
/// (member names are structure, and the redaction marker counts as a secret).
struct ReflectedLeaves {
    private(set) var leaves: [DataLeaf] = []
    private(set) var secrets = 0
    private(set) var jsonSecrets = 0
    /// Properties and enum payloads (`Address.line2`) found set to something that may hold a
    /// string, and those found nil or empty.
    private(set) var setProperties: Set<String> = []
    private(set) var unsetProperties: Set<String> = []

    init(of value: Any) {
        walk(value, [])
    }

    private mutating func walk(_ value: Any, _ path: [String]) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let child = mirror.children.first { walk(child.value, path) }
            return
        }
        if let text = value as? String {
            leaves.append(DataLeaf(value: text, path: inventoryPath(path), inJSON: false))
            return
        }
        if let url = value as? SensitiveURL {
            leaves.append(DataLeaf(value: url.redactedString, path: inventoryPath(path), inJSON: false))
            return
        }
        if String(describing: type(of: value)).hasPrefix("Sensitive<") {
            secrets += 1
            return
        }
        if let json = value as? JSONValue {
            walkJSON(json, path)
            return
        }
        if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            leaves.append(DataLeaf(value: text, path: inventoryPath(path), inJSON: false))
            return
        }
        let parent = inventoryTypeName(type(of: value))
        for child in mirror.children {
            if mirror.displayStyle == .struct || mirror.displayStyle == .enum, let label = child.label {
                if Self.isUnset(child.value) {
                    unsetProperties.insert("\(parent).\(label)")
                } else {
                    setProperties.insert("\(parent).\(label)")
                }
            }
            switch mirror.displayStyle {
            case .collection?, .set?:
                walk(child.value, path + ["[]"])
            case .dictionary?:
                for part in Mirror(reflecting: child.value).children {
                    walk(part.value, path + [part.label == "key" ? "[key]" : "[value]"])
                }
            default:
                let label = child.label ?? "?"
                walk(child.value, path + [label.hasPrefix(".") ? String(label.dropFirst()) : label])
            }
        }
    }

    /// Whether `value` is nil or an empty collection of a type that could hold a string.
    private static func isUnset(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?, .collection?, .set?, .dictionary?:
            guard mirror.children.isEmpty else { return false }
            let name = String(describing: type(of: value))
            let stringless = ["Int", "Int64", "Decimal", "Double", "Bool", "PaymentConfirmationState"]
            return !stringless.contains { name == "Optional<\($0)>" || name == "Array<\($0)>" }
        default:
            return false
        }
    }

    private mutating func walkJSON(_ json: JSONValue, _ path: [String]) {
        switch json {
        case .null, .bool: return
        case .string(let text) where text == Sensitive<String>.redactionMarker: jsonSecrets += 1
        case .string(let text), .number(let text):
            leaves.append(DataLeaf(value: text, path: inventoryPath(path), inJSON: true))
        case .array(let items): for item in items { walkJSON(item, path + ["[]"]) }
        case .object(let members): for member in members { walkJSON(member.value, path + [member.key]) }
        }
    }
}

/// What differs between the leaves reflection found and those the walk visited: empty when every
/// string a value holds was visited exactly once, at the path reflection found it (for values
/// that occur once).
func unclassifiedLeaves(reflected: [DataLeaf], visited: [DataLeaf]) -> [String] {
    func counts(_ leaves: [DataLeaf]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for leaf in leaves { result[(leaf.inJSON ? "json:" : "") + leaf.value, default: []].append(leaf.path) }
        return result
    }
    let found = counts(reflected)
    let seen = counts(visited)
    var problems: [String] = []
    for (value, paths) in found.sorted(by: { $0.key < $1.key }) {
        let visitedPaths = seen[value] ?? []
        if visitedPaths.count < paths.count {
            problems.append("\(paths.joined(separator: ", ")): \"\(value)\" is never visited (the field has no class)")
        } else if visitedPaths.count > paths.count {
            problems.append("\(visitedPaths.joined(separator: ", ")): \"\(value)\" is visited more than once")
        } else if paths.count == 1, !value.hasPrefix("json:"), paths != visitedPaths {
            problems.append(
                "\"\(value)\" is at \(paths[0]) but visited as \(visitedPaths[0]) (fields are named by their Swift name)"
            )
        }
    }
    for (value, paths) in seen.sorted(by: { $0.key < $1.key }) where found[value] == nil {
        problems.append("\(paths.joined(separator: ", ")): \"\(value)\" is visited but not in the value")
    }
    return problems
}

/// Two samples classify one field differently.
struct InventoryConflict: Error, CustomStringConvertible {
    var description: String
}

/// The inventory: each type's fields in the order its conformance visits them, the types in the
/// order a reader meets them from the roots.
struct Inventory {
    let types: [String]
    let rows: [String: [InventoryRow]]

    init(rows all: [InventoryRow], roots: [String]) throws {
        var rows: [String: [InventoryRow]] = [:]
        for row in all {
            if let existing = rows[row.type]?.first(where: { $0.field == row.field }) {
                guard existing.kind == row.kind else {
                    throw InventoryConflict(
                        description: "\(row.type).\(row.field) is \(existing.classText) and \(row.classText)")
                }
                continue
            }
            rows[row.type, default: []].append(row)
        }
        var types: [String] = []
        var queue = roots
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard !types.contains(type) else { continue }
            types.append(type)
            for row in rows[type] ?? [] {
                if case .nested(let nested) = row.kind { queue.append(nested) }
            }
        }
        self.types = types
        self.rows = rows
    }

    /// The fields by class (`personal`, `secret`, `plain`, `json`), nested values not counted.
    var counts: [String: Int] {
        var counts: [String: Int] = [:]
        for type in types {
            for row in rows[type] ?? [] {
                if let counted = row.countedClass { counts[counted, default: 0] += 1 }
            }
        }
        return counts
    }

    static let envelopeHeading = "The log's envelope"

    /// The section of `Docs/Privacy.md` between its markers, with the reasons in `whys` (keyed
    /// `Type \`field\``), and the rows that have none.
    func render(whys: [String: String]) -> (text: String, missing: [String]) {
        var missing: [String] = []
        let counts = self.counts
        let total = counts.values.reduce(0, +)
        var lines = [
            "",
            "<!-- Generated from the types by DataInventoryTests: edit only the Why column; re-record the rest",
            "     with SNAPSHOT_RECORD=failed swift test --filter DataInventoryTests. -->",
            "",
            "| Class | Fields |",
            "| --- | ---: |",
            "| personal | \(counts["personal", default: 0]) |",
            "| secret | \(counts["secret", default: 0]) |",
            "| plain | \(counts["plain", default: 0]) |",
            "| free-form JSON | \(counts["json", default: 0]) |",
            "| all | \(total) |",
        ]
        for type in types {
            lines += ["", "#### `\(type)`", "", "| Field | Class | Why |", "| --- | --- | --- |"]
            for row in rows[type] ?? [] {
                let key = "\(type) `\(row.field)`"
                let why = whys[key] ?? ""
                if why.isEmpty, row.countedClass != nil { missing.append("`\(type)`.\(row.field)") }
                lines.append("| `\(row.field)` | \(row.classText) | \(why) |")
            }
        }
        lines += [
            "", "#### \(Self.envelopeHeading)", "", "| Line | Member | Class | Why |", "| --- | --- | --- | --- |",
        ]
        for field in ActionLogFormat.envelopeFields {
            let key = "\(Self.envelopeHeading) \(field.line) `\(field.member)`"
            let why = whys[key] ?? ""
            if why.isEmpty { missing.append("the envelope's \(field.line) `\(field.member)`") }
            lines.append("| \(field.line) | `\(field.member)` | \(field.dataClass) | \(why) |")
        }
        lines.append("")
        return (lines.joined(separator: "\n") + "\n", missing)
    }
}

public import StateStore

/// A value in its canonical form: the one encoding of a state or action that is the same on every
/// run and every platform. Objects keep their keys sorted; numbers (decimals included) are kept as
/// the exact text that represents them, never as binary floating point.
///
/// Fingerprints of state in action logs, reducer snapshots and the CLI's state diffs are all made
/// from this form.
public enum CanonicalValue: Equatable, Sendable {
    /// `null` (an absent optional).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (an integer, a Boolean-free binary floating point value), as the exact text of
    /// its shortest round-trip description.
    case number(String)
    /// A string. Decimals are encoded as strings too, so no reader can round them.
    case string(String)
    /// An ordered list.
    case array([CanonicalValue])
    /// Key-value pairs, sorted by key (by Unicode scalar values), keys unique.
    case object([(key: String, value: CanonicalValue)])

    /// Compares two canonical values structurally.
    public static func == (lhs: CanonicalValue, rhs: CanonicalValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

extension CanonicalValue {
    /// Compact JSON text with sorted keys and no insignificant white space: the bytes fingerprints
    /// are computed over.
    public var compactJSON: String {
        String(decoding: compactJSONBytes, as: UTF8.self)
    }

    /// ``compactJSON`` as UTF-8 bytes, without building a `String`.
    public var compactJSONBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        writeCompact(to: &output)
        return output
    }

    func writeCompact(to output: inout String) {
        output += compactJSON
    }

    /// Writes the compact JSON as bytes: a byte buffer, not `String` appends, because
    /// fingerprints (every few actions of a log, written and replayed) are made from it.
    func writeCompact(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Indented, line-oriented text with sorted keys: one scalar per line, so a line diff of two
    /// renderings is as small as the change. Used by reducer snapshots and the CLI.
    ///
    /// ```
    /// cart.total: "42.50"
    /// cart.lines[0].sku: "SKU-1"
    /// ```
    public var renderedLines: [String] {
        var lines: [String] = []
        render(path: "", into: &lines)
        return lines
    }

    private func render(path: String, into lines: inout [String]) {
        switch self {
        case .array(let items):
            if items.isEmpty {
                lines.append("\(path.isEmpty ? "." : path): []")
            }
            for (index, item) in items.enumerated() {
                item.render(path: "\(path)[\(index)]", into: &lines)
            }
        case .object(let members):
            if members.isEmpty {
                lines.append("\(path.isEmpty ? "." : path): {}")
            }
            for member in members {
                let key = Self.isPlainKey(member.key) ? member.key : JSONText.quoted(member.key)
                member.value.render(path: path.isEmpty ? key : "\(path).\(key)", into: &lines)
            }
        default:
            lines.append("\(path.isEmpty ? "." : path): \(compactJSON)")
        }
    }

    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                    || scalar == "_" || scalar == "-"
            }
    }
}

extension CanonicalValue {
    /// The canonical form of a JSON value: numbers keep their text, object members are sorted by
    /// key (Unicode scalar order) and of a repeated key the last wins, as a JSON reader keeps it.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(CanonicalValue.init))
        case .object(let members):
            self = .object(
                Self.canonicalOrder(ofKeys: members.map(\.key)).map {
                    (key: members[$0].key, value: CanonicalValue(members[$0].value))
                })
        }
    }
}

extension CanonicalValue {
    /// Where an object's members go in canonical order: the indices of `keys` sorted by key in
    /// Unicode scalar order (UTF-8 byte order, cheaper to compare), of a key given twice only the
    /// last (as a JSON reader keeps it).
    static func canonicalOrder(ofKeys keys: [String]) -> [Int] {
        let sorted = keys.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a == b { return left < right }
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        var order: [Int] = []
        order.reserveCapacity(sorted.count)
        for (position, index) in sorted.enumerated() {
            if position + 1 < sorted.count, keys[sorted[position + 1]] == keys[index] { continue }
            order.append(index)
        }
        return order
    }
}

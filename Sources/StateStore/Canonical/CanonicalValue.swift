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
        var output = ""
        writeCompact(to: &output)
        return output
    }

    func writeCompact(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.writeCompact(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONText.appendQuoted(member.key, to: &output)
                output += ":"
                member.value.writeCompact(to: &output)
            }
            output += "}"
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

/// JSON string quoting shared by the canonical form and the action log.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

import ActionLog
import StateStore

/// Short, readable text for actions and state changes, built from the canonical form (so
/// secrets show as `[REDACTED]`, and the text is the same on every platform).
enum ActionText {
    /// `native.emailSubmitted("ada@example.com")`, `payment.payTapped`,
    /// `result.checkoutLoaded({…}, requestID: 1)`.
    static func describe(_ action: CanonicalValue, limit: Int = 160) -> String {
        var path: [String] = []
        var value = action
        // Enum cases encode as single-member objects: `{"native":{"_0":{"emailSubmitted":{"_0":"…"}}}}`.
        // Follow the case names (and the `_0` of a case that wraps another enum) down to the
        // arguments.
        while true {
            guard case .object(let members) = value, members.count == 1 else { break }
            let member = members[0]
            if member.key == "_0", isEnumCase(member.value) {
                value = member.value
                continue
            }
            guard !member.key.hasPrefix("_") else { break }
            path.append(member.key)
            value = member.value
            guard case .object(let inner) = value else { break }
            if inner.isEmpty { return path.joined(separator: ".") }
            if inner.count == 1, inner[0].key == "_0", isEnumCase(inner[0].value) { continue }
            break
        }
        let name = path.joined(separator: ".")
        var arguments = ""
        switch value {
        case .object(let members) where !members.isEmpty:
            arguments = members.map { member in
                let text = member.value.compactJSON
                return member.key.hasPrefix("_") ? text : "\(member.key): \(text)"
            }.joined(separator: ", ")
        case .object:
            return name
        default:
            arguments = value.compactJSON
        }
        if arguments.count > limit { arguments = String(arguments.prefix(limit)) + "…" }
        return name.isEmpty ? arguments : "\(name)(\(arguments))"
    }

    /// Whether a value looks like an encoded enum case: one member, a name, an object value.
    private static func isEnumCase(_ value: CanonicalValue) -> Bool {
        guard case .object(let members) = value, members.count == 1, !members[0].key.hasPrefix("_") else {
            return false
        }
        if case .object = members[0].value { return true }
        return false
    }

    /// The changed lines between two rendered states (`- path: old`, `+ path: new`), no context.
    static func changes(from before: [String], to after: [String]) -> [(removed: Bool, text: String)] {
        LineDiff(old: before, new: after, context: 0).hunks.flatMap { hunk in
            hunk.lines.compactMap { line -> (Bool, String)? in
                switch line {
                case .unchanged: return nil
                case .removed(let text): return (true, text)
                case .added(let text): return (false, text)
                }
            }
        }
    }
}

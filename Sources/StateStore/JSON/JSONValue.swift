/// A parsed JSON value, as the action-log reader sees it.
///
/// Numbers keep their exact text (so `Decimal` values decode without rounding); object members
/// keep their order.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its exact text.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in their order in the text.
    case object([JSONMember])

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// A short name of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// Compact JSON text of this value (members in their order).
    public var jsonText: String {
        canonicalLayout.compactJSON
    }

    /// The same tree as a ``CanonicalValue`` whose members keep this value's order, so both
    /// trees share one JSON writer.
    private var canonicalLayout: CanonicalValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.canonicalLayout))
        case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.canonicalLayout) })
        }
    }
}

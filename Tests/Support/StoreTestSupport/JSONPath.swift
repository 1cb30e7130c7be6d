public import StateStore

/// One step of a path into a `JSONValue`: a member's name or an array's index. Tests that put a
/// value at every place of a JSON document (the bounds tests) walk and edit documents with it.
public enum JSONPathStep: Hashable, Sendable, CustomStringConvertible {
    /// An object's member.
    case key(String)
    /// An array's element.
    case index(Int)

    /// `name` for a member, `[i]` for an element.
    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return "[\(index)]"
        }
    }
}

extension JSONValue {
    /// This value with what is at `path` replaced by `replacement`; unchanged where the path leads
    /// nowhere. Every member of a repeated name is replaced.
    public func replacing(_ path: some Collection<JSONPathStep>, with replacement: JSONValue) -> JSONValue {
        guard let first = path.first else { return replacement }
        let rest = path.dropFirst()
        switch (first, self) {
        case (.key(let key), .object(var members)):
            for index in members.indices where members[index].key == key {
                members[index].value = members[index].value.replacing(rest, with: replacement)
            }
            return .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = items[index].replacing(rest, with: replacement)
            return .array(items)
        default:
            return self
        }
    }

    /// What is at `path`, if anything.
    public func value(at path: some Sequence<JSONPathStep>) -> JSONValue? {
        var current = self
        for step in path {
            switch (step, current) {
            case (.key(let key), .object):
                guard let next = current[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)) where items.indices.contains(index):
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}

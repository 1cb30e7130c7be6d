import Foundation

/// Encodes any `Encodable` value into its ``CanonicalValue``.
///
/// Special cases, so the canonical form never depends on a platform's `Codable` details:
/// - `Decimal` is a string of its exact description (`"12.50"` as `"12.5"`), never a float;
/// - `Date` is its seconds since 1970 as a number; `URL` its absolute string; `Data` base64;
/// - object keys are sorted; optional `nil` members are left out (as `JSONEncoder` does).
///
/// ```swift
/// let canonical = try CanonicalEncoder.encode(state)
/// print(canonical.compactJSON)
/// ```
public enum CanonicalEncoder {
    /// Encodes `value` into its canonical form.
    ///
    /// - Throws: `EncodingError` when the value's own encoding fails (for example a non-finite
    ///   floating point number).
    public static func encode<T: Encodable>(_ value: T) throws -> CanonicalValue {
        let root = Node()
        try encodeValue(value, into: root, codingPath: [])
        return root.canonical
    }

    static func encodeValue<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
        if let special = try specialCase(value, codingPath: codingPath) {
            node.content = .value(special)
            return
        }
        let encoder = NodeEncoder(node: node, codingPath: codingPath)
        try value.encode(to: encoder)
        // Sets, and dictionaries whose keys are not strings or integers, encode in hash order,
        // which Swift seeds randomly per process: sort them, or the same state would fingerprint
        // differently in the process that replays it.
        if let unordered = value as? any CanonicallyUnordered, case .array(let children) = node.content {
            node.content = .array(unordered.canonicalOrder(children))
        }
    }

    private static func specialCase(_ value: some Encodable, codingPath: [any CodingKey]) throws -> CanonicalValue? {
        switch value {
        case let decimal as Decimal:
            return .string(decimal.description)
        case let date as Date:
            return try number(date.timeIntervalSince1970, codingPath: codingPath)
        case let url as URL:
            return .string(url.absoluteString)
        case let data as Data:
            return .string(data.base64EncodedString())
        default:
            return nil
        }
    }

    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> CanonicalValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "A non-finite number has no canonical form.")
            )
        }
        if value == value.rounded(), abs(value) < 1e15 {
            return .number(String(Int64(value)))
        }
        return .number("\(value)")
    }
}

/// A node of the tree being encoded; containers hand out child nodes and fill them later.
final class Node {
    enum Content {
        case empty
        case value(CanonicalValue)
        case array([Node])
        case object([String: Node])
    }

    var content: Content = .empty

    var canonical: CanonicalValue {
        switch content {
        case .empty: return .object([])
        case .value(let value): return value
        case .array(let nodes): return .array(nodes.map(\.canonical))
        case .object(let members):
            return .object(
                members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                    .map { key in (key: key, value: members[key, default: Node()].canonical) }
            )
        }
    }

    func child(forKey key: String) -> Node {
        var members: [String: Node]
        if case .object(let existing) = content { members = existing } else { members = [:] }
        if let node = members[key] { return node }
        let node = Node()
        members[key] = node
        content = .object(members)
        return node
    }

    func appendChild() -> Node {
        var items: [Node]
        if case .array(let existing) = content { items = existing } else { items = [] }
        let node = Node()
        items.append(node)
        content = .array(items)
        return node
    }

    var count: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }

    func markObject() {
        if case .empty = content { content = .object([:]) }
    }

    func markArray() {
        if case .empty = content { content = .array([]) }
    }
}

struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.markObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.markArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        node.child(forKey: key.stringValue).content = .value(.bool(value))
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.child(forKey: key.stringValue).content = .value(.string(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.child(forKey: key.stringValue).content = .value(
            try CanonicalEncoder.number(value, codingPath: codingPath + [key])
        )
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { setInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { setInteger(value, key) }

    private func setInteger(_ value: some BinaryInteger, _ key: Key) {
        node.child(forKey: key.stringValue).content = .value(.number(String(value)))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try CanonicalEncoder.encodeValue(
            value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.markObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.markArray()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private func next() -> Node { node.appendChild() }

    mutating func encodeNil() throws { next().content = .value(.null) }
    mutating func encode(_ value: Bool) throws { next().content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { next().content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        let path = codingPath + [IndexCodingKey(count)]
        next().content = .value(try CanonicalEncoder.number(value, codingPath: path))
    }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { setInteger(value) }
    mutating func encode(_ value: Int8) throws { setInteger(value) }
    mutating func encode(_ value: Int16) throws { setInteger(value) }
    mutating func encode(_ value: Int32) throws { setInteger(value) }
    mutating func encode(_ value: Int64) throws { setInteger(value) }
    mutating func encode(_ value: UInt) throws { setInteger(value) }
    mutating func encode(_ value: UInt8) throws { setInteger(value) }
    mutating func encode(_ value: UInt16) throws { setInteger(value) }
    mutating func encode(_ value: UInt32) throws { setInteger(value) }
    mutating func encode(_ value: UInt64) throws { setInteger(value) }

    private func setInteger(_ value: some BinaryInteger) {
        next().content = .value(.number(String(value)))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexCodingKey(count)]
        try CanonicalEncoder.encodeValue(value, into: next(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = codingPath + [IndexCodingKey(count)]
        let child = next()
        child.markObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexCodingKey(count)]
        let child = next()
        child.markArray()
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexCodingKey(count)]
        return NodeEncoder(node: next(), codingPath: path)
    }
}

struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        node.content = .value(try CanonicalEncoder.number(value, codingPath: codingPath))
    }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { setInteger(value) }
    mutating func encode(_ value: Int8) throws { setInteger(value) }
    mutating func encode(_ value: Int16) throws { setInteger(value) }
    mutating func encode(_ value: Int32) throws { setInteger(value) }
    mutating func encode(_ value: Int64) throws { setInteger(value) }
    mutating func encode(_ value: UInt) throws { setInteger(value) }
    mutating func encode(_ value: UInt8) throws { setInteger(value) }
    mutating func encode(_ value: UInt16) throws { setInteger(value) }
    mutating func encode(_ value: UInt32) throws { setInteger(value) }
    mutating func encode(_ value: UInt64) throws { setInteger(value) }

    private func setInteger(_ value: some BinaryInteger) {
        node.content = .value(.number(String(value)))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try CanonicalEncoder.encodeValue(value, into: node, codingPath: codingPath)
    }
}

/// Collections whose encoded order is hash order, and how to put them in canonical order.
protocol CanonicallyUnordered {
    func canonicalOrder(_ children: [Node]) -> [Node]
}

extension Set: CanonicallyUnordered {
    /// Elements sorted by their canonical text.
    func canonicalOrder(_ children: [Node]) -> [Node] {
        children.map { ($0.canonical.compactJSON, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension Dictionary: CanonicallyUnordered {
    /// Dictionaries with `String` or `Int` keys encode as objects, which are sorted anyway; others
    /// encode as `[key, value, key, value...]`: sort the pairs by the key's canonical text.
    func canonicalOrder(_ children: [Node]) -> [Node] {
        guard children.count % 2 == 0 else { return children }
        var pairs: [(key: String, nodes: [Node])] = []
        var index = 0
        while index < children.count {
            pairs.append((children[index].canonical.compactJSON, [children[index], children[index + 1]]))
            index += 2
        }
        return pairs.sorted { $0.key < $1.key }.flatMap(\.nodes)
    }
}

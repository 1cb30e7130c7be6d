import Foundation
import StateStore

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
        // Children point at their parents (for coding paths): cut those links when done.
        defer { root.detach() }
        try encodeValue(value, into: root)
        return root.canonical
    }

    /// The compact canonical JSON of `value`: the bytes `encode(value).compactJSONBytes` gives,
    /// written straight from the encoded tree. Fingerprints are made from these bytes: building
    /// the ``CanonicalValue`` between (an array per object and per list, a tuple per member) and
    /// walking it again cost about a third of a checkout state's fingerprint.
    ///
    /// `CanonicalWriter` writes them without the tree, for all but the odd value it gives up on
    /// (a key encoded twice, an error, ...): the tree then writes them, or throws its error.
    static func compactJSONBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        if let bytes = CanonicalWriter.bytes(of: value) { return bytes }
        return try treeCompactJSONBytes(value)
    }

    /// The compact canonical JSON written from the tree: the reference `CanonicalWriter` is held
    /// to, and its fallback.
    static func treeCompactJSONBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = Node()
        defer { root.detach() }
        try encodeValue(value, into: root)
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        root.writeCompact(to: &output)
        return output
    }

    static func encodeValue<T: Encodable>(_ value: T, into node: Node) throws {
        if let special = try specialCase(value, codingPath: node.codingPath) {
            node.content = .value(special)
            return
        }
        let encoder = NodeEncoder(node: node)
        try value.encode(to: encoder)
        // Sets, and dictionaries whose keys are not strings or integers, encode in hash order,
        // which Swift seeds randomly per process: sort them, or the same state would fingerprint
        // differently in the process that replays it.
        // The content first: a conformance check on every value encoded cost more than the rest
        // of encoding a scalar, and only an array's can need sorting.
        if case .array(let children) = node.content, let unordered = value as? any CanonicallyUnordered {
            node.content = .array(unordered.canonicalOrder(children))
        }
    }

    private static func specialCase<T: Encodable>(
        _ value: T, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> CanonicalValue? {
        // Metatype comparisons first: a dynamic cast per value encoded costs more than the rest.
        if T.self == Decimal.self, let decimal = value as? Decimal {
            return .string(decimal.plainDescription)
        }
        if T.self == Date.self, let date = value as? Date {
            return try number(date.timeIntervalSince1970, codingPath: codingPath())
        }
        if T.self == JSONValue.self, let json = value as? JSONValue {
            return CanonicalValue(json)
        }
        if T.self == URL.self, let url = value as? URL {
            return .string(url.absoluteString)
        }
        if T.self == Data.self, let data = value as? Data {
            return .string(data.base64EncodedString())
        }
        return nil
    }

    static func number(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws -> CanonicalValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath(), debugDescription: "A non-finite number has no canonical form.")
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
        /// Members in the order encoded; keys are put in order (and a key encoded twice keeps its
        /// last value) when the canonical value is made.
        case object([(key: String, node: Node)])
    }

    /// Where this node sits, for coding paths in errors.
    enum PathKey {
        case root
        case name(String)
        case index(Int)
    }

    var content: Content = .empty
    /// The parent while encoding (cut by `detach()` when done, so the tree holds no cycles).
    private var parent: Node?
    private let pathKey: PathKey

    init(parent: Node? = nil, key: PathKey = .root) {
        self.parent = parent
        self.pathKey = key
    }

    /// The coding path of this node, walked up from its parents: only errors ask, so encoding
    /// builds no path per value.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: Node? = self
        while let current = node {
            switch current.pathKey {
            case .root: break
            case .name(let name): keys.append(NameCodingKey(name))
            case .index(let index): keys.append(IndexCodingKey(index))
            }
            node = current.parent
        }
        return keys.reversed()
    }

    /// Cuts every child's link to its parent.
    func detach() {
        parent = nil
        switch content {
        case .array(let nodes): for node in nodes { node.detach() }
        case .object(let members): for member in members { member.node.detach() }
        case .empty, .value: break
        }
    }

    var canonical: CanonicalValue {
        switch content {
        case .empty: return .object([])
        case .value(let value): return value
        case .array(let nodes): return .array(nodes.map(\.canonical))
        case .object(let members):
            // Ties keep the order encoded, so the last of a key encoded twice wins.
            return .object(
                CanonicalValue.canonicalOrder(ofKeys: members.map(\.key)).map {
                    (key: members[$0].key, value: members[$0].node.canonical)
                })
        }
    }

    /// Writes what ``canonical`` would write with `CanonicalValue.writeCompact(to:)`, without
    /// making it: the same members in the same order, the same separators and escapes.
    func writeCompact(to output: inout [UInt8]) {
        switch content {
        case .empty: output.append(contentsOf: "{}".utf8)
        case .value(let value): value.writeCompact(to: &output)
        case .array(let nodes):
            output.append(UInt8(ascii: "["))
            for (index, node) in nodes.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                node.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            for index in CanonicalValue.canonicalOrder(ofKeys: members.map(\.key)) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONText.appendQuoted(members[index].key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[index].node.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    func child(forKey key: String) -> Node {
        var members: [(key: String, node: Node)]
        if case .object(let existing) = content { members = existing } else { members = [] }
        // Structs have a handful of members: a scan finds a key encoded again. Big objects
        // (dictionaries) have unique keys by construction; `canonical` settles any repeat.
        if members.count <= 32, let found = members.first(where: { $0.key == key }) { return found.node }
        // Let go of `content`'s reference first, so the array grows in place, not by a copy per
        // member.
        content = .empty
        let node = Node(parent: self, key: .name(key))
        members.append((key, node))
        content = .object(members)
        return node
    }

    func appendChild() -> Node {
        var items: [Node]
        if case .array(let existing) = content { items = existing } else { items = [] }
        content = .empty
        let node = Node(parent: self, key: .index(items.count))
        items.append(node)
        content = .array(items)
        return node
    }

    var count: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }

    func markObject() {
        if case .empty = content { content = .object([]) }
    }

    func markArray() {
        if case .empty = content { content = .array([]) }
    }
}

struct NodeEncoder: Encoder {
    let node: Node
    var codingPath: [any CodingKey] { node.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.markObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.markArray()
        return UnkeyedContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node)
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey] { node.codingPath }

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
        try CanonicalEncoder.encodeValue(value, into: node.child(forKey: key.stringValue))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.markObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.markArray()
        return UnkeyedContainer(node: child)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue))
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.count }

    private func next() -> Node { node.appendChild() }

    mutating func encodeNil() throws { next().content = .value(.null) }
    mutating func encode(_ value: Bool) throws { next().content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { next().content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws {
        let child = next()
        child.content = .value(try CanonicalEncoder.number(value, codingPath: child.codingPath))
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
        try CanonicalEncoder.encodeValue(value, into: next())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = next()
        child.markObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = next()
        child.markArray()
        return UnkeyedContainer(node: child)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: next())
    }
}

struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { node.codingPath }

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
        try CanonicalEncoder.encodeValue(value, into: node)
    }
}

/// Collections whose encoded order is hash order, and how to put them in canonical order.
protocol CanonicallyUnordered {
    /// The order of `count` encoded children in canonical order, as indices; `text(i)` is child
    /// `i`'s canonical text, asked only for the children the order depends on. The tree and
    /// `CanonicalWriter` (which has the bytes but no nodes) share this one sort, so they agree
    /// (ties included).
    func canonicalOrder(count: Int, text: (Int) -> String) -> [Int]
}

extension CanonicallyUnordered {
    /// `children` in canonical order.
    func canonicalOrder(_ children: [Node]) -> [Node] {
        canonicalOrder(count: children.count) { children[$0].canonical.compactJSON }.map { children[$0] }
    }
}

extension Set: CanonicallyUnordered {
    /// Elements sorted by their canonical text.
    func canonicalOrder(count: Int, text: (Int) -> String) -> [Int] {
        (0..<count).map { (text($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension Dictionary: CanonicallyUnordered {
    /// Dictionaries with `String` or `Int` keys encode as objects, which are sorted anyway; others
    /// encode as `[key, value, key, value...]`: sort the pairs by the key's canonical text.
    func canonicalOrder(count: Int, text: (Int) -> String) -> [Int] {
        guard count % 2 == 0 else { return Array(0..<count) }
        var pairs: [(key: String, indices: [Int])] = []
        var index = 0
        while index < count {
            pairs.append((text(index), [index, index + 1]))
            index += 2
        }
        return pairs.sorted { $0.key < $1.key }.flatMap(\.indices)
    }
}

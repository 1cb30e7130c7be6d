import Foundation
public import StateStore

/// Decodes `Decodable` values from a parsed `JSONValue`: the action log's fast path, which avoids
/// Foundation's `JSONDecoder` (several microseconds per action) while accepting what
/// ``CanonicalEncoder`` writes.
///
/// `Decimal` decodes from a string or a number text without rounding; `Date` from seconds since
/// 1970; `URL` from a string; `Data` from base64. Errors are standard `DecodingError`s whose
/// coding path names the field.
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a value of `type` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, path: PathStack(), depth: 0).decodeValue(type)
    }
}

/// The coding path of the value being decoded, shared by one decode call.
///
/// Decoding is depth-first, so one stack serves every decoder and container: a container at
/// depth `d` cuts the stack back to `d` keys before pushing the key it decodes. Nothing is
/// allocated per field; a `codingPath` array is only built when someone asks (for an error).
final class PathStack {
    var keys: [any CodingKey] = []

    func path(depth: Int) -> [any CodingKey] {
        Array(keys.prefix(depth))
    }

    func enter(depth: Int, key: any CodingKey) {
        if keys.count > depth { keys.removeSubrange(depth...) }
        keys.append(key)
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let path: PathStack
    let depth: Int
    var codingPath: [any CodingKey] { path.path(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Types whose own `Codable` form is platform-specific get the canonical form instead.
        if T.self == Decimal.self, let decimal = try decodeDecimal() as? T {
            return decimal
        }
        if T.self == JSONValue.self, let json = value as? T {
            return json
        }
        if T.self == Date.self,
            let date = Date(timeIntervalSince1970: try SingleValue(decoder: self).decode(Double.self)) as? T
        {
            return date
        }
        if T.self == URL.self {
            let text = try SingleValue(decoder: self).decode(String.self)
            guard let url = URL(string: text) as? T else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid URL \"\(text)\"."))
            }
            return url
        }
        if T.self == Data.self {
            let text = try SingleValue(decoder: self).decode(String.self)
            guard let data = Data(base64Encoded: text) as? T else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid base64 data."))
            }
            return data
        }
        return try T(from: self)
    }

    func decodeDecimal() throws -> Decimal {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: throw typeMismatch(Decimal.self, expected: "a decimal as a string or number")
        }
        guard let decimal = Decimal.strictJSONNumber(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\"\(text)\" is not a decimal number."))
        }
        return decimal
    }

    func typeMismatch(_ type: Any.Type, expected: String) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected \(expected), found \(value.kindName)."))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw typeMismatch([String: Any].self, expected: "an object")
        }
        return KeyedDecodingContainer(Keyed<Key>(members: members, path: path, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw typeMismatch([Any].self, expected: "an array")
        }
        return Unkeyed(items: items, path: path, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(decoder: self)
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let path: PathStack
    let depth: Int
    var codingPath: [any CodingKey] { path.path(depth: depth) }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func find(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        for member in members where member.key == name {
            return member.value
        }
        return nil
    }

    func decoder(for key: Key) throws -> ValueDecoder {
        guard let value = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\"."))
        }
        path.enter(depth: depth, key: key)
        return ValueDecoder(value: value, path: path, depth: depth + 1)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = find(key) else { return true }
        return value == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members.first { $0.key == "super" }?.value ?? .null, path: path, depth: depth)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        path.enter(depth: depth, key: key)
        return ValueDecoder(value: find(key) ?? .null, path: path, depth: depth + 1)
    }
}

/// A member name in a coding path.
struct NameCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { return nil }
}

/// An array position in a coding path.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "\(index)"
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: PathStack
    let depth: Int
    var codingPath: [any CodingKey] { path.path(depth: depth) }
    var currentIndex = 0

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func nextDecoder() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(codingPath: codingPath + [IndexCodingKey(currentIndex)], debugDescription: "The array has ended.")
            )
        }
        path.enter(depth: depth, key: IndexCodingKey(currentIndex))
        let decoder = ValueDecoder(value: items[currentIndex], path: path, depth: depth + 1)
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try nextDecoder().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nextDecoder() }
}

private struct SingleValue: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = decoder.value else { throw decoder.typeMismatch(type, expected: "a Boolean") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = decoder.value else { throw decoder.typeMismatch(type, expected: "a string") }
        return value
    }

    func number() throws -> String {
        guard case .number(let text) = decoder.value else {
            throw decoder.typeMismatch(Double.self, expected: "a number")
        }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Double(try number()) else { throw decoder.typeMismatch(type, expected: "a number") }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let value = Float(try number()) else { throw decoder.typeMismatch(type, expected: "a number") }
        return value
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try number()
        guard let value = T(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(text) does not fit in \(T.self)."))
        }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

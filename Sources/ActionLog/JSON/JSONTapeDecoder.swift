import Foundation
import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes `Decodable` values straight from a ``JSONTape`` and the bytes it indexes: the action
/// log's hot path. It reads what ``JSONValueDecoder`` reads, with the same special cases
/// (`Decimal` exact from a string or number, `Date`, `URL`, `Data`), but builds no tree and no
/// strings for member names.
struct JSONTapeDecoder {
    /// Decodes `type` from the tape's root token.
    static func decode<T: Decodable>(
        _ type: T.Type,
        tape: JSONTape,
        bytes: UnsafeRawBufferPointer,
        root: Int = 0
    ) throws -> T {
        try tape.withTokens { tokens in
            let context = TapeContext(bytes: bytes, tokens: tokens, root: root)
            return try TapeDecoder(context: context, index: root).decodeValue(type)
        }
    }
}

final class TapeContext {
    let bytes: UnsafeRawBufferPointer
    let tokens: UnsafeBufferPointer<JSONTape.Token>
    /// The token decoding started from: coding paths are relative to it.
    let root: Int

    init(bytes: UnsafeRawBufferPointer, tokens: UnsafeBufferPointer<JSONTape.Token>, root: Int = 0) {
        self.bytes = bytes
        self.tokens = tokens
        self.root = root
    }

    /// The coding path from the root to the value at token `target`, found by walking down the
    /// tape. Only errors (and the rare `init(from:)` that reads `codingPath`) ask, so decoding
    /// does not track a path as it goes.
    func path(to target: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = root
        descending: while node != target {
            let token = tokens[node]
            guard token.kind == .object || token.kind == .array, target > node, target < Int(token.next) else { break }
            var position = node + 1
            var element = 0
            while position < Int(token.next) {
                let value = token.kind == .object ? position + 1 : position
                let end = Int(tokens[value].next)
                if target >= value && target < end {
                    if token.kind == .object {
                        keys.append(NameCodingKey(string(tokens[position]) ?? ""))
                    } else {
                        keys.append(IndexCodingKey(element))
                    }
                    node = value
                    continue descending
                }
                position = end
                element += 1
            }
            break
        }
        return keys
    }

    func slice(_ token: JSONTape.Token) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)])
    }

    /// The text of a string token (unescaped), or `nil` if it is not valid.
    func string(_ token: JSONTape.Token) -> String? {
        JSONTape.string(token, in: bytes)
    }

    /// Whether a key token spells `name`.
    func keyEquals(_ token: JSONTape.Token, _ name: String) -> Bool {
        if token.kind == .escapedString { return string(token) == name }
        var name = name
        return name.withUTF8 { utf8 in
            guard utf8.count == Int(token.length) else { return false }
            guard let base = utf8.baseAddress, let other = bytes.baseAddress else { return utf8.isEmpty }
            return memcmp(base, other + Int(token.start), utf8.count) == 0
        }
    }

    func kindName(_ kind: JSONTape.Kind) -> String { Self.kindName(kind) }

    /// The value at token `index` as a `JSONValue`, exactly as the text holds it (numbers as their
    /// text, members in order): how a recorded JSON body reads back byte for byte.
    func jsonValue(at index: Int, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .number: return .number(String(decoding: slice(token), as: UTF8.self))
        case .string, .escapedString:
            guard let text = string(token) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath(), debugDescription: "Invalid string."))
            }
            return .string(text)
        case .array:
            var items: [JSONValue] = []
            var position = index + 1
            while position < Int(token.next) {
                items.append(try jsonValue(at: position, codingPath: codingPath()))
                position = Int(tokens[position].next)
            }
            return .array(items)
        case .object:
            var members: [JSONMember] = []
            var position = index + 1
            while position < Int(token.next) {
                guard let key = string(tokens[position]) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath(), debugDescription: "Invalid key."))
                }
                let value = position + 1
                members.append(JSONMember(key: key, value: try jsonValue(at: value, codingPath: codingPath())))
                position = Int(tokens[value].next)
            }
            return .object(members)
        }
    }

    static func kindName(_ kind: JSONTape.Kind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string, .escapedString: return "a string"
        case .number: return "a number"
        case .trueValue, .falseValue: return "a Boolean"
        case .null: return "null"
        }
    }
}

struct TapeDecoder: Decoder {
    let context: TapeContext
    let index: Int
    var codingPath: [any CodingKey] { context.path(to: index) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var token: JSONTape.Token { context.tokens[index] }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(
            type,
            .init(
                codingPath: codingPath, debugDescription: "Expected \(expected), found \(context.kindName(token.kind))."
            ))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let text = try decodeString() as? T { return text }
        if T.self == Decimal.self, let decimal = try decodeDecimal() as? T { return decimal }
        if T.self == JSONValue.self, let json = try context.jsonValue(at: index, codingPath: codingPath) as? T {
            return json
        }
        if T.self == Date.self, let date = Date(timeIntervalSince1970: try decodeDouble()) as? T { return date }
        if T.self == URL.self {
            let text = try decodeString()
            guard let url = URL(string: text) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL."))
            }
            return url
        }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try decodeString()) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid base64."))
            }
            return data
        }
        return try T(from: self)
    }

    func decodeString() throws -> String {
        guard token.kind == .string || token.kind == .escapedString else { throw mismatch(String.self, "a string") }
        guard let text = context.string(token) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid string."))
        }
        return text
    }

    func decodeDouble() throws -> Double {
        guard token.kind == .number else { throw mismatch(Double.self, "a number") }
        guard let value = Double(String(decoding: context.slice(token), as: UTF8.self)) else {
            throw mismatch(Double.self, "a number")
        }
        return value
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard token.kind == .number else { throw mismatch(type, "a number") }
        let bytes = context.slice(token)
        switch JSONTape.integer(bytes, as: type) {
        case .value(let value):
            return value
        case .noDigits:
            throw mismatch(type, "an integer")
        case .notAnInteger:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(String(decoding: bytes, as: UTF8.self)) is not an integer."))
        case .overflow:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(String(decoding: bytes, as: UTF8.self)) does not fit in \(I.self)."))
        }
    }

    func decodeDecimal() throws -> Decimal {
        let text: String
        switch token.kind {
        case .string, .escapedString, .number:
            text = context.string(token) ?? String(decoding: context.slice(token), as: UTF8.self)
        default:
            throw mismatch(Decimal.self, "a decimal as a string or number")
        }
        guard let decimal = Decimal.strictJSONNumber(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\"\(text)\" is not a decimal number."))
        }
        return decimal
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard token.kind == .object else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(TapeKeyed<Key>(context: context, index: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard token.kind == .array else { throw mismatch([Any].self, "an array") }
        return TapeUnkeyed(context: context, index: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingle(decoder: self)
    }
}

private struct TapeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: TapeContext
    let index: Int
    var codingPath: [any CodingKey] { context.path(to: index) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var position = index + 1
        let end = Int(context.tokens[index].next)
        while position < end {
            if let name = context.string(context.tokens[position]), let key = Key(stringValue: name) {
                keys.append(key)
            }
            position = Int(context.tokens[position + 1].next)
        }
        return keys
    }

    /// The token index of the value of `key`, or `nil`.
    func find(_ key: Key) -> Int? {
        let name = key.stringValue
        var position = index + 1
        let end = Int(context.tokens[index].next)
        while position < end {
            if context.keyEquals(context.tokens[position], name) { return position + 1 }
            position = Int(context.tokens[position + 1].next)
        }
        return nil
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decoder(for key: Key) throws -> TapeDecoder {
        guard let value = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\"."))
        }
        return TapeDecoder(context: context, index: value)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = find(key) else { return true }
        return context.tokens[value].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try TapeSingle(decoder: decoder(for: key)).decode(type)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decoder(for: key).decodeDouble()) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decodeInteger(type) }
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
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "Action logs do not hold superclass values."))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

private struct TapeUnkeyed: UnkeyedDecodingContainer {
    let context: TapeContext
    let index: Int
    var position: Int
    var currentIndex = 0
    var codingPath: [any CodingKey] { context.path(to: index) }
    var count: Int? { JSONTape.children(of: index, in: context.tokens) }
    var isAtEnd: Bool { position >= Int(context.tokens[index].next) }

    init(context: TapeContext, index: Int) {
        self.context = context
        self.index = index
        self.position = index + 1
    }

    mutating func nextDecoder() throws -> TapeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "The array has ended."))
        }
        let decoder = TapeDecoder(context: context, index: position)
        position = Int(context.tokens[position].next)
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, context.tokens[position].kind == .null else { return false }
        position += 1
        currentIndex += 1
        return true
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

private struct TapeSingle: SingleValueDecodingContainer {
    let decoder: TapeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.token.kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch decoder.token.kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw decoder.mismatch(type, "a Boolean")
        }
    }

    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

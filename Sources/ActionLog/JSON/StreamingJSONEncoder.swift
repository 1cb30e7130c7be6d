import Foundation
import StateStore

/// Encodes an `Encodable` value straight into compact JSON bytes, without building a tree: the
/// action log's fast path (an action line costs well under a microsecond to encode).
///
/// Members are written in the order the value encodes them (not sorted: fingerprints use
/// ``CanonicalEncoder``). `Decimal`, `Date`, `URL` and `Data` are written as ``CanonicalEncoder``
/// writes them, so ``JSONValueDecoder`` reads them back exactly. A `Set<String>` is written
/// sorted, so the same set gives the same bytes in every process (its own encoding follows its
/// hash order, seeded per process); a dictionary keeps its own order, so a type whose log lines
/// should not change from run to run writes its dictionaries sorted itself.
///
/// It streams, so it relies on what synthesised `Codable` conformances do: a nested container is
/// finished before its parent writes again. A value that breaks this (writes into a container
/// after a sibling container was opened) makes it throw, and callers fall back to
/// ``CanonicalEncoder``.
struct StreamingJSONEncoder {
    /// Appends the JSON of `value` to `output`.
    static func encode<T: Encodable>(_ value: T, into output: inout [UInt8]) throws {
        let writer = Writer()
        writer.bytes = output
        output = []
        defer { output = writer.bytes }
        try writer.encodeValue(value, depth: 0)
        writer.close(deeperThan: 0)
    }

    final class Writer {
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// Open containers: whether each is an object, and how many members it has so far.
        @exclusivity(unchecked) var stack: [(isObject: Bool, count: Int)] = []

        /// Closes containers opened deeper than `depth` (they are finished once a shallower
        /// container writes again).
        func close(deeperThan depth: Int) {
            while stack.count > depth {
                let frame = stack.removeLast()
                bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
        }

        /// Prepares to write a member of the container at `depth` (1-based: depth 1 is the root
        /// container): closes deeper ones, writes the separator and the key.
        func beginMember(depth: Int, key: String?) throws {
            guard stack.count >= depth else { throw StreamingEncodingError.outOfOrder }
            close(deeperThan: depth)
            if stack[depth - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
            stack[depth - 1].count += 1
            if let key { appendString(key); bytes.append(UInt8(ascii: ":")) }
        }

        func open(isObject: Bool) {
            bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            stack.append((isObject, 0))
        }

        /// Encodes a value whose slot (key or separator) has been written; `depth` is the depth of
        /// the container holding it.
        func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
            // Metatype checks first: a dynamic cast per value would cost more than the encoding.
            if T.self == String.self, let string = value as? String {
                appendString(string)
                return
            }
            if T.self == Decimal.self, let decimal = value as? Decimal {
                appendString(decimal.plainDescription)
                return
            }
            if T.self == URL.self, let url = value as? URL {
                appendString(url.absoluteString)
                return
            }
            if T.self == JSONValue.self, let json = value as? JSONValue {
                json.write(to: &bytes)
                return
            }
            if T.self == Data.self, let data = value as? Data {
                appendString(data.base64EncodedString())
                return
            }
            if T.self == Date.self, let date = value as? Date {
                try appendDouble(date.timeIntervalSince1970)
                return
            }
            if T.self == Set<String>.self, let set = value as? Set<String> {
                // A set's own encoding follows its hash order, which changes from process to
                // process; sorted, the same set writes the same bytes everywhere.
                try encodeValue(set.sorted(), depth: depth)
                return
            }
            let start = bytes.count
            try value.encode(to: ValueEncoder(writer: self, depth: depth))
            close(deeperThan: depth + 1)
            if bytes.count == start {
                // The value encoded nothing at all: an empty object, as JSONEncoder writes.
                bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
            } else if stack.count > depth {
                close(deeperThan: depth)
            }
        }

        func appendString(_ text: String) {
            StreamingJSONEncoder.appendString(text, to: &bytes)
        }

        func appendInteger(_ value: some BinaryInteger) {
            bytes.append(contentsOf: String(value).utf8)
        }

        func appendDouble(_ value: Double) throws {
            switch try CanonicalEncoder.number(value, codingPath: []) {
            case .number(let text): bytes.append(contentsOf: text.utf8)
            default: throw StreamingEncodingError.outOfOrder
            }
        }

        func appendBool(_ value: Bool) {
            bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        }

        func appendNull() {
            bytes.append(contentsOf: Array("null".utf8))
        }
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\\`, and control characters escaped
    /// (``LogWriter`` writes strings the same way).
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // The runs between bytes that need an escape are appended whole (most strings are one
        // run): byte by byte, writing a string cost a recorder about 4,500 instructions a
        // checkout action.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            var start = 0
            for index in 0..<utf8.count where needsEscape(utf8[index]) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(utf8[index], to: &bytes)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        if appended == nil {
            for byte in text.utf8 {
                if needsEscape(byte) { appendEscape(byte, to: &bytes) } else { bytes.append(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape of a quote, a backslash or a control character.
    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
            ])
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }
}

enum StreamingEncodingError: Error {
    /// The value wrote into containers out of nesting order; use the tree encoder instead.
    case outOfOrder
}

private struct ValueEncoder: Encoder {
    let writer: StreamingJSONEncoder.Writer
    /// The depth of the container holding this value (0 for the root value).
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.open(isObject: true)
        return KeyedEncodingContainer(KeyedWriter<Key>(writer: writer, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.open(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(writer: writer, depth: depth)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: StreamingJSONEncoder.Writer
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key) throws { try writer.beginMember(depth: depth, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { try member(key); writer.appendNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key); writer.appendBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key); writer.appendString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key); try writer.appendDouble(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try member(key); try writer.appendDouble(Double(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key); writer.appendInteger(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.encodeValue(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        // Encoder's API cannot throw here; an out-of-order use is caught on the next write.
        try? member(key)
        writer.open(isObject: true)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        try? member(key)
        writer.open(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        try? writer.beginMember(depth: depth, key: "super")
        return ValueEncoder(writer: writer, depth: depth)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        try? member(key)
        return ValueEncoder(writer: writer, depth: depth)
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: StreamingJSONEncoder.Writer
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { writer.stack.count >= depth ? writer.stack[depth - 1].count : 0 }

    private func element() throws { try writer.beginMember(depth: depth, key: nil) }

    mutating func encodeNil() throws { try element(); writer.appendNull() }
    mutating func encode(_ value: Bool) throws { try element(); writer.appendBool(value) }
    mutating func encode(_ value: String) throws { try element(); writer.appendString(value) }
    mutating func encode(_ value: Double) throws { try element(); try writer.appendDouble(value) }
    mutating func encode(_ value: Float) throws { try element(); try writer.appendDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: Int8) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: Int16) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: Int32) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: Int64) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: UInt) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { try element(); writer.appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { try element(); writer.appendInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try element()
        try writer.encodeValue(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        try? element()
        writer.open(isObject: true)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        try? element()
        writer.open(isObject: false)
        return UnkeyedWriter(writer: writer, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        try? element()
        return ValueEncoder(writer: writer, depth: depth)
    }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let writer: StreamingJSONEncoder.Writer
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.appendNull() }
    mutating func encode(_ value: Bool) throws { writer.appendBool(value) }
    mutating func encode(_ value: String) throws { writer.appendString(value) }
    mutating func encode(_ value: Double) throws { try writer.appendDouble(value) }
    mutating func encode(_ value: Float) throws { try writer.appendDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.appendInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.appendInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.appendInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.appendInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.appendInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.appendInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value, depth: depth) }
}

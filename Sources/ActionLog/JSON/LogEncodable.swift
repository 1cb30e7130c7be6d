public import Foundation

/// A type that writes itself straight into an action-log line, without `Encodable`'s containers:
/// the fast path for the actions a recorder writes, one per dispatch. It mirrors
/// ``LogDecodable``, the reading side.
///
/// `Encodable` through any encoder pays per container and per value for type metadata lookups,
/// existential boxes and key conversions; for a durable recorder that is a good part of each
/// action's cost. A type that also adopts `LogEncodable` writes the same JSON by hand:
///
/// ```swift
/// extension CartLine: LogEncodable {
///     public func encode(to log: inout LogWriter) throws {
///         log.beginObject()
///         log.member("id", id)
///         log.member("quantity", quantity)
///         log.member("unitPrice", unitPrice)
///         log.member("note", ifPresent: note)
///         log.endObject()
///     }
/// }
///
/// extension ShopAction: LogEncodable {   // enum ShopAction { case added(CartLine), case cleared }
///     public func encode(to log: inout LogWriter) throws {
///         switch self {
///         case .added(let line): try log.enumCase("added") { try $0.member("_0", line) }
///         case .cleared: log.enumCase("cleared") { _ in }
///         }
///     }
/// }
/// ```
///
/// The contract: `encode(to log:)` writes exactly the bytes the recorder writes for the value
/// through `Encodable` (members in `encode(to:)`'s order, optionals left out when `nil` as
/// `encodeIfPresent` does, an enum case as `{"case":{"_0":…,"label":…}}` as synthesised
/// conformances do, decimals as plain strings), or throws. When it throws (anything), the
/// recorder encodes the same action again through `Encodable`, so the log never depends on the
/// fast path being complete. Test a conformance by encoding representative values both ways
/// (``LogEncoding/json(_:)`` and ``LogEncoding/encodableJSON(_:)``) and comparing.
///
/// The recorder uses the fast path when the *action* type adopts `LogEncodable`; inside it,
/// members write with `member(_:_:)`, which takes each member type's own fast path if it has
/// one and `Encodable` otherwise.
public protocol LogEncodable: Encodable {
    /// Writes the value's JSON to `log`; throw when it cannot be written exactly as `Encodable`
    /// writes it.
    func encode(to log: inout LogWriter) throws
}

/// Writes one JSON value of an action-log line: compact, in the order it is told, with the
/// separators placed for it. Given to ``LogEncodable/encode(to:)``.
///
/// Objects are written with ``beginObject()``, `member` calls (or ``key(_:)`` and a value) and
/// ``endObject()``; arrays with ``array(_:)`` or ``beginArray()``, ``element()`` before each
/// element, and ``endArray()``.
public struct LogWriter {
    @usableFromInline var bytes: [UInt8]
    /// The next key or element follows a value in the same container: a comma goes first.
    @usableFromInline var needsComma = false

    @usableFromInline
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Objects and arrays

    /// Opens an object.
    @inlinable
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the object opened last.
    @inlinable
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes a member's name (and the comma before it, after another member); write its value
    /// next.
    @inlinable
    public mutating func key(_ name: StaticString) {
        // Member names are written as they are: a name that needs escaping has no place here.
        // `,"name":` is assembled on the stack and appended at once: five appends (four bytes and
        // the name) cost the export 3,000 instructions an action, at 14 keys an action.
        guard name.hasPointerRepresentation, name.utf8CodeUnitCount <= 60 else {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            needsComma = false
            return
        }
        // Sound: the buffer holds 64 bytes and at most 64 are written (a comma, two quotes, a colon
        // and a name of at most 60 bytes); the name's bytes are read from its pointer
        // representation, checked above, for its UTF-8 count.
        let count = name.utf8CodeUnitCount
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        let comma = needsComma
        withUnsafeMutableBytes(of: &buffer) { raw in
            var at = 0
            if comma {
                raw[at] = UInt8(ascii: ",")
                at += 1
            }
            raw[at] = UInt8(ascii: "\"")
            at += 1
            UnsafeMutableRawBufferPointer(rebasing: raw[at..<at + count])
                .copyMemory(from: UnsafeRawBufferPointer(start: name.utf8Start, count: count))
            at += count
            raw[at] = UInt8(ascii: "\"")
            raw[at + 1] = UInt8(ascii: ":")
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<at + 2]))
        }
        needsComma = false
    }

    /// Opens an array.
    @inlinable
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Starts the next element of the array opened last (writes the comma after another).
    @inlinable
    public mutating func element() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// Closes the array opened last.
    @inlinable
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An array of values that have their own fast path.
    @inlinable
    public mutating func array<Element: LogEncodable>(_ elements: some Sequence<Element>) throws {
        beginArray()
        for value in elements {
            element()
            try value.encode(to: &self)
            needsComma = true
        }
        endArray()
    }

    /// An enum case as synthesised `Encodable` writes it: `{"name":{…}}`, where `payload` writes
    /// the associated values as members (`_0`, `_1`, … for unlabelled ones), or nothing.
    @inlinable
    public mutating func enumCase(_ name: StaticString, _ payload: (inout LogWriter) throws -> Void) rethrows {
        beginObject()
        key(name)
        beginObject()
        try payload(&self)
        endObject()
        endObject()
    }

    // MARK: Values

    /// A string, escaped as the recorder escapes strings.
    public mutating func string(_ value: String) {
        StreamingJSONEncoder.appendString(value, to: &bytes)
        needsComma = true
    }

    /// An integer.
    @inlinable
    public mutating func integer(_ value: some BinaryInteger) {
        // A value that fits 64 bits has its digits written on the stack and appended at once:
        // `String(value)` took the generic printing path (`_description(radix:uppercase:)`) and
        // allocated, 520 instructions an integer.
        guard let small = Int64(exactly: value) else {
            bytes.append(contentsOf: String(value).utf8)
            needsComma = true
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            // Sound: at most 19 digits and a sign, 20 of the buffer's 24 bytes, written from the
            // end, and only the bytes written are appended.
            var at = raw.count
            var magnitude = small.magnitude
            repeat {
                at -= 1
                raw[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if small < 0 {
                at -= 1
                raw[at] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[at...]))
        }
        needsComma = true
    }

    /// A Boolean.
    @inlinable
    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    /// A decimal, exactly, as the plain string the recorder writes (`"12.50"` is `"12.5"`).
    public mutating func decimal(_ value: Decimal) {
        // The quoted plain text is written into a scratch buffer as the canonical writer writes
        // amounts, without the string (its digits and pieces joined) and without scanning it for
        // escapes: 1,260 instructions a decimal before, about 1.7 decimals an exported action.
        var scratch = ByteBuffer(capacity: 64)
        defer { scratch.deallocate() }
        scratch.append(UInt8(ascii: "\""))
        value.appendPlainDescription(to: &scratch)
        scratch.append(UInt8(ascii: "\""))
        let written = scratch.withUnsafeBufferPointer { text -> Bool in
            // Digits, signs and points need no escape; anything else (a `description` that is not
            // a number) takes the string's escaping, so the bytes are the same either way.
            for byte in text[1..<text.count - 1] where !Self.isPlainNumberByte(byte) { return false }
            bytes.append(contentsOf: text)
            return true
        }
        if !written { StreamingJSONEncoder.appendString(value.plainDescription, to: &bytes) }
        needsComma = true
    }

    /// Whether `byte` is a digit, `-` or `.`: never escaped in a JSON string.
    static func isPlainNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// `null`.
    @inlinable
    public mutating func null() {
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A value through its own fast path.
    @inlinable
    public mutating func value<T: LogEncodable>(_ value: T) throws {
        try value.encode(to: &self)
        needsComma = true
    }

    /// A value that has no fast path, through `Encodable` as the recorder writes it.
    public mutating func value<T: Encodable>(_ value: T) throws {
        try StreamingJSONEncoder.encode(value, into: &bytes)
        needsComma = true
    }

    // MARK: Members

    /// A string member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// An integer member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    /// A Boolean member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A decimal member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: Decimal) {
        key(name)
        decimal(value)
    }

    /// A member with its own fast path.
    @inlinable
    public mutating func member<T: LogEncodable>(_ name: StaticString, _ value: T) throws {
        key(name)
        try self.value(value)
    }

    /// A member without a fast path, through `Encodable`.
    @inlinable
    public mutating func member<T: Encodable>(_ name: StaticString, _ value: T) throws {
        key(name)
        try self.value(value)
    }

    /// A string member, left out when `nil` (as `encodeIfPresent` does).
    @inlinable
    public mutating func member(_ name: StaticString, ifPresent value: String?) {
        if let value { member(name, value) }
    }

    /// An integer member, left out when `nil`.
    @inlinable
    public mutating func member(_ name: StaticString, ifPresent value: Int?) {
        if let value { member(name, value) }
    }

    /// A decimal member, left out when `nil`.
    @inlinable
    public mutating func member(_ name: StaticString, ifPresent value: Decimal?) {
        if let value { member(name, value) }
    }

    /// A member with its own fast path, left out when `nil`.
    @inlinable
    public mutating func member<T: LogEncodable>(_ name: StaticString, ifPresent value: T?) throws {
        if let value { try member(name, value) }
    }

    /// A member without a fast path, left out when `nil`.
    @inlinable
    public mutating func member<T: Encodable>(_ name: StaticString, ifPresent value: T?) throws {
        if let value { try member(name, value) }
    }
}

/// Encoding with a type's ``LogEncodable`` fast path, and without it, for tests of a conformance.
public enum LogEncoding {
    /// The JSON `value`'s fast path writes (no `Encodable` fallback).
    public static func json<T: LogEncodable>(_ value: T) throws -> String {
        var writer = LogWriter(bytes: [])
        try value.encode(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The JSON the recorder writes for `value` through `Encodable`, ignoring any fast path.
    public static func encodableJSON<T: Encodable>(_ value: T) throws -> String {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

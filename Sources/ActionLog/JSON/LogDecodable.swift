public import Foundation
import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A type that decodes itself straight from a parsed action-log line, without `Decodable`'s
/// containers: the fast path for the actions a replay decodes by the million.
///
/// `Decodable` through any decoder pays per container and per value for type metadata lookups,
/// boxes and key matching; for a checkout's actions that is most of replay's time. A type that
/// also adopts `LogDecodable` reads the same JSON by hand:
///
/// ```swift
/// extension CartLine: LogDecodable {
///     public init(logValue value: LogValue) throws {
///         self.init(
///             id: try value.require("id").string(),
///             quantity: try value.require("quantity").int(),
///             unitPrice: try value.require("unitPrice").decimal(),
///             note: try value.member("note")?.string())
///     }
/// }
/// ```
///
/// The contract: for any JSON that `init(from:)` accepts, `init(logValue:)` either returns the
/// same value or throws; it never returns a different one. When it throws (anything), the reader
/// decodes the same line again through `Decodable`, so errors, unknown action cases and lenient
/// forms the fast path does not handle are exactly `Decodable`'s. Test a conformance by decoding
/// representative logs both ways (``LogDecoding/decode(_:json:)`` and `JSONDecoder`-style
/// `Decodable`) and comparing.
///
/// The reader uses the fast path when the *action* type adopts `LogDecodable`; inside it, members
/// decode with `decode(_:)`, which takes each member type's own fast path if it has
/// one and `Decodable` otherwise.
public protocol LogDecodable: Decodable {
    /// Decodes a value from a log line's JSON; throw (``LogValue/Mismatch`` or any error) when the
    /// JSON does not have the expected shape.
    init(logValue value: LogValue) throws
}

/// One JSON value inside a parsed log line, read without building a tree or a `Decoder`.
///
/// Valid only during the ``LogDecodable/init(logValue:)`` call it is given to: it points into
/// the reader's buffers, so do not keep it.
public struct LogValue {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let tokens: UnsafeBufferPointer<JSONTape.Token>
    @usableFromInline let index: Int
    /// The reader's strings and decimals made before (see ``TextCache``), or `nil` (each made
    /// anew).
    @usableFromInline let caches: TextCaches?

    @usableFromInline
    init(
        bytes: UnsafeRawBufferPointer, tokens: UnsafeBufferPointer<JSONTape.Token>, index: Int,
        caches: TextCaches? = nil
    ) {
        self.bytes = bytes
        self.tokens = tokens
        self.index = index
        self.caches = caches
    }

    /// The value at another index of the same line (with the same caches).
    @usableFromInline
    func at(_ index: Int) -> LogValue {
        LogValue(bytes: bytes, tokens: tokens, index: index, caches: caches)
    }

    /// The JSON does not have the shape a ``LogDecodable`` conformance expects; the reader falls
    /// back to `Decodable`, whose error is the one reported.
    public struct Mismatch: Error, CustomStringConvertible {
        /// What was expected, and what was found.
        public let description: String

        /// Creates a mismatch with a description.
        public init(_ description: String) {
            self.description = description
        }
    }

    @usableFromInline var token: JSONTape.Token { tokens[index] }

    @usableFromInline func mismatch(_ expected: String) -> Mismatch {
        Mismatch("expected \(expected) at byte \(token.start), found \(TapeContext.kindName(token.kind))")
    }

    /// Always inlined: left a call, it was some 21 instructions each time a number or decimal
    /// was read (three times a replayed checkout action).
    @inline(__always)
    private var text: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)])
    }

    // MARK: Scalars

    /// `true` when the value is `null`.
    public var isNull: Bool { token.kind == .null }

    /// `true` when the value is an object. A synthesised `Decodable` enum requires its case's
    /// payload to be an object even when it reads nothing from it (`{"cancelled":{}}`), and an
    /// object even when every payload value is optional; check this where no ``require(_:)`` does.
    public var isObject: Bool { token.kind == .object }

    /// The value as a string.
    public func string() throws -> String {
        let token = self.token
        if token.kind == .string, let caches {
            let text = UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)])
            guard
                let value = TextCache.value(text, in: caches.strings, make: { JSONTape.string(token, in: bytes) })
            else { throw mismatch("a valid string") }
            return value
        }
        guard token.kind == .string || token.kind == .escapedString else { throw mismatch("a string") }
        guard let value = JSONTape.string(token, in: bytes) else { throw mismatch("a valid string") }
        return value
    }

    /// The value as a Boolean.
    public func bool() throws -> Bool {
        switch token.kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw mismatch("a Boolean")
        }
    }

    /// The value as an `Int`.
    public func int() throws -> Int { try integer(Int.self) }

    /// The value as an integer of type `type`: digits with an optional minus, in range.
    public func integer<I: FixedWidthInteger>(_ type: I.Type = I.self) throws -> I {
        guard token.kind == .number else { throw mismatch("a number") }
        switch JSONTape.integer(text, as: type) {
        case .value(let value): return value
        case .noDigits, .notAnInteger: throw mismatch("an integer")
        case .overflow: throw mismatch("an integer that fits in \(I.self)")
        }
    }

    /// The value as a `Double`.
    public func double() throws -> Double {
        guard token.kind == .number, let value = Double(String(decoding: text, as: UTF8.self)) else {
            throw mismatch("a number")
        }
        return value
    }

    /// The value as a `Decimal`, exactly, from a plain decimal string or number (`"12.50"`,
    /// `12.5`), as the log reader's `Decodable` path reads `Decimal`.
    public func decimal() throws -> Decimal {
        switch token.kind {
        case .string, .number:
            if let value = plainDecimal(text) { return value }
        default:
            break
        }
        // Exponents, escapes and other rare forms: the `Decodable` path decides.
        return try decode(Decimal.self)
    }

    /// The value as a decimal when it is a string of plain decimal text (`"12.50"`, `"-3"`), read
    /// from the line's bytes as `Decimal(plainText:)` reads the text, with no `String` made; `nil`
    /// for anything else (another kind, an escaped string, any other form of number text).
    public func plainDecimalString() -> Decimal? {
        guard token.kind == .string else { return nil }
        return plainDecimal(text)
    }

    /// `text` read as a plain decimal (`Decimal.plain(utf8:text:)`), found among the decimals
    /// made before from the same bytes when this value has the reader's caches.
    private func plainDecimal(_ text: UnsafeRawBufferPointer) -> Decimal? {
        func make() -> Decimal? { Decimal.plain(utf8: text, text: { String(decoding: text, as: UTF8.self) }) }
        guard let caches else { return make() }
        return TextCache.value(text, in: caches.decimals, make: make)
    }

    // MARK: Objects

    /// The value of member `name`, or `nil` when the member is absent or `null` (the rule of
    /// `decodeIfPresent`, for optional properties). `nil` also when this is not an object.
    ///
    /// Inlinable, as ``require(_:)`` is.
    @inlinable @inline(__always)
    public func member(_ name: StaticString) -> LogValue? {
        guard let found = find(name), tokens[found].kind != .null else { return nil }
        return at(found)
    }

    /// The value of member `name`, which must be present.
    ///
    /// Inlinable, with the search for the name: compiled into each conformance, the name's
    /// length and bytes are constants there, and a replay asks about ten times a line (a call
    /// into this module for each was some 1,100 instructions a replayed checkout action).
    @inlinable @inline(__always)
    public func require(_ name: StaticString) throws -> LogValue {
        guard let found = find(name) else { throw missing(name) }
        return at(found)
    }

    /// Why ``require(_:)`` found no member `name`.
    @usableFromInline
    func missing(_ name: StaticString) -> Mismatch {
        guard token.kind == .object else { return mismatch("an object") }
        return Mismatch("no member \"\(name)\" in the object at byte \(token.start)")
    }

    /// Whether this is an object with member `name` (present, even if `null`).
    public func contains(_ name: StaticString) -> Bool { find(name) != nil }

    /// The members of an object as a dictionary, each value read by `value`: a fast path for a
    /// `[String: Value]` that `Decodable` would otherwise read through a keyed container (some
    /// 20,000 instructions for two members).
    ///
    /// Returns `nil`, for the caller to decode through `Decodable` and report what it reports,
    /// when this is not an object, when a name has escapes or appears twice, or when `value`
    /// throws.
    ///
    /// ```swift
    /// headers: try value.require("headers").dictionary { try $0.string() }
    ///     ?? value.require("headers").decode([String: String].self)
    /// ```
    public func dictionary<Value>(_ value: (LogValue) throws -> Value) -> [String: Value]? {
        guard token.kind == .object else { return nil }
        var result: [String: Value] = [:]
        var position = index + 1
        let end = Int(token.next)
        while position < end {
            let key = tokens[position]
            guard key.kind == .string, let name = JSONTape.string(key, in: bytes),
                let member = try? value(at(position + 1)),
                result.updateValue(member, forKey: name) == nil
            else { return nil }
            position = Int(tokens[position + 1].next)
        }
        return result
    }

    /// The only member of an object, as `Decodable`'s synthesised enum coding writes a case:
    /// `{"caseName": {"_0": ..., "label": ...}}`. Switch on `name`, read the payload from `value`.
    public func singleMember() throws -> (name: String, value: LogValue) {
        guard JSONTape.isSingleMemberObject(index, in: tokens) else { throw mismatch("an object with one member") }
        let key = at(index + 1)
        return (try key.string(), at(index + 2))
    }

    /// The only member of an object, as ``singleMember()``, with its name read in place: no
    /// `String` is made. Switch on the name with string literals, as on a `String`:
    ///
    /// ```swift
    /// let (name, payload) = try value.singleMemberName()
    /// switch name {
    /// case "emailSubmitted": self = .emailSubmitted(try payload.require("_0").string())
    /// default: throw LogValue.Mismatch("no case \(name)")
    /// }
    /// ```
    ///
    /// A name written with escapes (never by an encoder of this package) is refused with a
    /// ``Mismatch``, so the reader decodes that line through `Decodable`.
    public func singleMemberName() throws -> (name: LogName, value: LogValue) {
        guard JSONTape.isSingleMemberObject(index, in: tokens) else { throw mismatch("an object with one member") }
        let key = tokens[index + 1]
        guard key.kind == .string, let base = bytes.baseAddress else {
            throw Mismatch("a member name with escapes at byte \(key.start)")
        }
        return (
            LogName(start: base + Int(key.start), count: Int(key.length)),
            at(index + 2)
        )
    }

    /// Where the value of member `name` is on the tape: the first member of that name (`nil`
    /// when there is none, or this is not an object).
    @inlinable @inline(__always)
    func find(_ name: StaticString) -> Int? {
        guard token.kind == .object else { return nil }
        let length = name.utf8CodeUnitCount
        let start = name.utf8Start
        guard let base = bytes.baseAddress, let plainKey = JSONTape.Token.plainString(length: length) else {
            return nil
        }
        var position = index + 1
        let end = Int(token.next)
        while position < end {
            let key = tokens[position]
            if key.kindAndLengthWord == plainKey, Self.sameBytes(base + Int(key.start), start, length) {
                return position + 1
            } else if key.kind == .escapedString, escapedKey(at: position, is: name) {
                return position + 1
            }
            position = Int(tokens[position + 1].next)
        }
        return nil
    }

    /// Whether the escaped member name at `position` reads as `name` (never written by an encoder
    /// of this package: out of line).
    @usableFromInline
    func escapedKey(at position: Int, is name: StaticString) -> Bool {
        (try? at(position).string())
            == name.withUTF8Buffer({ String(decoding: $0, as: UTF8.self) })
    }

    /// Whether `count` bytes at `a` and `b` are the same, compared in line (member names are a
    /// few bytes, shorter than a call to `memcmp`): eight at a time, the last word overlapping the
    /// one before it rather than a byte loop.
    @inlinable @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let other = UnsafeRawPointer(b)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard
                    a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == other.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            guard a.load(fromByteOffset: offset, as: UInt8.self) == other.load(fromByteOffset: offset, as: UInt8.self)
            else { return false }
            offset += 1
        }
        return true
    }

    // MARK: Arrays

    /// The elements of an array.
    public func elements() throws -> LogArray {
        guard token.kind == .array else { throw mismatch("an array") }
        return LogArray(array: self)
    }

    /// An array whose elements decode with `decode(_:)`.
    public func array<Element: Decodable>(of type: Element.Type = Element.self) throws -> [Element] {
        let elements = try elements()
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try element.decode(Element.self)) }
        return result
    }

    /// An array whose elements have their own fast path.
    @inlinable
    public func array<Element: LogDecodable>(of type: Element.Type = Element.self) throws -> [Element] {
        let elements = try elements()
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try Element(logValue: element)) }
        return result
    }

    // MARK: Nested values

    /// Decodes a nested value through its own fast path.
    @inlinable
    public func decode<T: LogDecodable>(_ type: T.Type = T.self) throws -> T {
        try T(logValue: self)
    }

    /// Decodes a nested value that has no fast path, through `Decodable` (the log reader's own
    /// decoder, with the same special cases for `Decimal`, `Date`, `URL` and `Data`).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        let context = TapeContext(bytes: bytes, tokens: tokens, root: index)
        return try TapeDecoder(context: context, index: index).decodeValue(type)
    }
}

/// A member's name in a log line, read in place (see ``LogValue/singleMemberName()``): it matches
/// string literals in a `switch` by its bytes, and makes a `String` only when asked for its
/// ``description``. Valid, as ``LogValue``, only during the decoding call that made it.
public struct LogName: CustomStringConvertible {
    @usableFromInline let start: UnsafeRawPointer
    @usableFromInline let count: Int

    init(start: UnsafeRawPointer, count: Int) {
        self.start = start
        self.count = count
    }

    /// The name as a `String`.
    public var description: String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Whether `name` spells `pattern`: what a `case "literal":` of a `switch` on a name asks.
    ///
    /// Always inlined: a `switch` on a name tries its cases one after another, and inlined, a
    /// case of another length is one comparison with a constant.
    @inlinable @inline(__always)
    public static func ~= (pattern: StaticString, name: LogName) -> Bool {
        pattern.utf8CodeUnitCount == name.count && LogValue.sameBytes(name.start, pattern.utf8Start, name.count)
    }
}

/// The elements of a JSON array in a log line; see ``LogValue/elements()``.
public struct LogArray: Sequence {
    /// The array.
    let array: LogValue

    /// The number of elements.
    public var count: Int { JSONTape.children(of: array.index, in: array.tokens) }

    /// Iterates over the elements in order.
    public struct Iterator: IteratorProtocol {
        let array: LogValue
        var position: Int
        let end: Int

        /// The next element, or `nil` after the last.
        public mutating func next() -> LogValue? {
            guard position < end else { return nil }
            let value = array.at(position)
            position = Int(array.tokens[position].next)
            return value
        }
    }

    /// An iterator over the elements.
    public func makeIterator() -> Iterator {
        Iterator(array: array, position: array.index + 1, end: Int(array.tokens[array.index].next))
    }
}

/// Decoding JSON text with a type's ``LogDecodable`` fast path, for tests of a conformance.
public enum LogDecoding {
    /// Decodes `json` with `T`'s fast path alone (no `Decodable` fallback), so a test can
    /// compare the result with `Decodable`'s.
    public static func decode<T: LogDecodable>(_ type: T.Type, json: String) throws -> T {
        var tape = JSONTape()
        let bytes = Array(json.utf8)
        return try bytes.withUnsafeBytes { raw in
            try tape.parse(raw)
            return try tape.withTokens { tokens in
                try T(logValue: LogValue(bytes: raw, tokens: tokens, index: 0))
            }
        }
    }
}

import StateStore

/// A parsed JSON text as a flat list of tokens over the original bytes: no tree, no strings
/// built until a decoder asks for one. The action-log reader parses each line into one reused
/// tape, so reading a line allocates next to nothing.
///
/// Objects and arrays record where they end (`next`, the index of the token after their last
/// descendant), so a decoder skips a member in one step. An object's children alternate key
/// token, value token.
@usableFromInline
struct JSONTape {
    /// Exactly eight cases, numbered 0 to 7: `Token.kind` relies on it.
    @usableFromInline
    enum Kind: UInt8 {
        case object, array, string, escapedString, number, trueValue, falseValue, null
    }

    /// A value on the tape: 12 bytes. The kind shares a word with the length, and a container's
    /// number of children is not kept (``JSONTape/children(of:in:)`` counts them when asked, which
    /// is rare), so a line of small values (`[1,1,1,…]`, a token per two bytes) takes at most six
    /// bytes of tape per byte of text.
    @usableFromInline
    struct Token {
        /// Where the value's text starts (strings: after the opening quote).
        @usableFromInline var start: Int32
        /// The kind, in the top three bits, and the text's length (strings without their quotes).
        @usableFromInline private(set) var kindAndLength: UInt32
        /// The index of the token after this one and all its descendants.
        @usableFromInline var next: Int32

        init(kind: Kind, start: Int32, length: Int32, next: Int32) {
            self.start = start
            self.kindAndLength =
                UInt32(kind.rawValue) << Self.kindShift | (UInt32(bitPattern: length) & Self.lengthMask)
            self.next = next
        }

        @usableFromInline static var kindShift: UInt32 { 29 }
        @usableFromInline static var lengthMask: UInt32 { (1 << 29) - 1 }
        /// The longest text a token spans.
        @usableFromInline static var maximumLength: Int { (1 << 29) - 1 }

        @inlinable
        var kind: Kind {
            // Three bits, and eight kinds: every pattern of the bits is a kind, so the bits are
            // the kind as they are. (`Kind(rawValue:)` was a call on every token read, about
            // 300 instructions a checkout action.)
            unsafeBitCast(UInt8(truncatingIfNeeded: kindAndLength >> Self.kindShift), to: Kind.self)
        }

        /// The word that holds the kind and the length: equal to ``plainString(length:)`` for a
        /// string without escapes of that length. Member-name searches compare it once per key,
        /// where reading the kind and then the length took two comparisons and the kind's shift.
        @inlinable var kindAndLengthWord: UInt32 { kindAndLength }

        /// The ``kindAndLengthWord`` of a string without escapes whose text is `length` bytes
        /// long; `nil` for a length no token has.
        @inlinable
        static func plainString(length: Int) -> UInt32? {
            guard length >= 0, length <= maximumLength else { return nil }
            return UInt32(Kind.string.rawValue) << kindShift | UInt32(length)
        }

        /// The length of the value's text.
        @inlinable
        var length: Int32 {
            get { Int32(bitPattern: kindAndLength & Self.lengthMask) }
            set {
                kindAndLength = (kindAndLength & ~Self.lengthMask) | (UInt32(bitPattern: newValue) & Self.lengthMask)
            }
        }
    }

    /// The number of children of the container at `index` (keys and values both count for
    /// objects), counted by skipping from one to the next.
    static func children(of index: Int, in tokens: UnsafeBufferPointer<Token>) -> Int {
        var count = 0
        var position = index + 1
        let end = Int(tokens[index].next)
        while position < end {
            position = Int(tokens[position].next)
            count += 1
        }
        return count
    }

    /// Whether the token at `index` is an object with exactly one member (as `Decodable`'s
    /// synthesised enum coding writes a case).
    static func isSingleMemberObject(_ index: Int, in tokens: UnsafeBufferPointer<Token>) -> Bool {
        let token = tokens[index]
        return token.kind == .object && Int(token.next) > index + 2 && tokens[index + 2].next == token.next
    }

    /// The tokens, in memory the tape owns and reuses from line to line (copied on write, so
    /// each worker's copy of a parser writes its own).
    @usableFromInline var storage = Storage()

    /// Room for tokens: sized for the worst case of the longest text parsed so far, and written
    /// with plain stores.
    ///
    /// Its fields are `@exclusivity(unchecked)`: checked, each read of them was a call into the
    /// runtime's access tracking (about ten a line, some 750 instructions a replayed checkout
    /// action). Nothing can overlap: one tape owns its storage (copied on write), one parser owns
    /// the tape, and a parser is used by one thread at a time (each worker has its own), so no
    /// access to a field ever begins while another to it is in progress.
    @usableFromInline
    final class Storage {
        @usableFromInline @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Token>?
        @usableFromInline @exclusivity(unchecked) var count = 0
        @exclusivity(unchecked) private(set) var capacity = 0
        /// The strings and decimals decoders made from this tape's texts (see ``TextCache``),
        /// made when first asked for.
        @exclusivity(unchecked) private var caches: TextCaches?

        @usableFromInline init() {}

        deinit {
            base?.deallocate()
            caches?.deallocate()
        }

        /// The strings and decimals decoders made from this tape's texts, for ``LogValue``s of
        /// its texts (valid while the storage lives).
        @usableFromInline
        func textCaches() -> TextCaches {
            if let caches { return caches }
            let made = TextCaches()
            caches = made
            return made
        }

        /// Room for at least `needed` tokens; what it held is dropped.
        func reserve(_ needed: Int) -> UnsafeMutablePointer<Token> {
            if let base, capacity >= needed { return base }
            base?.deallocate()
            // The old room goes first: a long line's tokens are never held twice.
            let room = UnsafeMutablePointer<Token>.allocate(capacity: needed)
            base = room
            capacity = needed
            return room
        }
    }

    /// The number of tokens of the last text parsed.
    var count: Int { storage.count }

    /// The room the tape holds, in tokens (for tests of the memory bound).
    var capacity: Int { storage.capacity }

    /// The token at `index`, which must be below ``count``.
    subscript(index: Int) -> Token {
        precondition(index >= 0 && index < storage.count, "token index out of range")
        return withTokens { $0[index] }
    }

    /// Calls `body` with the tokens of the last text parsed.
    @inlinable
    func withTokens<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Token>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let storage = self.storage
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The largest text a tape parses: a token's length has 29 bits, and the action-log reader
    /// never hands it a longer line (see ``ActionLogFormat/maximumLineBytesCeiling``).
    static var maximumTextBytes: Int { Token.maximumLength }

    /// The most tokens a text of `byteCount` bytes can make, valid or not. A complete value of
    /// `n` bytes has at most `(n + 1) / 2` tokens (a scalar takes a byte; each further child of a
    /// container takes its own bytes and a separator or bracket, a member also a key and a
    /// colon); a text cut off or broken mid-way adds at most one token per container still open,
    /// and the scanner refuses nesting deeper than 256.
    static func tokenBound(byteCount: Int) -> Int { (byteCount + 1) / 2 + 258 }

    /// Parses `bytes` (one complete JSON value) into the tape, replacing what it held.
    ///
    /// Memory: the tape keeps room for ``tokenBound(byteCount:)`` tokens of the longest text
    /// parsed (12 bytes a token, so at most about 6 bytes per byte of text, and only as much of
    /// it is touched as the text has tokens); nothing else is allocated.
    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        guard bytes.count <= Self.maximumTextBytes else {
            throw JSONParseError(offset: 0, reason: "the text is longer than \(Self.maximumTextBytes) bytes")
        }
        if parseCompact(bytes) { return }
        try parseGenerally(bytes)
    }

    /// Parses `bytes` with ``CompactScanner`` if they are one valid value written as the log
    /// writes it (no whitespace, nesting at most ``CompactScanner/maximumDepth``): `true` and the
    /// tape holds the tokens ``parseGenerally(_:)`` would have made; `false` and the tape holds
    /// nothing to rely on.
    mutating func parseCompact(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= Self.maximumTextBytes else { return false }
        if !isKnownUniquelyReferenced(&storage) { storage = Storage() }
        storage.count = 0
        let base = storage.reserve(Self.tokenBound(byteCount: bytes.count))
        guard let count = CompactScanner.scan(bytes, into: base) else { return false }
        storage.count = count
        return true
    }

    /// Parses `bytes` with the general scanner, which takes whitespace anywhere JSON allows it and
    /// names what is wrong with a text it refuses (and where).
    mutating func parseGenerally(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        guard bytes.count <= Self.maximumTextBytes else {
            throw JSONParseError(offset: 0, reason: "the text is longer than \(Self.maximumTextBytes) bytes")
        }
        if !isKnownUniquelyReferenced(&storage) { storage = Storage() }
        storage.count = 0
        let capacity = Self.tokenBound(byteCount: bytes.count)
        let base = storage.reserve(capacity)
        // The scanner writes into room of the worst case's size with plain stores (an array
        // append checks uniqueness and capacity on each of the hundred-odd tokens of a line).
        var scanner = TapeScanner(bytes: bytes)
        var writer = TokenWriter(base: base, capacity: capacity)
        scanner.skipWhitespace()
        try scanner.value(into: &writer, depth: 0)
        scanner.skipWhitespace()
        guard scanner.index == bytes.count else {
            throw JSONParseError(offset: scanner.index, reason: "unexpected text after the JSON value")
        }
        storage.count = writer.count
    }
}

extension JSONTape {
    /// The text of a string token (unescaped), or `nil` if it is not a string or not valid.
    /// Shared by the `Decodable` path and `LogValue`.
    static func string(_ token: Token, in bytes: UnsafeRawBufferPointer) -> String? {
        switch token.kind {
        case .string:
            // ASCII is valid UTF-8 as it is: `String(validating:)` goes through an unspecialised
            // generic validator that costs more than the rest of reading the string.
            let text = UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)])
            guard isASCII(text) else { return String(validating: text, as: UTF8.self) }
            // Most strings of a log line fit in a small string (15 bytes): built in place from a
            // copy of the bytes, where `String(decoding:as:)` validated them again first and
            // then copied them (about 260 instructions a replayed checkout action).
            if text.count <= 15 {
                return String(unsafeUninitializedCapacity: text.count) { buffer in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: text)
                    return text.count
                }
            }
            return String(decoding: text, as: UTF8.self)
        case .escapedString:
            // Rare: let the full parser unescape it (quotes included).
            let quoted = UnsafeRawBufferPointer(
                rebasing: bytes[Int(token.start - 1)..<Int(token.start + token.length + 1)])
            if case .string(let text)? = try? JSONParser.parse(quoted.bindMemory(to: UInt8.self)) { return text }
            return nil
        default:
            return nil
        }
    }

    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Most strings of a log line are under 16 bytes: two overlapping loads check them.
        if let base = bytes.baseAddress, bytes.count >= 4, bytes.count <= 16 {
            if bytes.count >= 8 {
                return
                    (base.loadUnaligned(as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
                    & 0x8080_8080_8080_8080 == 0
            }
            return
                (base.loadUnaligned(as: UInt32.self)
                | base.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self)) & 0x8080_8080 == 0
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            guard bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else {
                return false
            }
            offset += 8
        }
        while offset < bytes.count {
            guard bytes[offset] < 0x80 else { return false }
            offset += 1
        }
        return true
    }

    /// What reading a number token's text as an integer gave.
    enum IntegerText<I: FixedWidthInteger> {
        case value(I)
        /// A minus sign and nothing else.
        case noDigits
        /// Something other than an optional minus and digits (a fraction, an exponent).
        case notAnInteger
        /// Digits that do not fit in `I`.
        case overflow
    }

    /// Reads `-?digits` as an `I`, with overflow checks. Shared by the `Decodable` path and
    /// `LogValue`.
    static func integer<I: FixedWidthInteger>(_ text: UnsafeRawBufferPointer, as type: I.Type) -> IntegerText<I> {
        var value: I = 0
        var offset = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { offset = 1 }
        guard offset < text.count else { return .noDigits }
        // Up to 18 digits always fit a 64-bit integer: no overflow check per digit (a record's
        // sequence number and 13-digit time are read on every line). Not for a minus before an
        // unsigned type, which overflows at its first digit other than 0, before any later byte
        // that is not a digit is seen (the loop below says which comes first).
        if I.bitWidth >= 64, I.isSigned || !negative, text.count - offset <= 18 {
            var magnitude: Int64 = 0
            while offset < text.count {
                let digit = text[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return .notAnInteger }
                magnitude = magnitude &* 10 &+ Int64(digit)
                offset += 1
            }
            return .value(I(truncatingIfNeeded: negative ? -magnitude : magnitude))
        }
        while offset < text.count {
            let byte = text[offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .notAnInteger }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = I(byte &- UInt8(ascii: "0"))
            let (next, overflow2) =
                negative ? multiplied.subtractingReportingOverflow(digit) : multiplied.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return .overflow }
            value = next
            offset += 1
        }
        return .value(value)
    }
}

/// Where the scanner writes tokens: room sized for the worst case (a token per byte of text),
/// so appending is a store and a count.
private struct TokenWriter {
    let base: UnsafeMutablePointer<JSONTape.Token>
    /// The room's size: never reached (see `JSONTape.tokenBound`); checked in debug builds only.
    let capacity: Int
    var count = 0

    init(base: UnsafeMutablePointer<JSONTape.Token>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func append(_ token: JSONTape.Token) {
        assert(count < capacity, "more tokens than JSONTape.tokenBound allows")
        (base + count).initialize(to: token)
        count += 1
    }
}

private struct TapeScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    /// An offset or a token count as a token stores it. Never truncates: `JSONTape.parse` takes
    /// at most `JSONTape.maximumTextBytes` (2^29 - 1) bytes, and a text has fewer tokens than
    /// bytes plus 259 (`JSONTape.tokenBound`). The checked conversion cost a compare and a
    /// branch on each of the three per token, some 300 instructions a checkout log line.
    @inline(__always)
    func offset32(_ value: Int) -> Int32 {
        assert(value >= 0 && value <= Int(Int32.max), "a token offset or count beyond Int32")
        return Int32(truncatingIfNeeded: value)
    }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    /// Log lines have no whitespace between tokens: one comparison says so, and the loop runs
    /// only for text that has some.
    @inline(__always)
    mutating func skipWhitespace() {
        if index < bytes.count, bytes[index] > 0x20 { return }
        skipWhitespaceSlowly()
    }

    mutating func skipWhitespaceSlowly() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value(into tokens: inout TokenWriter, depth: Int) throws(JSONParseError) {
        guard index < bytes.count else { throw fail("unexpected end of text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try container(into: &tokens, depth: depth + 1, isObject: true)
        case UInt8(ascii: "["): try container(into: &tokens, depth: depth + 1, isObject: false)
        case UInt8(ascii: "\""): try string(into: &tokens)
        case UInt8(ascii: "t"): try literal("true", .trueValue, into: &tokens)
        case UInt8(ascii: "f"): try literal("false", .falseValue, into: &tokens)
        case UInt8(ascii: "n"): try literal("null", .null, into: &tokens)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(into: &tokens)
        default: throw fail("unexpected character, expected a value")
        }
    }

    /// A member's or an element's value, whitespace before it skipped: strings and numbers (most
    /// of a log line's values) scanned here, without the call through `value` (its entry, exit
    /// and dispatch were some 500 instructions a checkout log line); anything else through
    /// `value`, which checks and names what is there.
    @inline(__always)
    mutating func nestedValue(into tokens: inout TokenWriter, depth: Int) throws(JSONParseError) {
        if index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return try string(into: &tokens) }
            if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") { return try number(into: &tokens) }
            if byte <= 0x20 { skipWhitespaceSlowly() }
        }
        try value(into: &tokens, depth: depth)
    }

    mutating func literal(
        _ text: StaticString, _ kind: JSONTape.Kind, into tokens: inout TokenWriter
    )
        throws(JSONParseError)
    {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of text in a literal") }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
            throw fail("invalid literal")
        }
        tokens.append(
            .init(kind: kind, start: offset32(index), length: offset32(count), next: offset32(tokens.count + 1)))
        index += count
    }

    mutating func container(into tokens: inout TokenWriter, depth: Int, isObject: Bool) throws(JSONParseError) {
        guard depth <= 256 else { throw fail("nesting deeper than 256") }
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let slot = tokens.count
        tokens.append(.init(kind: isObject ? .object : .array, start: offset32(index), length: 0, next: 0))
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
        } else {
            // Log lines have no whitespace: each separator is looked for where it is expected,
            // and only a byte that is not it goes through `skipWhitespace` and the checks that
            // name what was wrong (from the same position, so a bad text fails as it always did).
            // Four whitespace checks per member were some 400 instructions a checkout log line.
            while true {
                if isObject {
                    if !(index < bytes.count && bytes[index] == UInt8(ascii: "\"")) {
                        skipWhitespace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                            throw fail("expected a member name in quotes")
                        }
                    }
                    try string(into: &tokens)
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                        index += 1
                    } else {
                        skipWhitespace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                            throw fail("expected ':'")
                        }
                        index += 1
                    }
                }
                try nestedValue(into: &tokens, depth: depth)
                if index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if byte == close {
                        index += 1
                        break
                    }
                }
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of text in a container") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == close {
                    index += 1
                    break
                }
                throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }
        tokens.base[slot].length = offset32(index) &- tokens.base[slot].start
        tokens.base[slot].next = offset32(tokens.count)
    }

    /// Inlined into `value` and `container` (member names are half a line's tokens): the call
    /// cost more than scanning a short name.
    @inline(__always)
    mutating func string(into tokens: inout TokenWriter) throws(JSONParseError) {
        index += 1
        let start = index
        var escaped = false
        var position = index
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw fail("unexpected end of text in a string") }
        while true {
            // Find the next quote, backslash or control character: eight bytes at a time (strings
            // are most of a log line, and most need no escape), landing on the first such byte
            // of the word that holds one (the lowest flagged byte is always a true one).
            var found = false
            while position + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let ones: UInt64 = 0x0101_0101_0101_0101
                let special =
                    (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                        | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    found = true
                    break
                }
                position += 8
            }
            if !found {
                // Fewer than eight bytes left: one at a time.
                while position < count {
                    let byte = base.load(fromByteOffset: position, as: UInt8.self)
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                        found = true
                        break
                    }
                    position += 1
                }
                guard found else {
                    index = position
                    throw fail("unexpected end of text in a string")
                }
            }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            if byte == UInt8(ascii: "\"") {
                tokens.append(
                    .init(
                        kind: escaped ? .escapedString : .string, start: offset32(start),
                        length: offset32(position &- start), next: offset32(tokens.count &+ 1)))
                index = position + 1
                return
            }
            if byte < 0x20 {
                index = position
                throw fail("a control character in a string")
            }
            // A backslash: skip it and the byte it escapes.
            escaped = true
            position += 2
        }
    }

    mutating func number(into tokens: inout TokenWriter) throws(JSONParseError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard index < bytes.count, digit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, digit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, digit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, digit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, digit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, digit(bytes[index]) { index += 1 }
        }
        tokens.append(
            .init(
                kind: .number, start: offset32(start), length: offset32(index &- start),
                next: offset32(tokens.count &+ 1)))
    }
}

/// The scanner for text as the action log writes it: one value, no whitespace, nesting at most
/// ``maximumDepth``. It follows the nesting with a stack of its own instead of recursion, so the
/// position, the token count and the token being made stay in registers (the recursive
/// `TapeScanner` stored its index and count through `self` at each byte and token and checked each
/// increment for overflow). For anything else (whitespace, an error of any kind, deeper nesting)
/// it answers `nil` and `JSONTape.parse` runs `TapeScanner` from the start, which accepts or
/// refuses the text and says where, as it always did: a text the compact scanner takes is valid
/// JSON, and it writes the tokens `TapeScanner` writes for it.
enum CompactScanner {
    /// The deepest nesting followed; deeper text goes to `TapeScanner` (which allows 256).
    static var maximumDepth: Int { 64 }

    /// Scans `bytes` into `tokens` (room for `JSONTape.tokenBound(byteCount:)` tokens; at most
    /// `JSONTape.maximumTextBytes` bytes) and answers the number of tokens written, or `nil`.
    static func scan(_ bytes: UnsafeRawBufferPointer, into tokens: UnsafeMutablePointer<JSONTape.Token>) -> Int? {
        guard let text = bytes.baseAddress else { return nil }
        // A container's slot on the tape, shifted left by one, with the low bit set for an object.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: maximumDepth) { open in
            scan(text, end: bytes.count, into: tokens, open: open)
        }
    }

    // Offsets and counts never overflow: a text has at most 2^29 - 1 bytes, and `end - position`
    // is checked before each read, so the arithmetic is unchecked (`&+`).
    private static func scan(
        _ text: UnsafeRawPointer, end: Int, into tokens: UnsafeMutablePointer<JSONTape.Token>,
        open: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        var position = 0
        var count = 0
        var depth = 0
        @inline(__always) func byte(_ offset: Int) -> UInt8 { text.load(fromByteOffset: offset, as: UInt8.self) }
        @inline(__always) func append(_ kind: JSONTape.Kind, _ start: Int, _ length: Int) {
            (tokens + count).initialize(
                to: .init(
                    kind: kind, start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: length),
                    next: Int32(truncatingIfNeeded: count &+ 1)))
            count &+= 1
        }
        /// Closes the container whose slot is `slot`, its closing bracket at `position - 1`.
        @inline(__always) func close(_ slot: Int) {
            let start = Int(tokens[slot].start)
            tokens[slot].length = Int32(truncatingIfNeeded: position &- start)
            tokens[slot].next = Int32(truncatingIfNeeded: count)
        }
        /// A string whose opening quote is at `position`: its token written and `position` past
        /// its closing quote, or `false`.
        @inline(__always) func string() -> Bool {
            let start = position &+ 1
            guard let (quote, escaped) = stringEnd(text, from: start, end: end) else { return false }
            append(escaped ? .escapedString : .string, start, quote &- start)
            position = quote &+ 1
            return true
        }
        /// A member name and its colon at `position`, or `false`.
        @inline(__always) func name() -> Bool {
            guard position < end, byte(position) == UInt8(ascii: "\""), string() else { return false }
            guard position < end, byte(position) == UInt8(ascii: ":") else { return false }
            position &+= 1
            return true
        }
        while true {
            // A value at `position`.
            guard position < end else { return nil }
            let first = byte(position)
            if first == UInt8(ascii: "\"") {
                guard string() else { return nil }
            } else if first &- UInt8(ascii: "0") < 10 || first == UInt8(ascii: "-") {
                guard let numberEnd = numberEnd(text, from: position, end: end) else { return nil }
                append(.number, position, numberEnd &- position)
                position = numberEnd
            } else if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                guard depth < open.count else { return nil }
                let isObject = first == UInt8(ascii: "{")
                let slot = count
                (tokens + count).initialize(
                    to: .init(
                        kind: isObject ? .object : .array, start: Int32(truncatingIfNeeded: position), length: 0,
                        next: 0))
                count &+= 1
                position &+= 1
                guard position < end else { return nil }
                if byte(position) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    // Empty: closed at once (a comma may not follow the bracket).
                    position &+= 1
                    close(slot)
                } else {
                    open[depth] = slot << 1 | (isObject ? 1 : 0)
                    depth &+= 1
                    if isObject { guard name() else { return nil } }
                    continue
                }
            } else {
                let literal: (JSONTape.Kind, Int)
                if end &- position >= 4, text.loadUnaligned(fromByteOffset: position, as: UInt32.self) == trueWord {
                    literal = (.trueValue, 4)
                } else if end &- position >= 4,
                    text.loadUnaligned(fromByteOffset: position, as: UInt32.self) == nullWord
                {
                    literal = (.null, 4)
                } else if end &- position >= 5,
                    text.loadUnaligned(fromByteOffset: position, as: UInt32.self) == falsWord,
                    byte(position &+ 4) == UInt8(ascii: "e")
                {
                    literal = (.falseValue, 5)
                } else {
                    return nil
                }
                append(literal.0, position, literal.1)
                position &+= literal.1
            }
            // After a value: a comma and the next member or element, or the container's end.
            while true {
                guard depth > 0 else { return position == end ? count : nil }
                guard position < end else { return nil }
                let entry = open[depth &- 1]
                let isObject = entry & 1 != 0
                let separator = byte(position)
                if separator == UInt8(ascii: ",") {
                    position &+= 1
                    if isObject { guard name() else { return nil } }
                    break
                }
                guard separator == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                position &+= 1
                close(entry >> 1)
                depth &-= 1
            }
        }
    }

    /// "true", "null" and "fals" as little-endian words.
    private static var trueWord: UInt32 { UInt32(littleEndian: 0x6575_7274) }
    private static var nullWord: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }
    private static var falsWord: UInt32 { UInt32(littleEndian: 0x736C_6166) }

    /// The offset of the quote that closes a string whose text starts at `start`, and whether the
    /// text has a backslash; `nil` for a control character or no closing quote.
    ///
    /// Eight bytes at a time, as `TapeScanner.string`, but with one test fewer: a word is stopped
    /// at by any byte below 0x23 (controls, the quote, and the space and `!`, which the byte check
    /// after it passes over) or a backslash. The three exact tests took 13 instructions a word
    /// and pushed their constants out of registers (about 38 words a checkout line); this takes 7,
    /// its constants stay, and spaces are few: 13,215 -> 12,930 instructions a replayed action.
    @inline(__always)
    private static func stringEnd(_ text: UnsafeRawPointer, from start: Int, end: Int) -> (Int, Bool)? {
        var position = start
        var escaped = false
        while true {
            var found = false
            while end &- position >= 8 {
                let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                // A byte's high bit is set in `word - 0x23…` if it is below 0x23, and in
                // `(word ^ 0x5C…) - 0x01…` if it is a backslash, where the byte's own high bit
                // is clear (`& ~word`); a borrow only crosses from a byte flagged truly, so the
                // lowest flag is always a byte to stop at.
                let special =
                    ((word &- 0x2323_2323_2323_2323) | ((word ^ 0x5C5C_5C5C_5C5C_5C5C) &- 0x0101_0101_0101_0101))
                    & ~word & 0x8080_8080_8080_8080
                if special != 0 {
                    position &+= special.trailingZeroBitCount &>> 3
                    found = true
                    break
                }
                position &+= 8
            }
            if !found {
                while position < end {
                    let byte = text.load(fromByteOffset: position, as: UInt8.self)
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                        found = true
                        break
                    }
                    position &+= 1
                }
                guard found else { return nil }
            }
            let byte = text.load(fromByteOffset: position, as: UInt8.self)
            if byte == UInt8(ascii: "\"") { return (position, escaped) }
            if byte == UInt8(ascii: "\\") {
                // A backslash: it and the byte it escapes.
                escaped = true
                position &+= 2
            } else if byte < 0x20 {
                return nil
            } else {
                // A space or `!`: text.
                position &+= 1
            }
        }
    }

    /// The offset after a number starting at `start` (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`),
    /// or `nil` if no number starts there.
    @inline(__always)
    private static func numberEnd(_ text: UnsafeRawPointer, from start: Int, end: Int) -> Int? {
        @inline(__always) func digit(_ offset: Int) -> Bool {
            offset < end && text.load(fromByteOffset: offset, as: UInt8.self) &- UInt8(ascii: "0") < 10
        }
        var position = start
        if text.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: "-") { position &+= 1 }
        guard digit(position) else { return nil }
        if text.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: "0") {
            position &+= 1
        } else {
            position = digitsEnd(text, from: position &+ 1, end: end)
        }
        if position < end, text.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: ".") {
            position &+= 1
            guard digit(position) else { return nil }
            position = digitsEnd(text, from: position &+ 1, end: end)
        }
        if position < end, text.load(fromByteOffset: position, as: UInt8.self) | 0x20 == UInt8(ascii: "e") {
            position &+= 1
            if position < end {
                let sign = text.load(fromByteOffset: position, as: UInt8.self)
                if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position &+= 1 }
            }
            guard digit(position) else { return nil }
            position = digitsEnd(text, from: position &+ 1, end: end)
        }
        return position
    }

    /// The offset of the first byte at or after `start` that is not a digit, or `end`.
    ///
    /// Eight bytes at a time while eight remain (a record's time has 13 digits, its sequence
    /// number up to 7: byte by byte it was some 6 instructions a digit, 18 digits a checkout
    /// line). A byte's high bit is set in `word - 0x30…` if it is below "0" or at least 0xB0, and
    /// in `word + 0x46…` if it is from ":" to 0xB9; a borrow or a carry only leaves a byte
    /// flagged that way, so the lowest flag is the first byte that is not a digit.
    @inline(__always)
    private static func digitsEnd(_ text: UnsafeRawPointer, from start: Int, end: Int) -> Int {
        var position = start
        while end &- position >= 8 {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let other =
                ((word &- 0x3030_3030_3030_3030) | (word &+ 0x4646_4646_4646_4646)) & 0x8080_8080_8080_8080
            if other != 0 { return position &+ other.trailingZeroBitCount &>> 3 }
            position &+= 8
        }
        while position < end, text.load(fromByteOffset: position, as: UInt8.self) &- UInt8(ascii: "0") < 10 {
            position &+= 1
        }
        return position
    }
}

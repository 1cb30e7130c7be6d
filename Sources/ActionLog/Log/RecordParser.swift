public import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one line of a log holds, once checked and decoded.
enum LineResult<Action: Sendable>: Sendable {
    case record(ActionLogRecord<Action>)
    case footer(ActionLogFooter)
    case failure(ActionLogError)
}

/// Checks, parses and decodes the lines after a log's header. A value type with its own reused
/// tape, so each worker of a parallel batch has one and shares nothing.
@usableFromInline
struct RecordParser<State: StoreState & Decodable>: @unchecked Sendable {
    let path: String
    let upgrade: ActionSchemaUpgrade?
    /// The schema the log was written with, and this app's.
    let headerSchema: Int
    let schemaVersion: Int
    @usableFromInline var tape = JSONTape()
    private let treeDecoder = JSONValueDecoder()
    /// The action type's ``LogDecodable`` fast path, when it has one and the log needs no upgrade.
    @usableFromInline let fastDecode: ((LogValue) throws -> State.Action)?

    init(path: String, upgrade: ActionSchemaUpgrade?, headerSchema: Int, schemaVersion: Int) {
        self.path = path
        self.upgrade = upgrade
        self.headerSchema = headerSchema
        self.schemaVersion = schemaVersion
        let upgrades = upgrade?.applies(to: headerSchema, schemaVersion: schemaVersion) == true
        fastDecode = upgrades ? nil : Self.fastPath()
    }

    mutating func parse(_ line: LineSource.Line, lineNumber: Int) -> LineResult<State.Action> {
        do throws(ActionLogError) {
            let (bytes, members) = try scan(line, lineNumber: lineNumber)
            if let end = members.end {
                return .footer(try footer(at: end, bytes: bytes, lineNumber: lineNumber))
            }
            let fields = try recordFields(members, bytes: bytes, lineNumber: lineNumber)
            let action: State.Action
            if let fast = fastAction(at: fields.action, bytes: bytes) {
                action = fast
            } else {
                action = try slowAction(at: fields.action, bytes: bytes, lineNumber: lineNumber)
            }
            return .record(
                ActionLogRecord(
                    sequence: fields.sequence, timeMilliseconds: fields.time, action: action,
                    fingerprint: fields.fingerprint, line: lineNumber))
        } catch {
            return .failure(error)
        }
    }

    /// Checks a line (newline, checksum) and parses it onto the tape: its checked bytes and where
    /// its top-level members are.
    private mutating func scan(
        _ line: LineSource.Line, lineNumber: Int
    ) throws(ActionLogError) -> (bytes: UnsafeRawBufferPointer, members: TopLevelMembers) {
        let bytes = try line.checked(path: path, lineNumber: lineNumber)
        do {
            try tape.parse(bytes)
        } catch {
            throw ActionLogError.badLine(path: path, line: lineNumber, problem: .invalidJSON(error.description))
        }
        return (bytes, topLevelMembers(bytes: bytes))
    }

    /// Decodes a piece of a batch's lines into consecutive slots, from `output`, while each line
    /// is a good record numbered `firstSequence`, `firstSequence + 1`, …; returns how many slots
    /// it initialised. The reader calls this through a closure made where the reader is created
    /// (`ActionLogReader.init` is inlinable), so the loop runs specialised for the app's types.
    @inlinable
    mutating func decodeRecords(
        _ lines: UnsafeBufferPointer<BatchLine>, in all: UnsafeRawBufferPointer, firstSequence: Int,
        into output: UnsafeMutablePointer<ActionLogRecord<State.Action>>
    ) -> Int {
        var decoded = 0
        for line in lines {
            guard
                decodeRecord(
                    UnsafeRawBufferPointer(rebasing: all[line.range]), hasNewline: line.hasNewline,
                    lineNumber: line.number, sequence: firstSequence + decoded, into: output + decoded)
            else { break }
            decoded += 1
        }
        return decoded
    }

    /// Decodes a record line numbered `sequence` into `slot`, or returns `false` (leaving it
    /// uninitialised) when the line holds anything else or another number; the batch is then
    /// read again line by line. Specialised for the app's state and action types (see
    /// `decodeRecords`): in generic code each line asked the runtime for type metadata and copied
    /// actions through value witnesses. The non-generic work (checksum, tape, members) stays in
    /// `fields(of:hasNewline:lineNumber:)`.
    @inlinable @inline(__always)
    mutating func decodeRecord(
        _ bytes: UnsafeRawBufferPointer, hasNewline: Bool, lineNumber: Int, sequence: Int,
        into slot: UnsafeMutablePointer<ActionLogRecord<State.Action>>
    ) -> Bool {
        guard let fields = fields(of: bytes, hasNewline: hasNewline, lineNumber: lineNumber),
            fields.sequence == sequence,
            let action = fastAction(at: fields.action, bytes: bytes)
                ?? (try? slowAction(at: fields.action, bytes: bytes, lineNumber: lineNumber))
        else { return false }
        slot.initialize(
            to: ActionLogRecord(
                sequence: fields.sequence, timeMilliseconds: fields.time, action: action,
                fingerprint: fields.fingerprint, line: lineNumber))
        return true
    }

    /// A record line's checked, parsed top-level fields (`nil` for anything but a good record).
    @usableFromInline
    struct RecordFields {
        @usableFromInline var sequence: Int
        @usableFromInline var time: Int64
        @usableFromInline var fingerprint: Fingerprint?
        /// The action's position on the tape.
        @usableFromInline var action: Int

        init(sequence: Int, time: Int64, fingerprint: Fingerprint?, action: Int) {
            self.sequence = sequence
            self.time = time
            self.fingerprint = fingerprint
            self.action = action
        }
    }

    /// Checks the line, parses it onto the tape and reads its top-level fields; `nil` if it is
    /// not a good record line.
    @usableFromInline
    mutating func fields(of bytes: UnsafeRawBufferPointer, hasNewline: Bool, lineNumber: Int) -> RecordFields? {
        guard
            let (checked, members) = try? scan(
                LineSource.Line(bytes: bytes, hasNewline: hasNewline), lineNumber: lineNumber),
            members.end == nil
        else { return nil }
        return try? recordFields(members, bytes: checked, lineNumber: lineNumber)
    }

    /// A record's sequence number, time, fingerprint and action position, or the missing field.
    private func recordFields(
        _ members: TopLevelMembers, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError) -> RecordFields {
        func bad(_ problem: ActionLogError.LineProblem) -> ActionLogError {
            .badLine(path: path, line: lineNumber, problem: problem)
        }
        // A sequence number is positive; anything past `maximumSequence` is a gap whatever the
        // reader expects (it never expects more), so no check here costs a line anything.
        guard let sequence = integer(at: members.sequence, bytes: bytes).flatMap({ Int(exactly: $0) }) else {
            throw bad(.missingField("seq"))
        }
        // The time is information only: any 64-bit value, negative too (the writer writes what
        // its clock said).
        guard let time = signedInteger(at: members.time, bytes: bytes) else { throw bad(.missingField("t")) }
        guard let action = members.action else { throw bad(.missingField("action")) }
        var fingerprint: Fingerprint?
        if let index = members.fingerprint {
            guard let parsed = self.fingerprint(at: index, bytes: bytes) else { throw bad(.missingField("fp")) }
            fingerprint = parsed
        }
        return RecordFields(sequence: sequence, time: time, fingerprint: fingerprint, action: action)
    }

    /// The action at a tape position through the `LogDecodable` fast path, when there is one (never
    /// for a log that needs an upgrade) and it takes the line.
    @inlinable
    func fastAction(at index: Int, bytes: UnsafeRawBufferPointer) -> State.Action? {
        guard let fastDecode else { return nil }
        let caches = tape.storage.textCaches()
        return try? tape.withTokens { tokens in
            try fastDecode(LogValue(bytes: bytes, tokens: tokens, index: index, caches: caches))
        }
    }

    /// The action at a tape position when the fast path cannot give it (an upgrade, no fast path,
    /// or a fast path that refused): `Decodable` decides, and names any problem.
    @usableFromInline
    func slowAction(
        at index: Int, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError) -> State.Action {
        if let upgrade, upgrade.applies(to: headerSchema, schemaVersion: schemaVersion) {
            var actionJSON = try value(at: index, bytes: bytes, lineNumber: lineNumber)
            do {
                actionJSON = try upgrade.upgrade(actionJSON, headerSchema)
            } catch {
                throw .badLine(
                    path: path, line: lineNumber, problem: .undecodableAction("the upgrade step failed: \(error)"))
            }
            return try decodeAction(actionJSON, lineNumber: lineNumber)
        }
        do {
            return try JSONTapeDecoder.decode(State.Action.self, tape: tape, bytes: bytes, root: index)
        } catch {
            let token = tape[index]
            if Int(token.length) <= Self.treeLimit {
                // Decode again from a tree, only to name the problem precisely.
                _ = try decodeAction(
                    try value(at: index, bytes: bytes, lineNumber: lineNumber), lineNumber: lineNumber)
            } else if let unknown = unknownCase(at: index, bytes: bytes, error: error) {
                // Too long for a tree (its nodes would take many times the line): the tape names it.
                throw .unknownAction(path: path, line: lineNumber, name: unknown.name, at: unknown.at)
            }
            throw .badLine(
                path: path, line: lineNumber, problem: .undecodableAction(ActionLogReader<State>.describe(error)))
        }
    }

    /// Where a line's top-level members' values are on the tape.
    struct TopLevelMembers {
        var sequence: Int?
        var time: Int?
        var action: Int?
        var fingerprint: Int?
        var end: Int?
    }

    /// Actions longer than this (in bytes) are never turned into a `JSONValue` tree to name a
    /// decoding error: a tree takes many times its text (a node of 16 bytes and more for each
    /// two-byte element of `[1,1,…]`), so a hostile line could take memory far beyond its length.
    /// Their errors are named from the tape.
    static var treeLimit: Int { 1 << 16 }

    /// Finds the line's top-level members in one pass (a record has a handful; a footer `end`).
    private func topLevelMembers(bytes: UnsafeRawBufferPointer) -> TopLevelMembers {
        var found = TopLevelMembers()
        guard tape.count > 0, tape[0].kind == .object else { return found }
        let top = tape[0]
        tape.withTokens { buffer in
            // Names compared in place (a `TapeContext` was an object allocated per line, and its
            // `keyEquals` took a `String`). An escaped key is never one of these, as before: the
            // switch is on a key's raw length, which an escape makes longer than these names.
            // Compared in line, with the name's length a constant: a call to `memcmp` for each
            // of a line's names cost some 13 instructions a line more.
            @inline(__always)
            func keyIs(_ key: JSONTape.Token, _ name: StaticString) -> Bool {
                guard key.kind == .string, Int(key.length) == name.utf8CodeUnitCount, let base = bytes.baseAddress
                else { return false }
                return LogValue.sameBytes(base + Int(key.start), name.utf8Start, name.utf8CodeUnitCount)
            }
            var position = 1
            while position < Int(top.next) {
                let key = buffer[position]
                let value = position + 1
                switch key.length {
                case 1 where keyIs(key, "t"): found.time = found.time ?? value
                case 2 where keyIs(key, "fp"): found.fingerprint = found.fingerprint ?? value
                case 3 where keyIs(key, "seq"): found.sequence = found.sequence ?? value
                case 3 where keyIs(key, "end"): found.end = found.end ?? value
                case 6 where keyIs(key, "action"): found.action = found.action ?? value
                default: break
                }
                position = Int(buffer[value].next)
            }
        }
        return found
    }

    /// The value at a tape index as a `JSONValue` (for the rare paths: footers, upgrades, errors).
    private func value(
        at index: Int, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError) -> JSONValue {
        let token = tape[index]
        var start = Int(token.start)
        var end = start + Int(token.length)
        if token.kind == .string || token.kind == .escapedString {
            start -= 1
            end += 1
        }
        do {
            return try JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]).bindMemory(to: UInt8.self))
        } catch {
            throw .badLine(path: path, line: lineNumber, problem: .invalidJSON(error.description))
        }
    }

    /// A fingerprint's 16 hexadecimal digits at a tape position, read from the bytes (no tree,
    /// whatever the member holds).
    private func fingerprint(at index: Int, bytes: UnsafeRawBufferPointer) -> Fingerprint? {
        let token = tape[index]
        guard token.kind == .string, token.length == 16 else { return nil }
        return Fingerprint(
            hex: String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + 16)]),
                as: UTF8.self))
    }

    /// A signed integer (`-?digits`, 64-bit, overflow checked) at a tape position.
    private func signedInteger(at index: Int?, bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let index, tape[index].kind == .number else { return nil }
        let token = tape[index]
        let text = UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)])
        if let value = DigitWords.integer(text) { return value }
        guard case .value(let value) = JSONTape.integer(text, as: Int64.self) else { return nil }
        return value
    }

    /// A non-negative integer (digits only, 64-bit, overflow checked) at a tape position.
    private func integer(at index: Int?, bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let index, tape[index].kind == .number else { return nil }
        let token = tape[index]
        var value: Int64 = 0
        if token.length <= 18 {
            // Up to 18 digits always fit: no overflow check per digit (every line's sequence
            // number is read here; the checks were some 50 instructions a line).
            for offset in Int(token.start)..<Int(token.start + token.length) {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
            }
            return value
        }
        for offset in Int(token.start)..<Int(token.start + token.length) {
            let byte = bytes[offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (multiplied, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = multiplied.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    private static func fastPath() -> ((LogValue) throws -> State.Action)? {
        guard let type = State.Action.self as? any LogDecodable.Type else { return nil }
        return typedFastPath(type)
    }

    /// The fast path with the action type opened once, here: calling through the existential
    /// metatype on every line boxed each action in an existential and cast it back.
    private static func typedFastPath<Action: LogDecodable>(
        _ type: Action.Type
    ) -> ((LogValue) throws -> State.Action)? {
        guard Action.self == State.Action.self else { return nil }
        return { value in
            // The same type (checked above): a reinterpretation, where `as?` was a dynamic cast
            // on every line.
            unsafeBitCast(try Action(logValue: value), to: State.Action.self)
        }
    }

    private func decodeAction(_ json: JSONValue, lineNumber: Int) throws(ActionLogError) -> State.Action {
        do {
            return try treeDecoder.decode(State.Action.self, from: json)
        } catch {
            if let unknown = ActionLogReader<State>.unknownCase(in: json, error: error) {
                throw .unknownAction(path: path, line: lineNumber, name: unknown.name, at: unknown.at)
            }
            throw .badLine(
                path: path, line: lineNumber, problem: .undecodableAction(ActionLogReader<State>.describe(error)))
        }
    }

    /// The footer's members, read from the tape (no tree, whatever else it holds).
    private func footer(
        at index: Int, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError)
        -> ActionLogFooter
    {
        func bad(_ problem: ActionLogError.LineProblem) -> ActionLogError {
            .badLine(path: path, line: lineNumber, problem: problem)
        }
        guard tape[index].kind == .object else { throw bad(.missingField("end")) }
        var countIndex: Int?
        var fingerprintIndex: Int?
        var nextIndex: Int?
        tape.withTokens { tokens in
            let context = TapeContext(bytes: bytes, tokens: tokens)
            var position = index + 1
            let end = Int(tokens[index].next)
            while position < end {
                let key = tokens[position]
                if context.keyEquals(key, "count") {
                    countIndex = countIndex ?? position + 1
                } else if context.keyEquals(key, "fp") {
                    fingerprintIndex = fingerprintIndex ?? position + 1
                } else if context.keyEquals(key, "next") {
                    nextIndex = nextIndex ?? position + 1
                }
                position = Int(tokens[position + 1].next)
            }
        }
        guard let countIndex, let written = integer(at: countIndex, bytes: bytes) else {
            throw bad(.missingField("end.count"))
        }
        guard let count = Int(exactly: written), count <= ActionLogFormat.maximumSequence else {
            throw bad(
                .outOfRange(field: "end.count", value: "\(written)", allowed: "0...\(ActionLogFormat.maximumSequence)"))
        }
        guard let fingerprintIndex, let fingerprint = self.fingerprint(at: fingerprintIndex, bytes: bytes) else {
            throw bad(.missingField("end.fp"))
        }
        var next: String?
        if let nextIndex {
            guard let name = JSONTape.string(tape[nextIndex], in: bytes), !name.isEmpty, !name.contains("/") else {
                throw bad(.missingField("end.next"))
            }
            next = name
        }
        return ActionLogFooter(count: count, fingerprint: fingerprint, nextPart: next)
    }

    /// Finds the enum case name a decoding error choked on, when it is an unknown case, by walking
    /// the tape along the error's coding path (the tree-free twin of
    /// `ActionLogReader.unknownCase(in:error:)`, for actions too long for a tree).
    private func unknownCase(
        at root: Int, bytes: UnsafeRawBufferPointer, error: any Error
    ) -> (
        name: String, at: String
    )? {
        guard let decodingError = error as? DecodingError else { return nil }
        let path: [any CodingKey]
        let message: String
        switch decodingError {
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            path = context.codingPath
            message = context.debugDescription
        default:
            return nil
        }
        return tape.withTokens { tokens -> (name: String, at: String)? in
            let context = TapeContext(bytes: bytes, tokens: tokens)
            var node = root
            for key in path {
                let token = tokens[node]
                var position = node + 1
                var element = 0
                var found: Int?
                while position < Int(token.next) {
                    if token.kind == .object {
                        if context.string(tokens[position]) == key.stringValue {
                            found = position + 1
                            break
                        }
                        position = Int(tokens[position + 1].next)
                    } else if token.kind == .array {
                        if element == key.intValue {
                            found = position
                            break
                        }
                        position = Int(tokens[position].next)
                        element += 1
                    } else {
                        break
                    }
                }
                guard let found else { return nil }
                node = found
            }
            let location = path.map(\.stringValue).joined(separator: ".")
            let token = tokens[node]
            if JSONTape.isSingleMemberObject(node, in: tokens), message.contains("keys"),
                let name = context.string(tokens[node + 1])
            {
                return (name, location)
            }
            if token.kind == .string || token.kind == .escapedString, message.contains("Cannot initialize"),
                let value = context.string(token)
            {
                return (value, location)
            }
            return nil
        }
    }
}

/// Carries a value the compiler cannot prove `Sendable` across a `concurrentPerform`, where the
/// caller guarantees the workers touch disjoint data.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Integers of 8 to 16 digits read eight digits at a time (see ``integer(_:)``).
enum DigitWords {
    /// `text` read as `-?digits` when it has 8 to 16 digits (every line's 13-digit time), as two
    /// words of eight digits each converted at once; `nil` for any other length or any byte that
    /// is not a digit, for ``JSONTape/integer(_:as:)`` to read (and say why). Read byte by byte
    /// there, the time was some 190 instructions a replayed line; this way some 105.
    @inline(__always)
    static func integer(_ text: UnsafeRawBufferPointer) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        let count = text.count - start
        guard count >= 8, count <= 16 else { return nil }
        // The last eight digits, and the first `count - 8` as eight with leading zeros: the word
        // at `start` shifted up past the bytes the last word holds (smart shifts: by 64, none of
        // the word is left, for eight digits, and by 0 all of it, for sixteen).
        let shift = UInt64(8 * (16 - count))
        let first = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let padded = first << shift | 0x3030_3030_3030_3030 >> (64 - shift)
        guard let high = eightDigits(padded),
            let low = eightDigits(
                UInt64(littleEndian: text.loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self)))
        else { return nil }
        let magnitude = high &* 100_000_000 &+ low
        return negative ? -magnitude : magnitude
    }

    /// The value of eight ASCII digits in a little-endian word (the first digit in the lowest
    /// byte), or `nil` when a byte is not a digit.
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> Int64? {
        // Every byte 0x30...0x39: its high nibble 3, and still 3 after adding 6.
        guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
            (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
        else { return nil }
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
        value = (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
        return Int64(value)
    }
}

/// What one line of a log holds, once checked and decoded.
enum LineResult<Action: Sendable>: Sendable {
    case record(ActionLogRecord<Action>)
    case footer(ActionLogFooter)
    case failure(ActionLogError)
}

/// Checks, parses and decodes the lines after a log's header. A value type with its own reused
/// tape, so each worker of a parallel batch has one and shares nothing.
struct RecordParser<State: StoreState & Decodable>: @unchecked Sendable {
    let path: String
    let upgrade: ActionSchemaUpgrade?
    /// The schema the log was written with, and this app's.
    let headerSchema: Int
    let schemaVersion: Int
    private var tape = JSONTape()
    private let treeDecoder = JSONValueDecoder()
    /// The action type's ``LogDecodable`` fast path, when it has one.
    private let fastDecode: ((LogValue) throws -> State.Action)? = Self.fastPath()

    init(path: String, upgrade: ActionSchemaUpgrade?, headerSchema: Int, schemaVersion: Int) {
        self.path = path
        self.upgrade = upgrade
        self.headerSchema = headerSchema
        self.schemaVersion = schemaVersion
    }

    mutating func parse(_ line: LineSource.Line, lineNumber: Int) -> LineResult<State.Action> {
        do throws(ActionLogError) {
            let bytes = try ActionLogReader<State>.checkLine(line, path: path, lineNumber: lineNumber)
            do {
                try tape.parse(bytes)
            } catch {
                throw ActionLogError.badLine(path: path, line: lineNumber, problem: .invalidJSON(error.description))
            }
            let members = topLevelMembers(bytes: bytes)
            if let end = members.end {
                return .footer(
                    try footer(try value(at: end, bytes: bytes, lineNumber: lineNumber), lineNumber: lineNumber))
            }
            return .record(try record(members, bytes: bytes, lineNumber: lineNumber))
        } catch {
            return .failure(error)
        }
    }

    /// The record on a line, or `nil` when the line holds anything else: a footer, or a problem
    /// (which ``parse(_:lineNumber:)`` describes). The fast path of a batch, where nearly every
    /// line is a good record: no result to wrap and unwrap, no error to build.
    mutating func parseRecord(_ line: LineSource.Line, lineNumber: Int) -> ActionLogRecord<State.Action>? {
        guard let bytes = try? ActionLogReader<State>.checkLine(line, path: path, lineNumber: lineNumber),
            (try? tape.parse(bytes)) != nil
        else { return nil }
        let members = topLevelMembers(bytes: bytes)
        guard members.end == nil else { return nil }
        return try? record(members, bytes: bytes, lineNumber: lineNumber)
    }

    /// Where a line's top-level members' values are on the tape.
    struct TopLevelMembers {
        var sequence: Int?
        var time: Int?
        var action: Int?
        var fingerprint: Int?
        var end: Int?
    }

    /// Finds the line's top-level members in one pass (a record has a handful; a footer `end`).
    private func topLevelMembers(bytes: UnsafeRawBufferPointer) -> TopLevelMembers {
        var found = TopLevelMembers()
        guard let top = tape.tokens.first, top.kind == .object else { return found }
        tape.tokens.withUnsafeBufferPointer { buffer in
            let context = TapeContext(bytes: bytes, tokens: buffer)
            var position = 1
            while position < Int(top.next) {
                let key = buffer[position]
                let value = position + 1
                switch key.length {
                case 1 where context.keyEquals(key, "t"): found.time = found.time ?? value
                case 2 where context.keyEquals(key, "fp"): found.fingerprint = found.fingerprint ?? value
                case 3 where context.keyEquals(key, "seq"): found.sequence = found.sequence ?? value
                case 3 where context.keyEquals(key, "end"): found.end = found.end ?? value
                case 6 where context.keyEquals(key, "action"): found.action = found.action ?? value
                default: break
                }
                position = Int(buffer[value].next)
            }
        }
        return found
    }

    /// The value at a tape index as a ``JSONValue`` (for the rare paths: footers, upgrades, errors).
    private func value(
        at index: Int, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError) -> JSONValue {
        let token = tape.tokens[index]
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

    private func integer(at index: Int?, bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let index, tape.tokens[index].kind == .number else { return nil }
        let token = tape.tokens[index]
        var value: Int64 = 0
        for offset in Int(token.start)..<Int(token.start + token.length) {
            let byte = bytes[offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (multiplied, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = multiplied + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private func record(
        _ members: TopLevelMembers, bytes: UnsafeRawBufferPointer, lineNumber: Int
    ) throws(ActionLogError) -> ActionLogRecord<State.Action> {
        func bad(_ problem: ActionLogError.LineProblem) -> ActionLogError {
            .badLine(path: path, line: lineNumber, problem: problem)
        }
        guard let sequence = integer(at: members.sequence, bytes: bytes) else {
            throw bad(.missingField("seq"))
        }
        guard let time = integer(at: members.time, bytes: bytes) else { throw bad(.missingField("t")) }
        guard let actionIndex = members.action else { throw bad(.missingField("action")) }
        var fingerprint: Fingerprint?
        if let fpIndex = members.fingerprint {
            guard case .string(let text) = try value(at: fpIndex, bytes: bytes, lineNumber: lineNumber),
                let parsed = Fingerprint(hex: text)
            else { throw bad(.missingField("fp")) }
            fingerprint = parsed
        }
        let action: State.Action
        if let upgrade, headerSchema < schemaVersion {
            var actionJSON = try value(at: actionIndex, bytes: bytes, lineNumber: lineNumber)
            do {
                actionJSON = try upgrade.upgrade(actionJSON, headerSchema)
            } catch {
                throw bad(.undecodableAction("the upgrade step failed: \(error)"))
            }
            action = try decodeAction(actionJSON, lineNumber: lineNumber)
        } else if let fastDecode,
            let fast = try? tape.tokens.withUnsafeBufferPointer({ tokens in
                try fastDecode(LogValue(bytes: bytes, tokens: tokens, index: actionIndex))
            })
        {
            action = fast
        } else {
            // No fast path, or it refused the line: `Decodable` decides, and names any problem.
            do {
                action = try JSONTapeDecoder.decode(State.Action.self, tape: tape, bytes: bytes, root: actionIndex)
            } catch {
                // Decode again from a tree, only to name the problem precisely.
                _ = try decodeAction(
                    try value(at: actionIndex, bytes: bytes, lineNumber: lineNumber), lineNumber: lineNumber)
                throw bad(.undecodableAction(ActionLogReader<State>.describe(error)))
            }
        }
        return ActionLogRecord(
            sequence: Int(sequence), timeMilliseconds: time, action: action, fingerprint: fingerprint, line: lineNumber)
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

    private func footer(_ end: JSONValue, lineNumber: Int) throws(ActionLogError) -> ActionLogFooter {
        guard case .number(let countText) = end["count"] ?? .null, let count = Int(countText) else {
            throw .badLine(path: path, line: lineNumber, problem: .missingField("end.count"))
        }
        guard case .string(let fpText) = end["fp"] ?? .null, let fingerprint = Fingerprint(hex: fpText) else {
            throw .badLine(path: path, line: lineNumber, problem: .missingField("end.fp"))
        }
        var next: String?
        if case .string(let name) = end["next"] ?? .null { next = name }
        return ActionLogFooter(count: count, fingerprint: fingerprint, nextPart: next)
    }
}

/// Carries a value the compiler cannot prove `Sendable` across a `concurrentPerform`, where the
/// caller guarantees the workers touch disjoint data.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

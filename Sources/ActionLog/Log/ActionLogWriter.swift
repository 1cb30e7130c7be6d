import StateStore

/// Formats and writes the lines of an action log, and rotates it by size.
///
/// Not thread-safe: ``ActionRecorder`` serialises all calls. After a failed write the writer
/// cuts the file back to its last whole line, so the log stays valid up to that point.
final class ActionLogWriter<State: StoreState & Encodable> {
    let basePath: String
    let fileSystem: any LogFileSystem
    let configuration: ActionLogConfiguration
    let logID: String
    let createdMilliseconds: Int64
    /// The header's `privacy` member (an export's), or nil for a log in clear.
    let privacy: ActionLogPrivacy?

    @exclusivity(unchecked) private var file: (any LogFile)?
    @exclusivity(unchecked) private(set) var part = 0
    private(set) var currentPath: String
    @exclusivity(unchecked) private var bytesInFile = 0
    /// Bytes in the parts closed before the current one.
    private var bytesInEarlierParts = 0
    @exclusivity(unchecked) private(set) var count = 0
    /// The action type's ``LogEncodable`` fast path, when it has one.
    private let fastEncode: ((State.Action, inout LogWriter) throws -> Void)? = fastEncoder()

    init(
        path: String,
        initialState: State,
        configuration: ActionLogConfiguration,
        fileSystem: any LogFileSystem,
        logID: String,
        createdMilliseconds: Int64,
        privacy: ActionLogPrivacy? = nil
    ) throws(ActionLogError) {
        self.basePath = path
        self.fileSystem = fileSystem
        self.configuration = configuration
        self.logID = logID
        self.createdMilliseconds = createdMilliseconds
        self.privacy = privacy
        self.currentPath = path
        try openPart(state: initialState, firstSequence: 1)
    }

    /// `true` once the current file has grown past the configured size.
    var wantsRotation: Bool { bytesInFile + batch.count >= configuration.maximumFileBytes }

    /// While `true`, action lines collect in memory and reach the file in one write per
    /// ``flush()``: the buffered recorder's writer thread works this way.
    @exclusivity(unchecked) var isBatching = false
    @exclusivity(unchecked) private var batch: [UInt8] = []

    /// Writes the collected lines in one write. On failure the file is cut back to its last whole
    /// line, so the log stays valid (the lines of the failed batch are lost, and reported).
    func flush() throws(ActionLogError) {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        try writeBytes(batch)
    }

    /// The largest part closed so far: a part ends at the first write past
    /// ``ActionLogConfiguration/maximumFileBytes``, so it is a line or a batch longer.
    private var largestPart = 0

    /// Whether another part, as large as the largest so far, still fits in
    /// ``ActionLogConfiguration/maximumTotalBytes`` after this one (with its pending batch).
    var hasRoomForAnotherPart: Bool {
        let current = bytesInFile + batch.count
        let next = max(configuration.maximumFileBytes, largestPart, current)
        return bytesInEarlierParts + current <= configuration.maximumTotalBytes - next
    }

    private func openPart(state: State, firstSequence: Int) throws(ActionLogError) {
        let path = ActionLogFormat.partPath(of: basePath, part: part)
        do {
            file = try fileSystem.create(path: path)
        } catch {
            throw .io(error)
        }
        currentPath = path
        bytesInFile = 0
        let canonical: CanonicalValue
        do {
            canonical = try CanonicalEncoder.encode(state)
        } catch {
            throw .encodingFailed(what: "the state", reason: "\(error)")
        }
        var line = "{\"format\":\"\(ActionLogFormat.name)\",\"formatVersion\":\(ActionLogFormat.version)"
        line += ",\"engine\":\"\(ActionLogFormat.engineVersion)\",\"app\":"
        JSONText.appendQuoted(configuration.appVersion, to: &line)
        line += ",\"schema\":\(configuration.schemaVersion),\"logId\":\"\(logID)\",\"created\":\(createdMilliseconds)"
        line += ",\"part\":\(part),\"firstSeq\":\(firstSequence)"
        if let privacy { line += ",\"privacy\":" + privacy.jsonText }
        line += ",\"state\":"
        canonical.writeCompact(to: &line)
        line += ",\"fp\":\"\(Fingerprint.of(canonical: canonical))\""
        try writeLine(&line)
    }

    static func fastEncoder() -> ((State.Action, inout LogWriter) throws -> Void)? {
        guard let type = State.Action.self as? any LogEncodable.Type else { return nil }
        return typedFastEncoder(type)
    }

    /// The fast path with the action type opened once, here, as the reader does for
    /// ``LogDecodable``: no existential per line.
    private static func typedFastEncoder<Action: LogEncodable>(
        _ type: Action.Type
    ) -> ((State.Action, inout LogWriter) throws -> Void)? {
        guard Action.self == State.Action.self else { return nil }
        return { action, writer in
            // The same type (checked above): a reinterpretation, not a dynamic cast per line.
            try unsafeBitCast(action, to: Action.self).encode(to: &writer)
        }
    }

    /// Writes one action line.
    func append(
        sequence: Int,
        timeMilliseconds: Int64,
        action: State.Action,
        fingerprint: Fingerprint?
    ) throws(ActionLogError) {
        beginLine(sequence: sequence, timeMilliseconds: timeMilliseconds)
        let mark = lineBuffer.count
        if let fastEncode {
            // The line buffer is moved into the writer and back, never copied.
            var writer = LogWriter(bytes: [])
            swap(&writer.bytes, &lineBuffer)
            let encoded = (try? fastEncode(action, &writer)) != nil
            swap(&writer.bytes, &lineBuffer)
            // A fast path that throws leaves the line to `Encodable`, as if it had none.
            if !encoded { lineBuffer.removeSubrange(mark...) }
        }
        do {
            if lineBuffer.count == mark { try StreamingJSONEncoder.encode(action, into: &lineBuffer) }
        } catch {
            // A value that encodes out of nesting order: the tree encoder handles anything.
            lineBuffer.removeSubrange(mark...)
            do {
                var text = ""
                try CanonicalEncoder.encode(action).writeCompact(to: &text)
                lineBuffer.append(contentsOf: text.utf8)
            } catch {
                throw .encodingFailed(what: "action \(sequence)", reason: "\(error)")
            }
        }
        try endLine(sequence: sequence, fingerprint: fingerprint)
    }

    /// Writes one action line whose action was encoded beforehand, as `append` would encode it
    /// (``ActionLogExportWriter`` encodes on another thread than the one that writes).
    func append(
        sequence: Int, timeMilliseconds: Int64, encodedAction: [UInt8], fingerprint: Fingerprint?
    ) throws(ActionLogError) {
        beginLine(sequence: sequence, timeMilliseconds: timeMilliseconds)
        lineBuffer.append(contentsOf: encodedAction)
        try endLine(sequence: sequence, fingerprint: fingerprint)
    }

    /// Starts a line in the line buffer, up to its action.
    private func beginLine(sequence: Int, timeMilliseconds: Int64) {
        lineBuffer.removeAll(keepingCapacity: true)
        lineBuffer.append(contentsOf: #"{"seq":"#.utf8)
        appendDecimalDigits(Int64(sequence))
        lineBuffer.append(contentsOf: #","t":"#.utf8)
        // As a 64-bit value: a time in milliseconds does not fit a 32-bit `Int`.
        appendDecimalDigits(timeMilliseconds)
        lineBuffer.append(contentsOf: #","action":"#.utf8)
    }

    /// Ends the line in the line buffer after its action, and writes it (or batches it).
    private func endLine(sequence: Int, fingerprint: Fingerprint?) throws(ActionLogError) {
        if let fingerprint { lineBuffer.append(contentsOf: ",\"fp\":\"\(fingerprint)\"".utf8) }
        ActionLogFormat.seal(&lineBuffer)
        if isBatching {
            batch.append(contentsOf: lineBuffer)
        } else {
            try writeBytes(lineBuffer)
        }
        count = sequence
    }

    /// Closes the current part with a footer naming the next, and opens the next part with the
    /// state after the last written action as its starting state.
    func rotate(stateAfterLastAction state: State, fingerprint: Fingerprint) throws(ActionLogError) {
        try flush()
        let nextPath = ActionLogFormat.partPath(of: basePath, part: part + 1)
        var footer = "{\"end\":{\"count\":\(count),\"fp\":\"\(fingerprint)\",\"next\":"
        JSONText.appendQuoted(lastPathComponent(nextPath), to: &footer)
        footer += "}"
        try writeLine(&footer)
        try closeFile()
        bytesInEarlierParts += bytesInFile
        largestPart = max(largestPart, bytesInFile)
        part += 1
        try openPart(state: state, firstSequence: count + 1)
    }

    /// Writes the footer and closes the file.
    func finish(fingerprint: Fingerprint) throws(ActionLogError) {
        try flush()
        var footer = "{\"end\":{\"count\":\(count),\"fp\":\"\(fingerprint)\"}"
        try writeLine(&footer)
        try closeFile()
    }

    /// Whether the collected lines hold at least `bytes` bytes.
    func wantsFlush(atLeast bytes: Int) -> Bool { batch.count >= bytes }

    /// Closes the file without a footer, reporting a failure to close.
    func close() throws(ActionLogError) {
        try flush()
        try closeFile()
    }

    /// Forces what was written to stable storage.
    func sync() throws(ActionLogError) {
        try flush()
        guard let file else { return }
        do { try file.sync() } catch { throw .io(error) }
    }

    /// Closes the file without a footer (after a failure).
    func abandon() {
        try? file?.close()
        file = nil
    }

    private func closeFile() throws(ActionLogError) {
        guard let file else { return }
        self.file = nil
        do { try file.close() } catch { throw .io(error) }
    }

    /// Appends an integer's digits without building a `String`.
    private func appendDecimalDigits(_ value: Int64) {
        if value < 0 {
            lineBuffer.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            lineBuffer.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Reused for every action line, so appending allocates nothing in the steady state.
    @exclusivity(unchecked) private var lineBuffer: [UInt8] = []

    /// Writes whole sealed lines.
    private func writeBytes(_ bytes: [UInt8]) throws(ActionLogError) {
        guard let file else {
            throw .io(LogIOError(operation: "write", path: currentPath, code: 9, reason: "the log is closed"))
        }
        let failure = bytes.withUnsafeBytes { bytes -> LogIOError? in
            do throws(LogIOError) {
                try file.write(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            try? file.truncate(to: bytesInFile)
            throw .io(failure)
        }
        bytesInFile += bytes.count
    }

    private func writeLine(_ body: inout String) throws(ActionLogError) {
        guard let file else {
            throw .io(LogIOError(operation: "write", path: currentPath, code: 9, reason: "the log is closed"))
        }
        ActionLogFormat.seal(&body)
        let length = body.utf8.count
        let failure = body.withUTF8 { bytes -> LogIOError? in
            do throws(LogIOError) {
                try file.write(UnsafeRawBufferPointer(bytes))
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            // Keep the log valid: drop whatever part of this line reached the file.
            try? file.truncate(to: bytesInFile)
            throw .io(failure)
        }
        bytesInFile += length
    }

    private func lastPathComponent(_ path: String) -> String {
        if let slash = path.lastIndex(of: "/") { return String(path[path.index(after: slash)...]) }
        return path
    }
}

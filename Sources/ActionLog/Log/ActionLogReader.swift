import Foundation
public import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upgrade step for logs written with an older action schema: turns an older action's JSON
/// into the current schema's JSON before it is decoded.
///
/// ```swift
/// let upgrade = ActionSchemaUpgrade { action, fromVersion in
///     // v1 called it "pay"; v2 calls it "payTapped"
///     guard fromVersion < 2, case .object(let members) = action, members.first?.key == "pay" else { return action }
///     return .object([JSONMember(key: "payTapped", value: members[0].value)])
/// }
/// ```
public struct ActionSchemaUpgrade: Sendable {
    /// The step: the action's JSON and the schema version it was written with.
    public let upgrade: @Sendable (_ action: JSONValue, _ fromVersion: Int) throws -> JSONValue
    /// The oldest schema version whose actions today's schema reads as they are (a later version
    /// only added actions or optional members): logs of that version or later skip the step, and
    /// keep the reader's `LogDecodable` fast path. `nil`: every older version goes through the step.
    public let unchangedSince: Int?

    /// Creates an upgrade step; logs of `unchangedSince` or later need none.
    public init(
        unchangedSince: Int? = nil,
        _ upgrade: @escaping @Sendable (_ action: JSONValue, _ fromVersion: Int) throws -> JSONValue
    ) {
        self.unchangedSince = unchangedSince
        self.upgrade = upgrade
    }

    /// Whether a log of `headerSchema` goes through the step in an app of `schemaVersion`.
    func applies(to headerSchema: Int, schemaVersion: Int) -> Bool {
        headerSchema < schemaVersion && headerSchema < (unchangedSince ?? schemaVersion)
    }
}

/// Threads that decode beside a reader's own: the cores, up to 8, less the caller's. Asked once:
/// on Linux `activeProcessorCount` reads the CPU affinity and cgroup limits each time, which cost
/// a verify of many small logs several percent of its time.
private let readerHelperCount = max(0, min(ProcessInfo.processInfo.activeProcessorCount, 8) - 1)

/// Reads an action log one record at a time, in constant memory, checking every line.
///
/// ```swift
/// let reader = try ActionLogReader<CheckoutState>(path: "session.jsonl")
/// var state = reader.header.state
/// while let record = try reader.next() {
///     _ = reducer.reduce(&state, record.action)
/// }
/// if let torn = reader.tornLine { print("last line was torn: \(torn)") }
/// ```
///
/// - The first bad line stops reading with ``ActionLogError/badLine(path:line:problem:)``; every
///   good record before it has been returned.
/// - A torn *last* line (no newline, or a bad checksum, at the very end) is not an error: it is
///   reported in ``tornLine`` and skipped, and reading ends normally. After a footer, though,
///   any line is an error: a log that closed cleanly was not cut off.
/// - The footer's count must be the last record's sequence number
///   (``ActionLogError/LineProblem/footerCountMismatch(count:lastSequence:)`` names the records
///   missing before it), and the header's state must have the header's fingerprint.
/// - A line longer than ``maximumLineBytes`` is refused by number, and reading holds at most about
///   seven times a line in memory (see `Docs/ActionLogs.md`).
/// - A newer format or schema, or an action case this app does not know, is a typed refusal.
///   An older schema goes through the ``ActionSchemaUpgrade`` given, or is refused.
public final class ActionLogReader<State: StoreState & Decodable> {
    /// The file being read.
    public let path: String
    /// The header: versions, log id, and the starting state.
    public let header: ActionLogHeader<State>
    /// The footer, once reached (a cleanly closed log has one).
    public var footer: ActionLogFooter? {
        awaitPrefetch()
        return footerRead
    }
    /// The torn last line that was skipped, if any: its line number and what was wrong.
    public var tornLine: (line: Int, problem: ActionLogError.LineProblem)? {
        awaitPrefetch()
        return tornLineRead
    }

    private var footerRead: ActionLogFooter?
    private var tornLineRead: (line: Int, problem: ActionLogError.LineProblem)?
    /// The next batch, being read and decoded on another thread while the caller works on the
    /// last one; every entry point waits for it before touching the reader's state.
    private var prefetch: Prefetch?

    private let source: LineSource
    private let upgrade: ActionSchemaUpgrade?
    private let schemaVersion: Int
    private var buffered: [ActionLogRecord<State.Action>] = []
    /// A batch read ahead, in order: handed out whole (no copy) when it fits the next request.
    private var prefetched: [ActionLogRecord<State.Action>] = []
    private var pendingError: ActionLogError?
    private var batchBytes: [UInt8] = []
    /// The parsers of clean batches' workers, made for the first batch.
    private var parserSlots: RecordParserSlots<State>?
    private var lineNumber = 1
    private var nextSequence: Int
    private var finished = false

    /// Opens a log and reads its header.
    ///
    /// - Parameters:
    ///   - path: The log file (one part of a rotated log).
    ///   - schemaVersion: This app's action schema version.
    ///   - upgrade: How to read actions of an older schema; without it, older logs are refused.
    ///   - maximumLineBytes: The longest line taken, in bytes before its newline (16 MiB by
    ///     default, at most ``ActionLogFormat/maximumLineBytesCeiling``). A longer line stops
    ///     reading with ``ActionLogError/LineProblem/lineTooLong(limit:)`` naming it, as soon as
    ///     that many bytes of it are read.
    @inlinable
    public convenience init(
        path: String, schemaVersion: Int = 1, upgrade: ActionSchemaUpgrade? = nil,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(ActionLogError) {
        // Made here, in the caller's code, so that it is specialised for the caller's types.
        try self.init(
            path: path, schemaVersion: schemaVersion, upgrade: upgrade, maximumLineBytes: maximumLineBytes
        ) {
            parser, bytes, lines, firstSequence, output in
            parser.decodeRecords(lines, in: bytes, firstSequence: firstSequence, into: output)
        }
    }

    /// Decodes a piece of a batch into its slots (see `RecordParser.decodeRecords`): the batch's
    /// bytes, the piece's lines, the sequence number its first line must have, and the slot of
    /// its first line; returns how many slots it initialised.
    @usableFromInline
    typealias PieceDecoder = (
        inout RecordParser<State>, UnsafeRawBufferPointer, UnsafeBufferPointer<BatchLine>, Int,
        UnsafeMutablePointer<ActionLogRecord<State.Action>>
    ) -> Int

    /// How batches decode their lines: a closure the public initialiser makes in the caller, so
    /// the loop over a piece's lines runs specialised (in generic code each line asked the
    /// runtime for the record type's metadata, twice).
    private let decodePiece: PieceDecoder

    @usableFromInline
    init(
        path: String, schemaVersion: Int, upgrade: ActionSchemaUpgrade?, maximumLineBytes: Int,
        decodePiece: @escaping PieceDecoder
    ) throws(ActionLogError) {
        self.decodePiece = decodePiece
        self.path = path
        self.source = try LineSource(path: path, maximumLineBytes: maximumLineBytes)
        self.upgrade = upgrade
        self.schemaVersion = schemaVersion
        guard let line = try source.nextLine() else { throw .empty(path: path) }
        let bytes: UnsafeRawBufferPointer
        if Self.beginsLikeAHeader(line.bytes) {
            // A header of this format, perhaps torn or damaged: its problem is named at line 1.
            bytes = try line.checked(path: path, lineNumber: 1)
        } else {
            // Anything else without a good checksum is another kind of file, not a damaged log.
            do {
                bytes = try line.checked(path: path, lineNumber: 1)
            } catch {
                throw .notAnActionLog(path: path, reason: .notALogHeader)
            }
        }
        header = try Self.parseHeader(bytes, path: path, schemaVersion: schemaVersion, hasUpgrade: upgrade != nil)
        nextSequence = header.firstSequence
        source.releaseSpareCapacity()
    }

    /// The longest line this reader takes, in bytes before the newline.
    public var maximumLineBytes: Int { source.maximumLineBytes }

    /// The next record, or `nil` at the end of the log (after the footer, at the end of the file,
    /// or after a torn last line, which ``tornLine`` reports).
    public func next() throws(ActionLogError) -> ActionLogRecord<State.Action>? {
        awaitPrefetch()
        if buffered.isEmpty && !prefetched.isEmpty { takePrefetchedIntoBuffer() }
        if buffered.isEmpty {
            guard !finished else {
                if let pendingError {
                    self.pendingError = nil
                    throw pendingError
                }
                return nil
            }
            buffered = try nextBatch(maximumCount: 1)
            buffered.reverse()
        }
        return buffered.popLast()
    }

    /// About how many records this file holds, all told: its size over the average length of the
    /// lines read so far (`nil` before any record line, or if the size is unknown). A replay
    /// reserves room for its steps with it, rather than growing the array (and copying it) about
    /// twenty times. Waits for a batch being read ahead.
    @usableFromInline
    var estimatedRecordCount: Int? {
        awaitPrefetch()
        let lines = source.linesTaken
        guard lines > 1, let size = source.fileSize else { return nil }
        let bytes = source.bytesTaken
        guard bytes > 0 else { return nil }
        return Int((Double(size) * Double(lines) / Double(bytes)).rounded(.up))
    }

    /// Up to `maximumCount` next records, decoded in parallel on every core; empty at the end of
    /// the log. When a bad line stops reading, the good records before it come back first and
    /// the error is thrown by the next call.
    ///
    /// For batches of 256 records or more, the reader starts on the next batch in the background
    /// before returning this one, so a caller that works through each batch (a replay reducing
    /// it) overlaps its work with reading and decoding.
    public func nextBatch(maximumCount: Int = 4096) throws(ActionLogError) -> [ActionLogRecord<State.Action>] {
        awaitPrefetch()
        let records = try readBatch(maximumCount: maximumCount, helpers: Self.helperCount)
        if maximumCount >= 256, !records.isEmpty, buffered.isEmpty, !finished, pendingError == nil {
            let next = Prefetch()
            prefetch = next
            let work = UncheckedSendable { [self] in
                let result: Result<[ActionLogRecord<State.Action>], ActionLogError>
                do throws(ActionLogError) {
                    // No helper threads: the caller's core is busy with the last batch, and
                    // joins in when it comes back for this one (see `awaitPrefetch`).
                    result = .success(try readBatch(maximumCount: maximumCount, helpers: 0, publish: next.publish))
                } catch {
                    result = .failure(error)
                }
                next.finish(result)
            }
            DispatchQueue.global(qos: .userInitiated).async { work.value() }
        }
        return records
    }

    /// Waits for the batch being read in the background, if any, helping to decode it rather
    /// than idling, and keeps its outcome for the next call: its records in `prefetched`, its
    /// error in `pendingError`.
    private func awaitPrefetch() {
        guard let pending = prefetch else { return }
        let result = pending.helpAndWait()
        prefetch = nil
        switch result {
        case .success(let records): prefetched = records
        case .failure(let error): pendingError = error
        }
    }

    /// Moves a batch read ahead into `buffered` (a stack: last record first), for requests
    /// smaller than the batch. A batch is read ahead only when `buffered` is empty.
    private func takePrefetchedIntoBuffer() {
        buffered = prefetched.reversed() + buffered
        prefetched = []
    }

    /// Threads that decode beside the caller's own when it reads a batch directly.
    private static var helperCount: Int { readerHelperCount }

    /// A batch being read on another thread.
    private final class Prefetch: @unchecked Sendable {
        private let condition = ConditionLock()
        // Guarded by `condition`.
        private var job: DecodeJob?
        private var result: Result<[ActionLogRecord<State.Action>], ActionLogError>?

        /// Offers the batch's decoding to a thread that waits for it.
        func publish(_ job: DecodeJob) {
            condition.lock()
            self.job = job
            condition.broadcast()
            condition.unlock()
        }

        func finish(_ result: Result<[ActionLogRecord<State.Action>], ActionLogError>) {
            condition.lock()
            self.result = result
            job = nil
            condition.broadcast()
            condition.unlock()
        }

        /// Decodes pieces of the published batch until none is left, then waits for the result.
        func helpAndWait() -> Result<[ActionLogRecord<State.Action>], ActionLogError> {
            condition.lock()
            var helped: DecodeJob?
            while result == nil {
                if let job, job !== helped {
                    condition.unlock()
                    job.work()
                    helped = job
                    condition.lock()
                } else {
                    condition.wait()
                }
            }
            let outcome = result ?? .success([])
            condition.unlock()
            return outcome
        }
    }

    private func readBatch(
        maximumCount: Int, helpers: Int, publish: ((DecodeJob) -> Void)? = nil
    ) throws(ActionLogError) -> [ActionLogRecord<State.Action>] {
        if !prefetched.isEmpty {
            if prefetched.count <= maximumCount {
                defer { prefetched = [] }
                return prefetched
            }
            takePrefetchedIntoBuffer()
        }
        if !buffered.isEmpty {
            let records = Array(buffered.reversed().prefix(maximumCount))
            buffered.removeLast(records.count)
            return records
        }
        if let pendingError {
            self.pendingError = nil
            throw pendingError
        }
        guard !finished else { return [] }

        // Copy the raw lines (a memcpy each) so the parallel workers can share them; a batch
        // stops at `maximumCount` lines or once it holds `batchByteBudget` bytes, so long lines
        // never pile up in one batch. A line the source refuses (too long, unreadable) ends the
        // batch; the lines before it are read first, and its error comes after them.
        var lines: [BatchLine] = []
        lines.reserveCapacity(min(maximumCount, 4096))
        batchBytes.removeAll(keepingCapacity: batchBytes.capacity <= Self.batchByteBudget * 2)
        var sourceFailure: ActionLogError?
        do {
            while lines.count < maximumCount, batchBytes.count < Self.batchByteBudget,
                let line = try source.nextLine()
            {
                lineNumber += 1
                let start = batchBytes.count
                batchBytes.append(contentsOf: line.bytes)
                lines.append(
                    BatchLine(range: start..<batchBytes.count, hasNewline: line.hasNewline, number: lineNumber))
            }
        } catch {
            sourceFailure = error
        }
        source.releaseSpareCapacity()
        guard !lines.isEmpty else {
            finished = true
            if let sourceFailure { throw sourceFailure }
            return []
        }

        let parser = RecordParser<State>(
            path: path, upgrade: upgrade, headerSchema: header.schemaVersion, schemaVersion: schemaVersion)
        // Nearly every batch is good records in sequence: decoded straight into the array handed
        // back. A batch with anything else (a footer, a bad or torn line, a gap) is read again
        // below, line by line, to say exactly what and where.
        if footerRead == nil,
            let records = cleanBatch(lines, parser: parser, helpers: helpers, publish: publish)
        {
            nextSequence += records.count
            if let sourceFailure { return try stop(with: sourceFailure, after: records) }
            return records
        }

        // Parse and decode every line, in pieces that any thread can take: this one, helper
        // threads, and a caller waiting for a batch read ahead.
        // Each piece initialises its own slots in place: no placeholder per line to make and
        // overwrite (generic code, so each is a runtime value-witness call).
        let results = [LineResult<State.Action>](unsafeUninitializedCapacity: lines.count) { buffer, initialized in
            guard let output = buffer.baseAddress else { return }
            batchBytes.withUnsafeBytes { all in
                let job = DecodeJob(pieces: Self.pieces(lines.count)) { piece, _ in
                    var parser = parser
                    for index in Self.lines(of: piece, count: lines.count) {
                        let line = lines[index]
                        let bytes = UnsafeRawBufferPointer(rebasing: all[line.range])
                        (output + index).initialize(
                            to: parser.parse(
                                LineSource.Line(bytes: bytes, hasNewline: line.hasNewline), lineNumber: line.number))
                    }
                }
                run(job, helpers: helpers, publish: publish)
            }
            initialized = lines.count
        }

        // Check the order, footers and errors sequentially.
        var records: [ActionLogRecord<State.Action>] = []
        records.reserveCapacity(lines.count)
        for index in results.indices {
            let number = lines[index].number
            if footerRead != nil {
                // Nothing may follow a footer: not a record, not a line that looks torn (a log
                // that closed cleanly was not cut off), not even an empty line.
                return try stop(
                    with: .badLine(path: path, line: number, problem: .unexpectedLine("a line after the footer")),
                    after: records)
            }
            switch results[index] {
            case .record(let record):
                guard record.sequence == nextSequence else {
                    return try stop(
                        with: .badLine(
                            path: path, line: number,
                            problem: .sequenceGap(expected: nextSequence, found: record.sequence)),
                        after: records)
                }
                nextSequence += 1
                records.append(record)
            case .footer(let parsed):
                if let problem = footerProblem(parsed) {
                    return try stop(with: .badLine(path: path, line: number, problem: problem), after: records)
                }
                footerRead = parsed
            case .failure(let error):
                // A bad last line of the file is torn: reported and skipped, not an error.
                if index == lines.count - 1, sourceFailure == nil, case .badLine(_, _, let problem) = error,
                    isTornCandidate(error)
                {
                    let atEnd: Bool
                    do throws(ActionLogError) {
                        atEnd = try source.isAtEnd()
                    } catch {
                        return try stop(with: error, after: records)
                    }
                    if atEnd {
                        tornLineRead = (number, problem)
                        finished = true
                        return records
                    }
                }
                return try stop(with: error, after: records)
            }
        }
        if let sourceFailure {
            if footerRead != nil {
                return try stop(
                    with: .badLine(
                        path: path, line: source.nextLineNumber, problem: .unexpectedLine("a line after the footer")),
                    after: records)
            }
            return try stop(with: sourceFailure, after: records)
        }
        if footerRead != nil {
            // Nothing may follow a footer.
            let atEnd: Bool
            do throws(ActionLogError) {
                atEnd = try source.isAtEnd()
            } catch {
                // A line too long to read is still a line after the footer; a read error is itself.
                guard case .badLine(_, _, .lineTooLong) = error else { return try stop(with: error, after: records) }
                atEnd = false
            }
            if !atEnd {
                return try stop(
                    with: .badLine(
                        path: path, line: source.nextLineNumber, problem: .unexpectedLine("a line after the footer")),
                    after: records)
            }
            finished = true
        }
        return records
    }

    /// Ends reading with `failure`: thrown now when no record comes before it, else kept for the
    /// next call, after `records` are handed back.
    private func stop(
        with failure: ActionLogError, after records: [ActionLogRecord<State.Action>]
    ) throws(ActionLogError) -> [ActionLogRecord<State.Action>] {
        finished = true
        if records.isEmpty { throw failure }
        pendingError = failure
        return records
    }

    /// What is wrong with a footer, given the records before it: its count must be the last
    /// record's sequence number (a record deleted before a clean footer is a gap the sequence
    /// numbers alone cannot show), and a part without records must end with the fingerprint it
    /// started with. O(1): two comparisons.
    private func footerProblem(_ footer: ActionLogFooter) -> ActionLogError.LineProblem? {
        let lastSequence = nextSequence - 1
        guard footer.count == lastSequence else {
            return .footerCountMismatch(count: footer.count, lastSequence: lastSequence)
        }
        if nextSequence == header.firstSequence, footer.fingerprint != header.fingerprint {
            return .fingerprintMismatch(
                field: "end.fp", recorded: footer.fingerprint.description, computed: header.fingerprint.description)
        }
        return nil
    }

    /// A batch stops adding lines once it holds this many bytes (8 MiB: thousands of ordinary
    /// lines), so its copy of the lines stays within this plus one line.
    private static var batchByteBudget: Int { 8 << 20 }

    /// Lines a piece of a batch holds: pieces are small enough to share a batch among threads,
    /// large enough that taking one costs nothing beside decoding it.
    private static var pieceSize: Int { 128 }

    private static func pieces(_ lineCount: Int) -> Int { (lineCount + pieceSize - 1) / pieceSize }

    private static func lines(of piece: Int, count: Int) -> Range<Int> {
        (piece * pieceSize)..<min(count, (piece + 1) * pieceSize)
    }

    /// Runs a batch's pieces on this thread, on `helpers` other threads, and on a caller that
    /// waits for the batch (`publish`); returns when every piece is done.
    private func run(_ job: DecodeJob, helpers: Int, publish: ((DecodeJob) -> Void)?) {
        let pieces = job.pieces
        if pieces > 1 {
            publish?(job)
            for _ in 0..<min(helpers, pieces - 1) {
                DispatchQueue.global(qos: .userInitiated).async { job.work() }
            }
        }
        job.work()
        // Every piece is done (every slot initialised) before the buffers go away.
        job.waitUntilDone()
    }

    /// The batch's records, when every line is a good record and their sequence numbers follow
    /// on from the last batch's; otherwise `nil` (and nothing kept). Each piece decodes its lines
    /// straight into the array's slots, and stops at a line that is not a record.
    private func cleanBatch(
        _ lines: [BatchLine], parser: RecordParser<State>, helpers: Int, publish: ((DecodeJob) -> Void)?
    ) -> [ActionLogRecord<State.Action>]? {
        let count = lines.count
        let pieces = Self.pieces(count)
        // How many slots each piece initialised, from its first (each piece writes its own).
        let decoded = UnsafeMutablePointer<Int>.allocate(capacity: pieces)
        decoded.initialize(repeating: 0, count: pieces)
        defer { decoded.deallocate() }
        var clean = false
        let decodePiece = self.decodePiece
        let first = nextSequence
        // This thread, the helpers, and a caller that waits for a batch read ahead.
        let slots = parserSlots ?? RecordParserSlots(count: Self.helperCount + 2, parser: parser)
        parserSlots = slots
        defer { slots.releaseLongTapes() }
        let records = [ActionLogRecord<State.Action>](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let output = buffer.baseAddress else { return }
            batchBytes.withUnsafeBytes { all in
                lines.withUnsafeBufferPointer { lines in
                    let job = DecodeJob(pieces: pieces) { piece, worker in
                        let range = Self.lines(of: piece, count: count)
                        let pieceLines = UnsafeBufferPointer(rebasing: lines[range])
                        // Stops at a line that is not a good record, or out of sequence.
                        if worker < slots.count {
                            decoded[piece] = decodePiece(
                                &slots.base[worker], all, pieceLines, first + range.lowerBound,
                                output + range.lowerBound)
                        } else {
                            var parser = parser
                            decoded[piece] = decodePiece(
                                &parser, all, pieceLines, first + range.lowerBound, output + range.lowerBound)
                        }
                    }
                    run(job, helpers: helpers, publish: publish)
                }
            }
            clean = (0..<pieces).allSatisfy { decoded[$0] == Self.lines(of: $0, count: count).count }
            if clean {
                initialized = count
            } else {
                for piece in 0..<pieces {
                    (output + piece * Self.pieceSize).deinitialize(count: decoded[piece])
                }
            }
        }
        return clean ? records : nil
    }

    /// Checksum, newline and JSON problems make a last line torn; a well-formed line that decodes
    /// badly is an error wherever it is.
    private func isTornCandidate(_ error: ActionLogError) -> Bool {
        guard case .badLine(_, _, let problem) = error else { return false }
        switch problem {
        case .missingNewline, .missingChecksum, .checksumMismatch, .invalidJSON: return true
        default: return false
        }
    }

    // MARK: Lines

    /// Whether a first line begins as this engine's headers do (so that a torn or damaged header
    /// is named as such, and any other first line says the file is not a log).
    private static func beginsLikeAHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let prefix = ActionLogFormat.headerPrefix
        return bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
    }

    /// Reads the header from its checked bytes, on a tape: a header holding a huge state takes
    /// no tree (see `RecordParser.treeLimit`). Checks every integer it reads against the format's
    /// bounds, and the state against the header's own fingerprint.
    private static func parseHeader(
        _ bytes: UnsafeRawBufferPointer,
        path: String,
        schemaVersion: Int,
        hasUpgrade: Bool
    ) throws(ActionLogError) -> ActionLogHeader<State> {
        func bad(_ problem: ActionLogError.LineProblem) -> ActionLogError {
            .badLine(path: path, line: 1, problem: problem)
        }
        var tape = JSONTape()
        do {
            try tape.parse(bytes)
        } catch {
            throw bad(.invalidJSON(error.description))
        }
        // The header's members: the first of each name, as `JSONValue`'s subscript finds them.
        var members: [String: Int] = [:]
        if tape[0].kind == .object {
            tape.withTokens { tokens in
                var position = 1
                while position < Int(tokens[0].next) {
                    if let name = JSONTape.string(tokens[position], in: bytes), members[name] == nil {
                        members[name] = position + 1
                    }
                    position = Int(tokens[position + 1].next)
                }
            }
        }
        func field(_ name: String) throws(ActionLogError) -> JSONTape.Token {
            guard let index = members[name] else { throw bad(.missingField(name)) }
            return tape[index]
        }
        func int(_ name: String) throws(ActionLogError) -> Int {
            let token = try field(name)
            guard token.kind == .number,
                case .value(let value) = JSONTape.integer(
                    UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.start + token.length)]),
                    as: Int.self)
            else { throw bad(.missingField(name)) }
            return value
        }
        func int(_ name: String, in range: ClosedRange<Int>) throws(ActionLogError) -> Int {
            let value = try int(name)
            guard range.contains(value) else {
                throw bad(.outOfRange(field: name, value: "\(value)", allowed: "\(range)"))
            }
            return value
        }
        func string(_ name: String) throws(ActionLogError) -> String {
            guard let value = JSONTape.string(try field(name), in: bytes) else { throw bad(.missingField(name)) }
            return value
        }
        guard let formatIndex = members["format"], let format = JSONTape.string(tape[formatIndex], in: bytes) else {
            throw .notAnActionLog(path: path, reason: .notALogHeader)
        }
        guard format == ActionLogFormat.name else { throw .notAnActionLog(path: path, reason: .otherFormat(format)) }
        let formatVersion = try int("formatVersion")
        guard formatVersion <= ActionLogFormat.version else {
            throw .newerFormat(path: path, found: formatVersion, supported: ActionLogFormat.version)
        }
        guard formatVersion >= 1 else {
            throw bad(
                .outOfRange(
                    field: "formatVersion", value: "\(formatVersion)", allowed: "1...\(ActionLogFormat.version)"))
        }
        // Version 1 is the first format; an older version would be upgraded here, line by line.
        let schema = try int("schema")
        if schema > schemaVersion {
            throw .newerSchema(path: path, found: schema, supported: schemaVersion)
        }
        if schema < schemaVersion && !hasUpgrade {
            throw .olderSchemaWithoutUpgrade(path: path, found: schema, supported: schemaVersion)
        }
        guard let stateIndex = members["state"] else { throw bad(.missingField("state")) }
        guard let fingerprint = Fingerprint(hex: try string("fp")) else { throw bad(.missingField("fp")) }
        // The state's own bytes are what the writer fingerprinted (its canonical compact JSON): an
        // edited state, or an edited fingerprint, is a damaged header, not a divergence at step 1.
        let stateBytes = Self.valueBytes(at: stateIndex, tape: tape, bytes: bytes)
        var hasher = FNV1a64()
        hasher.combine(stateBytes)
        guard hasher.value == fingerprint.value else {
            throw bad(
                .fingerprintMismatch(
                    field: "fp", recorded: fingerprint.description,
                    computed: Fingerprint(value: hasher.value).description))
        }
        let state: State
        do {
            state = try JSONTapeDecoder.decode(State.self, tape: tape, bytes: bytes, root: stateIndex)
        } catch {
            guard stateBytes.count <= RecordParser<State>.treeLimit else {
                throw bad(.undecodableState(describe(error)))
            }
            // A small state is decoded again from a tree, which decides and names the problem.
            do {
                let json = try JSONParser.parse(stateBytes.bindMemory(to: UInt8.self))
                state = try JSONValueDecoder().decode(State.self, from: json)
            } catch {
                throw bad(.undecodableState(describe(error)))
            }
        }
        return ActionLogHeader(
            formatVersion: formatVersion,
            engineVersion: try string("engine"),
            appVersion: try string("app"),
            schemaVersion: schema,
            logID: try string("logId"),
            createdMilliseconds: Int64(try int("created")),
            part: try int("part", in: 0...ActionLogFormat.maximumPart),
            firstSequence: try int("firstSeq", in: 1...ActionLogFormat.maximumSequence),
            state: state,
            fingerprint: fingerprint,
            privacy: members["privacy"].flatMap { Self.privacy(at: $0, tape: tape, bytes: bytes) }
        )
    }

    /// The header's `privacy` member (see ``ActionLogPrivacy``): `nil` for `null`; for an object,
    /// its integer `scheme` and string `keyId` when present; for anything else, a privacy of
    /// unknown scheme.
    private static func privacy(at index: Int, tape: JSONTape, bytes: UnsafeRawBufferPointer) -> ActionLogPrivacy? {
        let json = valueBytes(at: index, tape: tape, bytes: bytes)
        guard let value = try? JSONParser.parse(json.bindMemory(to: UInt8.self)) else {
            return ActionLogPrivacy(schemeVersion: nil)
        }
        switch value {
        case .null:
            return nil
        case .object(let members):
            var privacy = ActionLogPrivacy(schemeVersion: nil)
            for member in members {
                switch (member.key, member.value) {
                case ("scheme", .number(let text)) where privacy.schemeVersion == nil: privacy.schemeVersion = Int(text)
                case ("keyId", .string(let text)) where privacy.keyID == nil: privacy.keyID = text
                default: break
                }
            }
            return privacy
        default:
            return ActionLogPrivacy(schemeVersion: nil)
        }
    }

    /// The bytes of the value at a tape position (a string with its quotes).
    static func valueBytes(at index: Int, tape: JSONTape, bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let token = tape[index]
        var start = Int(token.start)
        var end = start + Int(token.length)
        if token.kind == .string || token.kind == .escapedString {
            start -= 1
            end += 1
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    // MARK: Errors

    /// Finds the enum case name a decoding error choked on, when it is an unknown case: the single
    /// key of the object (or the string) at the error's coding path.
    static func unknownCase(in json: JSONValue, error: any Error) -> (name: String, at: String)? {
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
        var node = json
        for key in path {
            if let index = key.intValue, case .array(let items) = node, items.indices.contains(index) {
                node = items[index]
            } else if let child = node[key.stringValue] {
                node = child
            } else {
                return nil
            }
        }
        let location = path.map(\.stringValue).joined(separator: ".")
        switch node {
        case .object(let members) where members.count == 1 && message.contains("keys"):
            return (members[0].key, location)
        case .string(let value) where message.contains("Cannot initialize"):
            return (value, location)
        default:
            return nil
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at \(path.map(\.stringValue).joined(separator: "."))"
        }
        switch decodingError {
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"\(at(context.codingPath))"
        case .typeMismatch(_, let context): return "\(context.debugDescription)\(at(context.codingPath))"
        case .valueNotFound(_, let context): return "\(context.debugDescription)\(at(context.codingPath))"
        case .dataCorrupted(let context): return "\(context.debugDescription)\(at(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }
}

/// A line of a batch: where its bytes are in the batch's buffer, whether a newline ended it, and
/// its line number. (A struct, not a tuple: generic code asks the runtime for a tuple's type
/// metadata on every use.)
@usableFromInline
struct BatchLine: Sendable {
    @usableFromInline var range: Range<Int>
    @usableFromInline var hasNewline: Bool
    @usableFromInline var number: Int

    init(range: Range<Int>, hasNewline: Bool, number: Int) {
        self.range = range
        self.hasNewline = hasNewline
        self.number = number
    }
}

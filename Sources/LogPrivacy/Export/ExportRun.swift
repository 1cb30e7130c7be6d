import ActionLog
import Foundation
import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One export of one log (see ``LogPseudonymisation``): the passes over the log, the proof at
/// every step, the redraws, the temporary file and its rename.
final class ExportRun<Rules: ReplayDecisions> {
    typealias State = Rules.State
    typealias Action = State.Action

    /// How often an export may start over after a redraw before it gives up: each start follows
    /// a redraw, and redraws are bounded by the values times ``Pseudonymiser/maximumAttempts``;
    /// this bounds the work on a hostile log all the same.
    static var maximumRestarts: Int { 64 }

    let rules: Rules
    let path: String
    let output: String
    let overwrite: Bool
    let maximumLineBytes: Int
    let progress: Progress?
    let privacy: ActionLogPrivacy
    let temporary: String

    private var visitor: PseudonymisingVisitor
    private var restarts = 0
    private var steps = 0
    /// The steps pass 1 read: what the progress counts as done when pass 2 (re)starts.
    private var learnedSteps = 0
    private var partPaths: [String] = []
    /// The log's leaves by class, counted in pass 1 (the export's too: see
    /// ``DistinctValueCollector``).
    private var leafCounts = LeafCounts()

    init(
        rules: Rules, key: PseudonymKey, path: String, output: String, overwrite: Bool, maximumLineBytes: Int,
        progress: Progress?
    ) {
        self.rules = rules
        self.path = path
        self.output = output
        self.overwrite = overwrite
        self.maximumLineBytes = maximumLineBytes
        self.progress = progress
        privacy = ActionLogPrivacy(schemeVersion: Pseudonymiser.schemeVersion, keyID: key.keyID)
        temporary = ActionLogDirectory.temporaryExportPath(for: output)
        visitor = PseudonymisingVisitor(registrations: .none, pseudonymiser: Pseudonymiser(key: key))
    }

    /// Signals a start over after a redraw.
    private struct Restart: Error {}

    func run() throws -> PseudonymisationReport {
        try checkOutputBeforehand()
        let header = try prepare()
        try checkOutputIsNotInput()
        while true {
            do {
                defer { if FileManager.default.fileExists(atPath: temporary) { unlink(temporary) } }
                let written = try writeExport(header: header)
                try verifyExport(written)
                try publish()
                return written.report
            } catch is Restart {
                restarts += 1
                guard restarts <= Self.maximumRestarts else {
                    throw PseudonymisationError.decisionChanged(
                        path: path, step: 0, line: 1, decision: "(more than \(Self.maximumRestarts) redraws)",
                        field: "the log's personal values")
                }
            }
        }
    }

    // MARK: Pass 1: every personal value made known

    private func open() throws -> ActionLogPartsReader<State> {
        do {
            return try ActionLogPartsReader<State>(
                path: path, schemaVersion: rules.schemaVersion, upgrade: rules.upgrade,
                maximumLineBytes: maximumLineBytes)
        } catch {
            throw PseudonymisationError.unreadable(error)
        }
    }

    private func nextBatch(_ reader: ActionLogPartsReader<State>) throws -> [ActionLogRecord<Action>] {
        if progress?.isCancelled == true { throw CancellationError() }
        do {
            return try reader.nextBatch()
        } catch {
            throw PseudonymisationError.unreadable(error)
        }
    }

    /// Reads the whole log once: registers every distinct personal value as an original (so no
    /// pseudonym can equal one), then issues their pseudonyms in the log's order (so free text
    /// anywhere in the log is scrubbed of values that appear only later).
    private func prepare() throws -> ActionLogHeader<State> {
        let reader = try open()
        let header = reader.header
        guard header.part == 0 else { throw PseudonymisationError.notFirstPart(path: path, part: header.part) }
        let registrations = header.state.dataRegistrations
        var collector = DistinctValueCollector(registrations: registrations)
        var state = header.state
        state.visitData(&collector)
        partPaths = [path]
        // The number of steps is known only at the end of this pass: until then the progress
        // counts the steps read, against an unknown (negative: indeterminate) total.
        progress?.totalUnitCount = -1
        progress?.completedUnitCount = 0
        while case let batch = try nextBatch(reader), !batch.isEmpty {
            for record in batch {
                var action = record.action
                action.visitData(&collector)
            }
            steps += batch.count
            progress?.completedUnitCount = Int64(steps)
            if reader.path != partPaths[partPaths.count - 1] { partPaths.append(reader.path) }
        }
        leafCounts = collector.counts
        var pseudonymiser = visitor.pseudonymiser
        pseudonymiser.protectedFragments = rules.protectedFragments(in: header.state)
        for value in collector.values { pseudonymiser.register(value.value, kind: value.kind) }
        // A value that cannot be pseudonymised fails again where it occurs, named there.
        for value in collector.values { _ = try? pseudonymiser.pseudonym(for: value.value, kind: value.kind) }
        pseudonymiser.report.occurrences = [:]
        visitor = PseudonymisingVisitor(registrations: registrations, pseudonymiser: pseudonymiser)
        // Three passes of `steps` each (this one done), and the rename.
        progress?.totalUnitCount = Int64(3 * steps + 1)
        progress?.completedUnitCount = Int64(steps)
        learnedSteps = steps
        return header
    }

    // MARK: Pass 2: the export, proved step by step, on two threads

    private struct Written {
        var report: PseudonymisationReport
        var footer: Bool
    }

    /// How many prepared steps travel from the preparing thread to the checking one at a time.
    static var chunkSteps: Int { 128 }
    /// How many chunks may wait between the two threads. The chunks are a pool of
    /// `handoverChunks + 2` (those waiting, the one being filled and the one being checked) that
    /// go round, the preparing thread reusing one only after the checking thread handed it back:
    /// at most `(handoverChunks + 2) * chunkSteps` steps (1,024) are in memory at once, whatever
    /// the log's length.
    static var handoverChunks: Int { 6 }

    /// How many chunks pass 2 makes: see ``handoverChunks``.
    static var pooledChunks: Int { handoverChunks + 2 }

    /// One step of pass 2 as the preparing thread hands it over: the original reduced (and its
    /// fingerprint checked), the action pseudonymised and encoded for its line.
    ///
    /// A class: the steps travel by reference. As a struct a step held its decisions inline
    /// (5,540 bytes for the checkout's two states), and each was copied byte for byte into the
    /// chunk, out of it and into the loop through the generic value witnesses (the export
    /// 120,451 instructions an action as a struct, 119,023 as a class). Its fields are `let`s,
    /// read only after the chunk that holds it crossed the queue.
    ///
    /// It holds the record's fields, not the record: this class is generic (`ExportRun` runs
    /// unspecialised), and storing, reading and destroying an `ActionLogRecord<Action>` looked
    /// up that type's generic metadata at run time, about 330 instructions each time, three
    /// times a step (the export 110,049 instructions an action with the record, 109,279 without).
    private final class PreparedStep {
        /// The record's sequence number.
        let sequence: Int
        /// The record's time.
        let timeMilliseconds: Int64
        /// Whether the record holds a fingerprint (the export's line then holds one).
        let hasFingerprint: Bool
        /// The record's line in its part.
        let line: Int
        /// The record's action, as the original log holds it.
        let originalAction: Action
        /// The part the record was read from.
        let part: String
        /// The pseudonymised action.
        let action: Action
        /// Its JSON, as the export's line holds it (nil: the writer encodes it).
        let encoded: ActionLogExportWriter<State>.EncodedAction?
        let originalDecisions: Rules.Decisions

        @inline(__always)
        init(
            record: borrowing ActionLogRecord<Action>, part: String, action: consuming Action,
            encoded: ActionLogExportWriter<State>.EncodedAction?, originalDecisions: consuming Rules.Decisions
        ) {
            sequence = record.sequence
            timeMilliseconds = record.timeMilliseconds
            hasFingerprint = record.fingerprint != nil
            line = record.line
            originalAction = record.action
            self.part = part
            self.action = action
            self.encoded = encoded
            self.originalDecisions = originalDecisions
        }
    }

    /// The end of the log, as the preparing thread read it.
    private struct PreparedEnd {
        let footer: ActionLogFooter?
        let partsRead: Int
        let tornLine: Int?
    }

    private enum Handover {
        case steps(PreparedChunk<PreparedStep>)
        case end(PreparedEnd)
        case failed(any Error)
    }

    /// Pass 2 on two threads. The preparing thread reads the log (its batches decoded ahead on
    /// a third, as every reader does), reduces the original, checks its fingerprints,
    /// pseudonymises each action and encodes it for its line; this thread reduces the
    /// pseudonymised action, compares the step's decisions, fingerprints the export and writes
    /// its line. Steps cross in order through a bounded queue (``handoverChunks`` chunks of
    /// ``chunkSteps``), so the checks happen in the log's order and a failure on the preparing
    /// thread is met after every step before it.
    /// A difference stops the preparing thread (and waits for it) before the redraw.
    ///
    /// The steps are destroyed on the preparing thread, not here: this thread reads each step in
    /// its chunk and hands the chunk back (a second queue), and the preparing thread empties it
    /// before filling it again. A step's decisions (for the checkout, the states before and after
    /// it) refer to the storage the preparing thread's own state refers to, and that thread
    /// retains it at every step: released here, each release was an atomic write to a reference
    /// count the other core had just written, and this thread spent 6.3-6.5 s of its 1M-step
    /// pass (out of 11.2-11.5 s) between the end of one step's write and the start of the next,
    /// destroying a step. Released where they were made, pass 2 of `pseudonymise-checkout-1m`
    /// took 6.6-6.8 s (a quiet host; the row's best 9,292 ns an action from 13,396, 12.5x the
    /// replay from 18.7x; 105,428 instructions an action from 105,504), about what the preparing
    /// thread's own work takes (6.5 s: reduce 2.0, visit 2.0, encode 2.05): the pass is now bound
    /// by that thread's work, not by the hand-over. Destroying the steps handed back is now part
    /// of that work (on a loaded host 1.7-2.8 s of a pass of 12.6-18.5 s: the releases of two
    /// states a step, atomic even uncontended), and the pass is at what two cores give it: with the reader's decoding thread, three threads
    /// busy on two cores. Letting the checking thread encode a chunk's actions while it waited
    /// for work (the writer encodes as the encoder does) did not shorten it on a quiet host
    /// (6.7-7.5 s): it moves work, and no core is idle to take it. Shorter now only with less
    /// work: fewer instructions, or fewer references retained and released per step.
    private func writeExport(header: ActionLogHeader<State>) throws -> Written {
        progress?.completedUnitCount = Int64(learnedSteps)
        // Counts start again on each pass; redraws and distinct values are the export's.
        visitor.pseudonymiser.report.occurrences = [:]
        visitor.pseudonymiser.report.freeTextFieldsTouched = 0
        visitor.pseudonymiser.report.freeTextReplacements = 0

        let reader = try open()
        var export = header.state
        visitor.reset()
        export.visitData(&visitor)
        if let failure = visitor.failure {
            throw cannotPseudonymise(step: 0, line: 1, failure)
        }
        let writer: ActionLogExportWriter<State>
        do {
            writer = try ActionLogExportWriter(
                path: temporary, like: header, initialState: export, schemaVersion: rules.schemaVersion,
                privacy: privacy)
        } catch {
            throw PseudonymisationError.cannotWrite(path: temporary, reason: error.description)
        }
        var succeeded = false
        defer { if !succeeded { writer.abandon() } }

        let queue = HandoverQueue<Handover>(capacity: Self.handoverChunks)
        // Chunks checked, on their way back to be emptied and filled again: never full (the pool
        // holds `pooledChunks`), so this thread never waits to hand one back.
        let returned = HandoverQueue<PreparedChunk<PreparedStep>>(capacity: Self.pooledChunks)
        let preparer = Preparer(visitor: visitor)
        let work = UncheckedSendable { [self] in
            prepare(header: header, reader: reader, preparer: preparer, queue: queue, returned: returned)
        }
        let thread = Thread { work.value() }
        thread.stackSize = 8 << 20
        thread.start()
        var joined = false
        /// Stops the preparing thread (if it still runs), waits for it, and takes back its
        /// pseudonymiser (a redraw and the report need it).
        func join() {
            guard !joined else { return }
            joined = true
            queue.close()
            returned.close()
            preparer.done.wait()
            visitor = preparer.visitor
        }
        defer { join() }

        var step = 0
        var copiesStateBefore = true
        while true {
            switch queue.pop() {
            case .failed(let error):
                throw error
            case .steps(let chunk):
                // Each step is read in place (a reference): it and its decisions (two states, for the
                // checkout) are destroyed by the preparing thread once the chunk is handed back.
                let taken = chunk.count
                for index in 0..<taken {
                    let prepared = chunk[index]
                    step += 1
                    // A copy of the state before the step (for a redraw) only when the rules'
                    // decisions do not hold it (asked after the first step).
                    let before: State? = copiesStateBefore ? export : nil
                    let exportDecisions = rules.reduce(&export, prepared.action)
                    if step == 1 { copiesStateBefore = rules.stateBefore(exportDecisions) == nil }
                    // From the second step on, the previous step decided the same (a difference
                    // throws: a redraw starts over, a refusal ends the export), so the rules may
                    // compare only what this step changed. The first step's states before it
                    // (the header's, one pseudonymised) were never compared: it is compared in full.
                    let difference =
                        step == 1
                        ? rules.difference(between: prepared.originalDecisions, and: exportDecisions)
                        : rules.differenceFollowingEqualStep(
                            between: prepared.originalDecisions, and: exportDecisions)
                    if let decision = difference {
                        join()
                        guard let before = before ?? rules.stateBefore(exportDecisions) else {
                            throw PseudonymisationError.exportDoesNotVerify(
                                step: step, reason: "the rules no longer give the state before the step")
                        }
                        try resolve(
                            step: step, originalAction: prepared.originalAction, line: prepared.line,
                            path: prepared.part, before: before,
                            originalDecisions: prepared.originalDecisions, decision: decision)
                    }
                    var fingerprint: Fingerprint?
                    if prepared.hasFingerprint {
                        fingerprint = try fingerprintOf(export, step: step)
                    }
                    do {
                        try writer.append(
                            sequence: prepared.sequence,
                            timeMilliseconds: prepared.timeMilliseconds,
                            action: prepared.action, encoded: prepared.encoded,
                            fingerprint: fingerprint)
                    } catch {
                        throw PseudonymisationError.cannotWrite(path: temporary, reason: String(describing: error))
                    }
                }
                // False only once closed (this thread then gives up): the chunk is dropped here.
                _ = returned.push(chunk)
                progress?.completedUnitCount += Int64(taken)
            case .end(let end):
                join()
                do {
                    if end.footer != nil {
                        try writer.finish(footerFingerprint: try fingerprintOf(export, step: step))
                    } else {
                        try writer.close()
                    }
                } catch let error as PseudonymisationError {
                    throw error
                } catch {
                    throw PseudonymisationError.cannotWrite(path: temporary, reason: "\(error)")
                }
                succeeded = true
                steps = step
                let report = PseudonymisationReport(
                    log: path, output: output, steps: step, partsRead: end.partsRead,
                    closedCleanly: end.footer != nil, tornLineDropped: end.tornLine, privacy: privacy,
                    leaves: leafCounts, pseudonyms: visitor.pseudonymiser.report, restarts: restarts)
                return Written(report: report, footer: end.footer != nil)
            }
        }
    }

    /// The preparing thread's pseudonymiser, handed back when it ends (`done`).
    private final class Preparer: @unchecked Sendable {
        /// Owned by the preparing thread until `done` is signalled, by the caller after.
        var visitor: PseudonymisingVisitor
        let done = DispatchSemaphore(value: 0)

        init(visitor: PseudonymisingVisitor) {
            self.visitor = visitor
        }
    }

    /// The preparing thread of pass 2 (see ``writeExport(header:)``): hands over every step in
    /// order, then the end of the log or the first failure; fills the chunks `returned` hands
    /// back (destroying their steps here, where the steps were made); stops early when either
    /// queue is closed.
    private func prepare(
        header: ActionLogHeader<State>, reader: ActionLogPartsReader<State>, preparer: Preparer,
        queue: HandoverQueue<Handover>, returned: HandoverQueue<PreparedChunk<PreparedStep>>
    ) {
        defer { preparer.done.signal() }
        var original = header.state
        var step = 0
        var lastLine = 1
        var chunk = PreparedChunk<PreparedStep>(capacity: Self.chunkSteps)
        var chunksMade = 1
        /// The next chunk to fill: a new one until the pool is made, then one the checking thread
        /// handed back, emptied here; nil once the export stops.
        func nextChunk() -> PreparedChunk<PreparedStep>? {
            if chunksMade < Self.pooledChunks {
                chunksMade += 1
                return PreparedChunk(capacity: Self.chunkSteps)
            }
            guard let chunk = returned.popUnlessClosed() else { return nil }
            chunk.removeAll()
            return chunk
        }
        let encoder = ActionLogExportWriter<State>.ActionEncoder()
        do {
            while case let batch = try nextBatch(reader), !batch.isEmpty {
                for record in batch {
                    step += 1
                    lastLine = record.line
                    let originalDecisions = rules.reduce(&original, record.action)
                    if let recorded = record.fingerprint, (try? Fingerprint.of(original)) != recorded {
                        throw PseudonymisationError.doesNotVerify(path: reader.path, step: step, line: record.line)
                    }
                    var action = record.action
                    preparer.visitor.reset()
                    action.visitData(&preparer.visitor)
                    if let failure = preparer.visitor.failure {
                        throw cannotPseudonymise(step: step, line: record.line, failure, in: reader.path)
                    }
                    // The decisions are moved into the step, not copied: a copy of them (two states,
                    // for the checkout) retains and releases everything they refer to once more.
                    let encoded = encoder.encode(action)
                    chunk.append(
                        PreparedStep(
                            record: record, part: reader.path, action: consume action, encoded: encoded,
                            originalDecisions: consume originalDecisions))
                    if chunk.isFull {
                        guard queue.push(.steps(chunk)), let next = nextChunk() else { return }
                        chunk = next
                    }
                }
            }
            let closed = reader.footer
            if let footer = closed, (try? Fingerprint.of(original)) != footer.fingerprint {
                throw PseudonymisationError.doesNotVerify(path: reader.path, step: step, line: lastLine + 1)
            }
            if !chunk.isEmpty { guard queue.push(.steps(chunk)) else { return } }
            _ = queue.push(
                .end(
                    PreparedEnd(
                        footer: closed, partsRead: reader.partsRead,
                        tornLine: reader.tornLine?.line)))
        } catch {
            // The steps before the failure are checked first: a difference among them wins.
            if !chunk.isEmpty { guard queue.push(.steps(chunk)) else { return } }
            _ = queue.push(.failed(error))
        }
    }

    private func fingerprintOf(_ state: State, step: Int) throws -> Fingerprint {
        do {
            return try Fingerprint.of(state)
        } catch {
            throw PseudonymisationError.exportDoesNotVerify(step: step, reason: "its state cannot be encoded: \(error)")
        }
    }

    private func cannotPseudonymise(
        step: Int, line: Int, _ failure: (field: String, error: any Error), in part: String? = nil
    ) -> PseudonymisationError {
        .cannotPseudonymise(
            path: part ?? path, step: step, line: line, field: failure.field, reason: "\(failure.error)")
    }

    // MARK: Redraws

    /// A step whose decisions differ: finds, by bisection over the step's personal values, the one
    /// whose pseudonym changes the decision, redraws it until the step decides as the original
    /// did, and starts the export over (throws ``Restart``); refuses naming the step, the
    /// decision and the field when no candidate keeps it.
    private func resolve(
        step: Int, originalAction: Action, line: Int, path part: String, before: State,
        originalDecisions: Rules.Decisions, decision: String
    ) throws -> Never {
        var collector = PersonalLeafCollector(registrations: visitor.registrations)
        var action = originalAction
        action.visitData(&collector)
        // Free text and URLs follow the values inside them: the values are redrawn, not the text.
        let candidates = collector.leaves.filter { $0.kind != .freeText && $0.kind != .url }
        func refuse(_ field: String) -> PseudonymisationError {
            .decisionChanged(path: part, step: step, line: line, decision: decision, field: field)
        }
        /// Whether the step decides as the original did with these leaves left as they were.
        func keeps(_ keep: Set<Int>) -> Bool {
            var trial = visitor
            trial.keepOriginal = keep
            trial.reset()
            var action = originalAction
            action.visitData(&trial)
            guard trial.failure == nil else { return false }
            var state = before
            let decisions = rules.reduce(&state, action)
            return rules.difference(between: originalDecisions, and: decisions) == nil
        }
        guard !candidates.isEmpty else { throw refuse("(no personal value in this step's action)") }
        guard keeps(Set(candidates.map(\.index))) else {
            throw refuse(candidates.map(\.field).joined(separator: ", "))
        }
        // The fewest leading candidates whose originals keep the decision: the last is the one.
        var low = 0
        var high = candidates.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if keeps(Set(candidates[..<middle].map(\.index))) { high = middle } else { low = middle }
        }
        let culprit = candidates[high - 1]
        while true {
            do {
                _ = try visitor.pseudonymiser.redraw(culprit.value, kind: culprit.kind)
            } catch {
                throw refuse(culprit.field)
            }
            if keeps([]) { throw Restart() }
        }
    }

    // MARK: Pass 3: the written file, read back

    private func verifyExport(_ written: Written) throws {
        let reader: ActionLogPartsReader<State>
        do {
            reader = try ActionLogPartsReader<State>(
                path: temporary, schemaVersion: rules.schemaVersion, maximumLineBytes: maximumLineBytes)
        } catch {
            throw PseudonymisationError.exportDoesNotVerify(step: 0, reason: error.description)
        }
        guard reader.header.privacy == privacy else {
            throw PseudonymisationError.exportDoesNotVerify(step: 0, reason: "its header's privacy member differs")
        }
        var state = reader.header.state
        var step = 0
        while true {
            if progress?.isCancelled == true { throw CancellationError() }
            let batch: [ActionLogRecord<Action>]
            do {
                batch = try reader.nextBatch()
            } catch {
                throw PseudonymisationError.exportDoesNotVerify(step: step + 1, reason: error.description)
            }
            if batch.isEmpty { break }
            for record in batch {
                step += 1
                rules.replay(&state, record.action)
                if let recorded = record.fingerprint, (try? Fingerprint.of(state)) != recorded {
                    throw PseudonymisationError.exportDoesNotVerify(step: step, reason: "its fingerprint differs")
                }
            }
            progress?.completedUnitCount += Int64(batch.count)
        }
        guard step == written.report.steps, reader.tornLine == nil, (reader.footer != nil) == written.footer else {
            throw PseudonymisationError.exportDoesNotVerify(step: step, reason: "its records or footer differ")
        }
        if let footer = reader.footer, (try? Fingerprint.of(state)) != footer.fingerprint {
            throw PseudonymisationError.exportDoesNotVerify(step: step, reason: "its footer's fingerprint differs")
        }
    }

    // MARK: The output

    /// Refuses an existing output (without overwrite) before any work.
    private func checkOutputBeforehand() throws {
        if Self.sameFile(output, path) { throw PseudonymisationError.outputIsInput(path: output) }
        if !overwrite, FileManager.default.fileExists(atPath: output) {
            throw PseudonymisationError.outputExists(path: output)
        }
    }

    /// Refuses an output that is one of the log's parts.
    private func checkOutputIsNotInput() throws {
        for part in partPaths where Self.sameFile(output, part) {
            throw PseudonymisationError.outputIsInput(path: output)
        }
    }

    /// Moves the verified temporary file to the output: `link` (which never replaces a file) unless
    /// overwriting, `rename` (atomic) if so.
    private func publish() throws {
        if progress?.isCancelled == true { throw CancellationError() }
        if overwrite {
            guard rename(temporary, output) == 0 else {
                throw PseudonymisationError.cannotWrite(path: output, reason: String(cString: strerror(errno)))
            }
        } else {
            guard link(temporary, output) == 0 else {
                if errno == EEXIST { throw PseudonymisationError.outputExists(path: output) }
                throw PseudonymisationError.cannotWrite(path: output, reason: String(cString: strerror(errno)))
            }
            unlink(temporary)
        }
        progress?.completedUnitCount = progress?.totalUnitCount ?? 0
    }

    /// Whether both paths name one existing file (the same device and inode), or the same path.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if URL(fileURLWithPath: first).standardizedFileURL.path == URL(fileURLWithPath: second).standardizedFileURL.path
        {
            return true
        }
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}

import Foundation
public import StateStore

#if canImport(Glibc)
import Glibc
#endif

/// Records every action a store reduces into an action log, in the order they are reduced.
///
/// ```swift
/// let recorder = try ActionRecorder(path: logPath, initialState: state, mode: .buffered())
/// let store = Store(
///     reducer: reducer, state: state, middleware: [analytics], observers: [recorder.observer])
/// ...
/// try recorder.barrier()   // before payment, or when the app goes to the background
/// try recorder.close()     // writes the footer
/// ```
///
/// Give the store the recorder's ``observer``: it records what the reducer reduced, after any
/// middleware that replaces or swallows actions, and costs a dispatch the least. (``middleware``
/// records the same from inside a middleware chain; put it **last** there.) Give one recorder to
/// one store only, one way.
///
/// ## Modes
/// - ``Mode/buffered(flushInterval:)``: the dispatch path only enqueues; a background thread
///   encodes and writes. A crash can lose what was not yet written; call ``barrier()`` at
///   milestones.
/// - ``Mode/durable``: each record is written (handed to the OS) before `dispatch` returns.
///
/// ## The buffered hand-off
/// In buffered mode, dispatch takes no lock. The store runs observers and middleware on one
/// thread at a time (its lock and drain status order one draining thread after another), so the
/// recorder is a single producer: it reads one relaxed atomic word (still recording, nothing asked?), stamps the time, and appends a
/// small record to a lock-free single-producer, single-consumer queue of fixed-size chunks,
/// publishing it with one release store. The writer thread, the single consumer, takes records
/// with an acquire load, numbers them, encodes and writes them in batches. The state after an
/// action (every `fingerprintInterval` records, and when the writer asks for one to start a new
/// part) travels in a second queue of the same kind. The queue is unbounded: dispatch never waits
/// for the writer or the disk. The writer wakes every flush interval, and when the dispatch path
/// fills a chunk (unless someone holds its lock: it never waits for it). ``barrier()``,
/// ``close()``, ``status`` and failures still synchronise through a lock, off the dispatch path.
///
/// ## Failures
/// A write error (disk full, closed file) stops recording: ``status`` becomes
/// ``Status/failed(_:)`` with the typed error, `onFailure` is called once, the store keeps
/// working, and the log stays valid up to the last whole line.
///
/// ## Retention and erasure
/// The directory that holds `path` is the recorder's log directory (see
/// ``ActionLogDirectory``): when the recorder opens and whenever it rotates, logs there older
/// than ``ActionLogConfiguration/maximumAge`` (30 days by default) are removed. On Apple
/// platforms the directory and the log files are excluded from device backups.
/// ``ActionLogDirectory/eraseAll()`` stops a recorder writing in the directory for good:
/// ``status`` becomes ``Status/erased``, the observer (or middleware) does nothing from then on,
/// the store keeps working, and the files are removed.
///
/// Secrets never reach the log: values wrapped in `Sensitive` encode as the redaction marker.
public final class ActionRecorder<State: StoreState & Codable>: @unchecked Sendable {
    /// How records reach the file.
    public enum Mode: Sendable, Equatable {
        /// A background writer flushes at least every `flushInterval`; dispatch only enqueues,
        /// without a lock (a release store onto a lock-free queue the writer thread drains).
        case buffered(flushInterval: Duration = .milliseconds(20))
        /// Each record is written before `dispatch` returns.
        case durable
    }

    /// Whether the recorder is still recording.
    public enum Status: Sendable, Equatable {
        /// Recording.
        case recording
        /// Stopped by a failure; the log is valid up to the last whole line.
        case failed(ActionLogError)
        /// Closed cleanly with a footer.
        case closed
        /// Stopped by ``ActionLogDirectory/eraseAll()``: the log's files were removed, and
        /// nothing more is recorded (the store keeps running; the observer or middleware does
        /// nothing).
        case erased
    }

    @usableFromInline
    struct Pending {
        @usableFromInline var sequence: Int
        @usableFromInline var time: Int64
        @usableFromInline var action: State.Action
        /// The state after the action, when a fingerprint or a rotation needs it.
        @usableFromInline var state: State?

        @usableFromInline
        init(sequence: Int, time: Int64, action: State.Action, state: State?) {
            self.sequence = sequence
            self.time = time
            self.action = action
            self.state = state
        }
    }

    /// What the dispatch path hands to the writer thread in buffered mode: small, because every
    /// dispatch writes one. Its sequence number is its place in the queue; the state after the
    /// action, when one is attached, travels in `states`.
    @usableFromInline
    struct Queued {
        @usableFromInline var time: Int64
        @usableFromInline var action: State.Action

        @usableFromInline
        init(time: Int64, action: State.Action) {
            self.time = time
            self.action = action
        }
    }

    /// The state after the action numbered `sequence` (buffered mode).
    @usableFromInline
    struct CarriedState {
        @usableFromInline var sequence: Int
        @usableFromInline var state: State

        @usableFromInline
        init(sequence: Int, state: State) {
            self.sequence = sequence
            self.state = state
        }
    }

    /// The file path of the log's first part.
    public let path: String
    /// The log's random identifier (in every header).
    public let logID: String
    /// The mode.
    public let mode: Mode

    @usableFromInline let configuration: ActionLogConfiguration
    @usableFromInline let now: @Sendable () -> Int64
    /// The directory holding `path`, as ``OpenRecorders`` names directories.
    let directoryPath: String
    private let onFailure: (@Sendable (ActionLogError) -> Void)?

    /// Records the writer thread moves out of the queue at most per cycle, so that its bookkeeping
    /// (and a waiting ``barrier()``) progresses while dispatch outpaces it.
    private static var writerBatchLimit: Int { 8192 }

    // MARK: Shared with the dispatch path without a lock

    /// Whether the mode is buffered (read on every dispatch, cheaper than matching `mode`).
    @usableFromInline let isBuffered: Bool
    /// The hand-off from the dispatch path to the writer thread (buffered mode; unused in durable
    /// mode). Not optional: reading a `let` of `self` costs no retain on the dispatch path, while
    /// unwrapping an optional one does.
    @usableFromInline let queue: HandoffQueue<Queued>
    /// The states that records carry (one in `fingerprintInterval`, and one per rotation), each
    /// pushed before its record: whoever pops a record finds its state here, if it has one.
    @usableFromInline let states: HandoffQueue<CarriedState>
    /// What the dispatch path must look at, in one word it reads relaxed on every record: 0 while
    /// the recorder takes actions and nothing is asked of it (one load and one comparison), else
    /// ``stoppedSignal`` and ``rotationSignal``. Set and cleared bit by bit with a
    /// compare-and-exchange, since the writer thread, `close()` and the dispatch path change
    /// different bits. It guards no other memory: an action that races with `close()` or a failure
    /// is recorded or not, whichever comes first (see ``close()``), and the state a rotation asks
    /// for travels through the queue.
    @usableFromInline let signals = AtomicInt(0)
    /// Set once the recorder is closing, failed or erased: it takes no more actions.
    @usableFromInline static var stoppedSignal: Int { 1 }
    /// Set when the writer asks that the next record carry the state after it, to start a new
    /// part from.
    @usableFromInline static var rotationSignal: Int { 2 }

    // MARK: Dispatch path only
    // Touched only by the thread running the observer (or middleware). A store runs them on one
    // draining thread at a time and hands that role over through its lock, which orders successive threads;
    // so no two accesses overlap (`@exclusivity(unchecked)`). Durable mode also holds `condition`.
    // One recorder belongs in one store.

    /// The last sequence number given (durable mode; in buffered mode the queue numbers).
    @usableFromInline @exclusivity(unchecked) var sequence = 0
    /// The fields the dispatch path writes on every action, on a cache line of their own (a
    /// 128-byte allocation): beside the recorder's other fields, which the writer thread reads all
    /// the time, each write would take the line back from the writer's core.
    @usableFromInline let producerFields: UnsafeMutablePointer<ProducerFields>

    @usableFromInline
    struct ProducerFields {
        /// Records left until the next one that carries the state for a fingerprint (durable mode).
        @usableFromInline var untilFingerprint = 0
        /// Records left until the next one that takes the buffered slow path
        /// (``recordBufferedSlowly(_:context:)``): the first record (which keeps the context), then
        /// each one that carries the state for a fingerprint.
        @usableFromInline var untilSlowPath = 1
        /// Whether `contextBox` was set (the dispatch path's own copy, read without the lock).
        @usableFromInline var hasContext = false

        @usableFromInline
        init() {}
    }

    /// Records left until the next one that carries the state for a fingerprint.
    @inlinable
    var untilFingerprint: Int {
        get { producerFields.pointee.untilFingerprint }
        set { producerFields.pointee.untilFingerprint = newValue }
    }

    /// Whether `contextBox` was set (the dispatch path's own copy, read without the lock).
    @inlinable
    var hasContext: Bool {
        get { producerFields.pointee.hasContext }
        set { producerFields.pointee.hasContext = newValue }
    }

    private static func makeProducerFields() -> UnsafeMutablePointer<ProducerFields> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
        let fields = raw.bindMemory(to: ProducerFields.self, capacity: 1)
        fields.initialize(to: ProducerFields())
        return fields
    }

    // MARK: Guarded by `condition`'s lock
    // The lock makes each access exclusive, so the runtime check is redundant.

    /// Recursive because `deinit` takes it, and can run on the writer thread while that thread
    /// holds it: when the thread's check of its weak reference turns out to hold the last one.
    @usableFromInline let condition = ConditionLock(recursive: true)
    /// Touched by whoever writes: the dispatch path (durable), the writer thread (buffered, while it
    /// writes a batch it holds no lock, but nothing else writes then), `close()` after that thread
    /// ended, and `deinit`.
    @exclusivity(unchecked) private var writer: ActionLogWriter<State>?
    @exclusivity(unchecked) private var writtenThrough = 0
    @exclusivity(unchecked) private var syncedThrough = 0
    @exclusivity(unchecked) private var syncRequestedThrough = 0
    @usableFromInline @exclusivity(unchecked) var closing = false
    @exclusivity(unchecked) private var writerThreadDone = false
    @usableFromInline @exclusivity(unchecked) var currentStatus = Status.recording
    @exclusivity(unchecked) private var lastState: State
    @usableFromInline @exclusivity(unchecked) var contextBox: MiddlewareContext<State>?

    // MARK: The queue's consumer only
    // The writer thread, then `close()` or `deinit` once it ended (ordered by `condition`).

    /// The writer thread's batch, reused between cycles.
    @exclusivity(unchecked) private var writerBatch: [Pending] = []
    /// The sequence number of the last record taken off the queue.
    @exclusivity(unchecked) private var dequeuedThrough = 0
    /// The oldest state taken off `states` whose record was not taken yet.
    @exclusivity(unchecked) private var nextCarried: CarriedState?

    /// Creates the log file, writes its header with `initialState`, and (in buffered mode)
    /// starts the writer thread.
    ///
    /// - Parameters:
    ///   - path: The log file; rotated parts are written beside it (`log.1.jsonl`, ...).
    ///   - initialState: The store's initial state (the same value given to the store).
    ///   - mode: Buffered (default) or durable.
    ///   - configuration: App and schema versions, fingerprint interval, rotation size, how long
    ///     logs are kept in the directory.
    ///   - fileSystem: Where files go; tests inject faults here.
    ///   - now: The recording clock, in milliseconds since 1970: the records' times (information
    ///     only), the header's `created`, and the time logs' ages are measured at.
    ///   - onFailure: Called once, on the writing thread, if recording stops on an error.
    /// - Throws: ``ActionLogError`` if the file cannot be created or the header written.
    public init(
        path: String,
        initialState: State,
        mode: Mode = .buffered(),
        configuration: ActionLogConfiguration = ActionLogConfiguration(),
        fileSystem: any LogFileSystem = POSIXLogFileSystem(),
        now: @escaping @Sendable () -> Int64 = ActionRecorderClock.wallClockMilliseconds,
        onFailure: (@Sendable (ActionLogError) -> Void)? = nil
    ) throws(ActionLogError) {
        self.path = path
        self.mode = mode
        self.configuration = configuration
        self.now = now
        self.directoryPath = OpenRecorders.canonicalDirectory(
            URL(fileURLWithPath: path).deletingLastPathComponent().path)
        self.onFailure = onFailure
        self.lastState = initialState
        self.producerFields = Self.makeProducerFields()
        self.producerFields.pointee.untilFingerprint = configuration.fingerprintInterval
        if case .buffered = mode {
            isBuffered = true
            queue = HandoffQueue()
            states = HandoffQueue(chunkCapacity: 16)
        } else {
            isBuffered = false
            queue = HandoffQueue(chunkCapacity: 1)
            states = HandoffQueue(chunkCapacity: 1)
        }
        // 26 letters, 122 random bits (letters only: see `RandomLetters`).
        self.logID = RandomLetters.make(count: 26)
        // Every stored property is set by now, so `deinit` runs (and frees the atomics) if this throws.
        // An erasure of the directory runs wholly before this opening or wholly after it.
        let registry = OpenRecorders.shared
        registry.erasure.lock()
        defer { registry.erasure.unlock() }
        removeExpiredLogs()
        BackupExclusion.exclude(path: directoryPath)
        self.writer = try ActionLogWriter(
            path: path,
            initialState: initialState,
            configuration: configuration,
            fileSystem: fileSystem,
            logID: logID,
            createdMilliseconds: now()
        )
        registry.register(self, logID: logID, directory: directoryPath)
        if case .buffered(let interval) = mode {
            writer?.isBatching = true
            let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
            // The thread holds the recorder only while it writes, never while it waits, so dropping
            // the recorder (and the store that holds its middleware) ends the thread and closes the
            // log at once.
            let condition = self.condition
            let thread = Thread { [weak self] in
                while true {
                    condition.lock()
                    let idle: Bool? = { self?.isIdleLocked }()
                    guard let idle else {
                        condition.unlock()
                        return
                    }
                    if idle { condition.wait(seconds: seconds) }
                    condition.unlock()
                    guard let recorder = self, recorder.writerStep() else { return }
                }
            }
            thread.name = "ActionRecorder writer"
            thread.start()
        } else {
            writerThreadDone = true
        }
    }

    deinit {
        OpenRecorders.shared.unregister(ObjectIdentifier(self))
        finishWhenDropped()
        signals.deallocate()
        producerFields.deinitialize(count: 1)
        UnsafeMutableRawPointer(producerFields).deallocate()
    }

    /// No other thread can reach the recorder now: finish what was recorded, without waiting. The
    /// lock orders this after the writer thread's last cycle, which touched the queue and the file.
    private func finishWhenDropped() {
        condition.lock()
        defer { condition.unlock() }
        guard case .recording = currentStatus else { return }
        var remaining: [Pending] = []
        dequeue(into: &remaining)
        if write(remaining), let fingerprint = try? Fingerprint.of(contextBox?.state ?? lastState) {
            try? writer?.finish(fingerprint: fingerprint)
        }
        writer?.abandon()
    }

    /// The observer that records (`Store(..., observers: [recorder.observer])`): it sees every
    /// action the reducer reduced, after all middleware, and costs a dispatch less than
    /// ``middleware`` does (a store without middleware keeps its own path; see `ActionObserver`).
    /// Give a recorder to one store, as its observer or its middleware, not both.
    @inlinable
    public var observer: ActionObserver<State> {
        if isBuffered {
            return ActionObserver { [self] context, action in
                recordBuffered(action, context: context)
            }
        }
        return ActionObserver { [self] context, action in
            recordDurably(action, context: context)
        }
    }

    /// The middleware that records; put it last. It records what ``observer`` records (the actions
    /// the reducer reduced, in order), from inside the middleware chain: for a store that is
    /// given middleware only.
    @inlinable
    public var middleware: Middleware<State> {
        // One closure per mode: the buffered one holds the whole fast path, without a test of
        // the mode or a call.
        if isBuffered {
            return Middleware { [self] context, action, next in
                next(action)
                recordBuffered(action, context: context)
            }
        }
        return Middleware { [self] context, action, next in
            next(action)
            recordDurably(action, context: context)
        }
    }

    /// Whether the recorder is recording, failed (and why), or closed.
    public var status: Status {
        condition.lock()
        defer { condition.unlock() }
        return currentStatus
    }

    /// How many actions have been recorded (enqueued, in buffered mode). Once ``close()``
    /// returned, the count in the log's footer.
    public var recordedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        if case .closed = currentStatus { return writtenThrough }
        return isBuffered ? queue.publishedCount : sequence
    }

    // MARK: Dispatch path

    /// Records `action` in buffered mode: the single producer of `queue` and `states`. No lock:
    /// most records cost a countdown, one relaxed load, the clock, a few plain stores and one
    /// release store. The first record, each one due to carry the state for a fingerprint, and
    /// any record while ``signals`` is set take ``recordBufferedSlowly(_:context:)``.
    @inlinable
    @inline(__always)
    func recordBuffered(_ action: State.Action, context: MiddlewareContext<State>) {
        producerFields.pointee.untilSlowPath &-= 1
        if producerFields.pointee.untilSlowPath == 0 || signals.loadRelaxed() != 0 {
            return recordBufferedSlowly(action, context: context)
        }
        if queue.push(Queued(time: now(), action: action)) { wakeWriter() }
    }

    /// The buffered records that need more than the fast path: stops when the recorder does,
    /// keeps the store's context on the first record, attaches the state after the action when a
    /// fingerprint is due (the record's number is a multiple of `fingerprintInterval`) or the
    /// writer asked for it (``rotationSignal``), and sets the countdown to the next fingerprint.
    @inlinable
    @inline(never)
    func recordBufferedSlowly(_ action: State.Action, context: MiddlewareContext<State>) {
        let signals = self.signals.loadRelaxed()
        guard signals & Self.stoppedSignal == 0 else { return }
        if !hasContext { keepContext(context) }
        let sequence = queue.pushedCount &+ 1
        let interval = configuration.fingerprintInterval
        let sinceFingerprint = sequence % interval
        producerFields.pointee.untilSlowPath = interval &- sinceFingerprint
        if sinceFingerprint == 0 || signals & Self.rotationSignal != 0 {
            // Should the writer ask again meanwhile, this record (after everything it saw)
            // answers that request too.
            self.signals.clearBits(Self.rotationSignal)
            states.push(CarriedState(sequence: sequence, state: context.state))
        }
        if queue.push(Queued(time: now(), action: action)) { wakeWriter() }
    }

    @inlinable
    func recordDurably(_ action: State.Action, context: MiddlewareContext<State>) {
        condition.lock()
        defer { condition.unlock() }
        guard case .recording = currentStatus, !closing else { return }
        if contextBox == nil { contextBox = context }
        sequence &+= 1
        if stateIsDue() {
            write([Pending(sequence: sequence, time: now(), action: action, state: context.state)])
        } else {
            writeAction(sequence: sequence, time: now(), action: action)
        }
    }

    /// Writes one record that carries no state (durable mode, with the lock held): most records.
    /// It does what `write(_:)` does for such a record without a `[Pending]` or a `State?`, whose
    /// generic metadata `write(_:)`, unspecialised in this module, looked up on every action
    /// (about 640 instructions a dispatch).
    @usableFromInline
    func writeAction(sequence: Int, time: Int64, action: State.Action) {
        guard let writer else { return }
        do throws(ActionLogError) {
            try writer.append(sequence: sequence, timeMilliseconds: time, action: action, fingerprint: nil)
            writtenThrough = sequence
            // The next record will carry the state the new part starts from.
            if writer.wantsRotation { signals.setBits(Self.rotationSignal) }
            try writer.flush()
        } catch {
            fail(error)
        }
    }

    /// Whether the record being made carries the state after its action (durable mode): a
    /// fingerprint is due, or the writer asked for the state to start a new part from.
    @inlinable
    func stateIsDue() -> Bool {
        // A countdown rather than `sequence % interval`: an integer division costs more than the
        // rest of this path.
        untilFingerprint &-= 1
        guard untilFingerprint == 0 || signals.loadRelaxed() & Self.rotationSignal != 0 else { return false }
        if untilFingerprint == 0 { untilFingerprint = configuration.fingerprintInterval }
        // Should the writer ask again meanwhile, this record (after everything it saw) answers
        // that request too.
        signals.clearBits(Self.rotationSignal)
        return true
    }

    /// Keeps the store's context, for the final state in the footer: on the first record only, the
    /// one time buffered dispatch takes the lock. It cannot wait for the disk then: the writer
    /// holds the lock while it syncs, and it syncs only for a barrier, after a record.
    @usableFromInline
    func keepContext(_ context: MiddlewareContext<State>) {
        condition.lock()
        if contextBox == nil { contextBox = context }
        condition.unlock()
        hasContext = true
    }

    /// Wakes the writer thread (once per queue chunk) unless someone holds the lock: then the
    /// writer is awake, or wakes within its flush interval. Dispatch never waits for the lock,
    /// which the writer holds while it syncs.
    @usableFromInline
    func wakeWriter() {
        guard condition.tryLock() else { return }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Writing (called with the lock held in durable mode, by the writer thread in buffered)

    /// Writes `entries`; on failure stops recording. Returns whether all were written.
    ///
    /// Durable mode calls it with the lock held (`holdsLock`); the buffered writer thread calls it
    /// without, so dispatch never waits for the disk, and takes the lock only for bookkeeping. The
    /// `writer` itself is only touched by whoever writes: the dispatch path (durable) or the writer
    /// thread (buffered), and by `close()` after that thread has ended.
    @discardableResult
    @usableFromInline
    func write(_ entries: [Pending], holdsLock: Bool = true) -> Bool {
        func bookkeeping(_ body: () -> Void) {
            if holdsLock {
                body()
            } else {
                condition.lock()
                body()
                condition.unlock()
            }
        }
        guard let writer else { return false }
        // Bookkeeping is applied once per batch, so the writer thread takes the lock once per
        // batch rather than once per record.
        var written = 0
        var latestState: State?
        var requestRotation = false
        defer {
            if written > 0 || latestState != nil || requestRotation {
                bookkeeping {
                    if written > 0 { writtenThrough = written }
                    if let latestState { lastState = latestState }
                }
            }
            if requestRotation { signals.setBits(Self.rotationSignal) }
        }
        do throws(ActionLogError) {
            for entry in entries {
                var fingerprint: Fingerprint?
                if let state = entry.state {
                    do {
                        fingerprint = try Fingerprint.of(state)
                    } catch {
                        throw ActionLogError.encodingFailed(
                            what: "the state after action \(entry.sequence)", reason: "\(error)")
                    }
                    latestState = state
                }
                try writer.append(
                    sequence: entry.sequence,
                    timeMilliseconds: entry.time,
                    action: entry.action,
                    fingerprint: entry.sequence % configuration.fingerprintInterval == 0 ? fingerprint : nil
                )
                written = entry.sequence
                if writer.wantsRotation {
                    if let state = entry.state, let fingerprint {
                        guard writer.hasRoomForAnotherPart else {
                            // Close the log cleanly: everything up to here replays.
                            try writer.finish(fingerprint: fingerprint)
                            throw ActionLogError.sizeLimitReached(
                                path: path, limitBytes: configuration.maximumTotalBytes)
                        }
                        try writer.rotate(stateAfterLastAction: state, fingerprint: fingerprint)
                        requestRotation = false
                        removeExpiredLogs()
                    } else {
                        // The next record will carry the state the new part starts from.
                        requestRotation = true
                    }
                }
            }
            try writer.flush()
            return true
        } catch {
            bookkeeping { fail(error) }
            return false
        }
    }

    /// Stops recording on `error`. Called with the lock held, and in buffered mode only by the
    /// queue's consumer (the writer thread, or `close()` and `deinit` after it ended): it discards
    /// what is queued, which nothing will write now.
    private func fail(_ error: ActionLogError) {
        guard case .recording = currentStatus else { return }
        currentStatus = .failed(error)
        signals.setBits(Self.stoppedSignal)
        writer?.abandon()
        writer = nil
        queue.discardAll()
        states.discardAll()
        nextCarried = nil
        condition.broadcast()
        onFailure?(error)
    }

    /// Moves up to `maximumCount` queued records to `batch`, numbered, each with its state if it
    /// carries one. The queue's consumer only.
    private func dequeue(into batch: inout [Pending], maximumCount: Int = .max) {
        var records: [Queued] = []
        queue.popAll(into: &records, maximumCount: maximumCount)
        batch.reserveCapacity(batch.count + records.count)
        // Locals in the loop: the recorder's fields share cache lines with those the dispatch path
        // uses, so writing them once per record would slow dispatch down.
        var sequence = dequeuedThrough
        var carried = nextCarried
        for record in records {
            sequence += 1
            // States arrive in sequence order, each published before its record, so the state of
            // this record, if any, is the oldest one not taken yet.
            if carried == nil { carried = states.popFirst() }
            var state: State?
            if let next = carried, next.sequence == sequence {
                state = next.state
                carried = nil
            }
            batch.append(Pending(sequence: sequence, time: record.time, action: record.action, state: state))
        }
        dequeuedThrough = sequence
        nextCarried = carried
    }

    /// Whether the writer thread has nothing to do (the writer thread calls it, with the lock held).
    private var isIdleLocked: Bool {
        guard case .recording = currentStatus else { return false }
        return !queue.hasElements && !closing && syncRequestedThrough <= syncedThrough
    }

    /// One cycle of the writer thread: write what is queued, sync if asked. Returns `false` when
    /// the thread should end.
    private func writerStep() -> Bool {
        condition.lock()
        if case .erased = currentStatus {
            endErasedLocked()
            condition.unlock()
            return false
        }
        dequeue(into: &writerBatch, maximumCount: Self.writerBatchLimit)
        let finishing = closing
        // Write outside the lock, so that `barrier()`, `status` and `close()` never wait for the
        // disk while a batch is written (dispatch never takes this lock in buffered mode).
        condition.unlock()
        let written = writerBatch.isEmpty ? true : write(writerBatch, holdsLock: false)
        writerBatch.removeAll(keepingCapacity: true)
        condition.lock()
        defer { condition.unlock() }
        if case .erased = currentStatus {
            endErasedLocked()
            return false
        }
        let queued = queue.hasElements
        // Sync once every record the barrier waits for is written (the queue may hold more
        // than one cycle takes), not after every cycle.
        if written, syncRequestedThrough > syncedThrough, writtenThrough >= syncRequestedThrough || !queued,
            let writer
        {
            do throws(ActionLogError) {
                try writer.sync()
                syncedThrough = writtenThrough
            } catch {
                fail(error)
            }
        }
        condition.broadcast()
        let failed: Bool
        if case .failed = currentStatus { failed = true } else { failed = false }
        if (finishing && !queued) || failed {
            writerThreadDone = true
            condition.broadcast()
            return false
        }
        return true
    }

    /// The writer thread's end after an erasure: drops what is queued, which nothing will write
    /// now (it is the queues' consumer), and says it ended. With the lock held.
    private func endErasedLocked() {
        queue.discardAll()
        states.discardAll()
        nextCarried = nil
        writerThreadDone = true
        condition.broadcast()
    }

    // MARK: Retention and erasure

    /// Applies ``ActionLogConfiguration/maximumAge`` to the directory, keeping the logs still
    /// being recorded (this one's parts among them). Best effort: a file that cannot be removed
    /// waits for the next pass, and recording goes on either way.
    private func removeExpiredLogs() {
        guard let maximumAge = configuration.maximumAge else { return }
        ActionLogDirectory(path: directoryPath).removeExpiredLogs(
            maximumAge: maximumAge, now: now(), keeping: OpenRecorders.shared.logIDs(in: directoryPath))
    }

    // MARK: Host calls

    /// Makes every action recorded so far durable: written and `fsync`ed. Call it at milestones
    /// (before payment, when the app goes to the background).
    ///
    /// - Throws: The ``ActionLogError`` that stopped recording, if it failed.
    public func barrier() throws(ActionLogError) {
        condition.lock()
        defer { condition.unlock() }
        if case .failed(let error) = currentStatus { throw error }
        guard case .recording = currentStatus else { return }
        switch mode {
        case .durable:
            guard let writer else { return }
            do throws(ActionLogError) {
                try writer.sync()
            } catch {
                fail(error)
                throw error
            }
        case .buffered:
            let target = queue.publishedCount
            guard target > syncedThrough else { return }
            syncRequestedThrough = max(syncRequestedThrough, target)
            condition.broadcast()
            while syncedThrough < target, case .recording = currentStatus, !writerThreadDone {
                condition.wait()
            }
            if case .failed(let error) = currentStatus { throw error }
        }
    }

    /// Flushes everything, writes the footer (count and final fingerprint) and closes the file.
    /// Later actions are not recorded. Calling it again does nothing.
    ///
    /// An action dispatched on another thread while `close()` runs is recorded or not, whichever
    /// comes first; either way the log is whole, and afterwards ``recordedCount`` is the count in
    /// its footer.
    ///
    /// - Throws: The ``ActionLogError`` that stopped recording, if it failed.
    public func close() throws(ActionLogError) {
        condition.lock()
        defer { condition.unlock() }
        if case .failed(let error) = currentStatus { throw error }
        guard case .recording = currentStatus else { return }
        closing = true
        signals.setBits(Self.stoppedSignal)
        condition.broadcast()
        while !writerThreadDone {
            condition.wait()
        }
        if case .failed(let error) = currentStatus { throw error }
        // Erased while the writer finished: nothing to close.
        guard case .recording = currentStatus else { return }
        let finalState = contextBox?.state ?? lastState
        do throws(ActionLogError) {
            let fingerprint: Fingerprint
            do {
                fingerprint = try Fingerprint.of(finalState)
            } catch {
                throw ActionLogError.encodingFailed(what: "the final state", reason: "\(error)")
            }
            try writer?.sync()
            try writer?.finish(fingerprint: fingerprint)
            writer = nil
            currentStatus = .closed
        } catch {
            fail(error)
            throw error
        }
    }
}

extension ActionRecorder: ErasableRecording {
    /// Stops recording for good, with ``Status/erased``, for ``ActionLogDirectory/eraseAll()``.
    /// Returns once nothing more will be written: in buffered mode the writer thread has dropped
    /// what was queued and ended (after the batch it may be writing, rotation included), in
    /// durable mode the dispatch path is out of the lock; then the file is closed. Actions
    /// dispatched from then on are not recorded (the observer reads `signals`, or the status
    /// under the lock). Returns `false` if the recorder was not recording.
    func stopForErasure() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .recording = currentStatus else { return false }
        currentStatus = .erased
        signals.setBits(Self.stoppedSignal)
        condition.broadcast()
        while !writerThreadDone {
            condition.wait()
        }
        writer?.abandon()
        writer = nil
        condition.broadcast()
        return true
    }
}

/// The recorder's default clock.
public enum ActionRecorderClock {
    /// Wall-clock milliseconds since 1970 (coarse on Linux: a few nanoseconds to read).
    @Sendable
    public static func wallClockMilliseconds() -> Int64 {
        #if canImport(Glibc)
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &spec)
        // Wrapping arithmetic: the seconds since 1970 times 1000 cannot overflow, and the
        // overflow checks were two of this path's instructions. The nanoseconds are in
        // 0..<1_000_000_000: divided unsigned, the same quotient without the sign's correction.
        return Int64(spec.tv_sec) &* 1000 &+ Int64(UInt64(truncatingIfNeeded: spec.tv_nsec) / 1_000_000)
        #else
        return Int64(Date().timeIntervalSince1970 * 1000)
        #endif
    }
}

import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// The buffered recorder's lock-free hand-off, seen from outside: many threads, chunk boundaries,
/// closing and failing while dispatching.
final class BufferedRecorderTests: XCTestCase {
    private func makeRecorder(
        _ path: String,
        configuration: ActionLogConfiguration = ActionLogConfiguration(),
        fileSystem: any LogFileSystem = POSIXLogFileSystem(),
        onFailure: (@Sendable (ActionLogError) -> Void)? = nil,
        asMiddleware: Bool = false
    ) throws -> (ActionRecorder<CounterState>, Store<CounterState>) {
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .buffered(flushInterval: .seconds(60)),
            configuration: configuration, fileSystem: fileSystem, onFailure: onFailure)
        // The recorder as the store's observer (how the docs wire it), or as its only middleware.
        let store =
            asMiddleware
            ? Store(
                reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware],
                effectsEnabled: false)
            : Store(
                reducer: counterReducer, state: CounterState(), observers: [recorder.observer], effectsEnabled: false)
        return (recorder, store)
    }

    func testEightThreadsDispatchingLoseNoRecordAndTheLogKeepsTheReducedOrder() throws {
        try eightThreadsDispatch(asMiddleware: false)
    }

    func testEightThreadsDispatchingThroughTheRecordersMiddlewareLoseNoRecordEither() throws {
        try eightThreadsDispatch(asMiddleware: true)
    }

    private func eightThreadsDispatch(asMiddleware: Bool) throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let (recorder, store) = try makeRecorder(
            path, configuration: .init(fingerprintInterval: 1000), asMiddleware: asMiddleware)
        let threads = 8
        let perThread = 5_000
        onThreads(threads) { thread in
            for index in 0..<perThread { store.dispatch(index % 2 == 0 ? .increment : .add(thread)) }
        }
        XCTAssertEqual(recorder.recordedCount, threads * perThread)
        try recorder.close()
        let result = readAll(path)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.records.map(\.sequence), Array(1...threads * perThread))
        // Replaying the log gives the store's state: the records are in the order reduced.
        let replay = try Replayer(path: path, reducer: counterReducer)
        XCTAssertEqual(replay.finalState, store.state)
        XCTAssertNil(replay.divergence)
    }

    func testBarrierWritesEverythingEvenWhenTheQueueHoldsMoreThanOneWriterCycle() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let (recorder, store) = try makeRecorder(path)
        for _ in 0..<30_000 { store.dispatch(.increment) }
        try recorder.barrier()
        XCTAssertEqual(readAll(path).records.count, 30_000)
        for _ in 0..<3 { store.dispatch(.increment) }
        try recorder.barrier()
        XCTAssertEqual(readAll(path).records.count, 30_003)
        try recorder.close()
    }

    func testCloseWhileAnotherThreadDispatchesLeavesAWholeLogMatchingItsCount() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let (recorder, store) = try makeRecorder(path)
        let total = 50_000
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<total {
                store.dispatch(.increment)
                if index == 1_000 { started.signal() }
            }
            finished.signal()
        }.start()
        started.wait()
        try recorder.close()
        finished.wait()
        XCTAssertEqual(store.state.count, total, "the store keeps working")
        let result = readAll(path)
        XCTAssertNil(result.error)
        XCTAssertNil(result.torn)
        let count = result.records.count
        XCTAssertGreaterThan(count, 1_000, "what was recorded before close() is in the log")
        XCTAssertEqual(result.records.map(\.sequence), Array(1...count))
        let reader = try ActionLogReader<CounterState>(path: path)
        while try reader.next() != nil {}
        XCTAssertEqual(reader.footer?.count, count)
        XCTAssertEqual(recorder.recordedCount, count)
        XCTAssertEqual(recorder.status, .closed)
    }

    func testBufferedFingerprintsFallOnEveryMultipleOfTheIntervalAndMatchTheStateThere() throws {
        for interval in [1, 3, 7] {
            let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
            let (recorder, store) = try makeRecorder(path, configuration: .init(fingerprintInterval: interval))
            var expected: [Int: Fingerprint] = [:]
            for index in 1...20 {
                store.dispatch(.add(index))
                if index % interval == 0 { expected[index] = try Fingerprint.of(store.state) }
            }
            try recorder.close()
            let reader = try ActionLogReader<CounterState>(path: path)
            var found: [Int: Fingerprint] = [:]
            while let record = try reader.next() {
                if let fingerprint = record.fingerprint { found[record.sequence] = fingerprint }
            }
            XCTAssertEqual(found, expected, "interval \(interval)")
            XCTAssertEqual(reader.footer?.count, 20)
        }
    }

    func testBufferedLogRotatesAcrossChunksAndReplays() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("session.jsonl").path
        let (recorder, store) = try makeRecorder(
            path, configuration: ActionLogConfiguration(fingerprintInterval: 100, maximumFileBytes: 16 * 1024))
        // More than one queue chunk (1024), so the requests to rotate cross chunk boundaries.
        for index in 0..<1_500 { store.dispatch(.note("line \(index) padding")) }
        try recorder.close()
        try assertRotatedLogReplays(path, in: directory, parts: 3, count: 1_500, finalState: store.state)
    }

    func testAPartThatFillsBetweenFingerprintsRotatesAtTheRecordAfterTheWritersRequest() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("session.jsonl").path
        // No fingerprint falls due: every state that starts a part was asked for by the writer.
        let (recorder, store) = try makeRecorder(
            path, configuration: ActionLogConfiguration(fingerprintInterval: 1_000_000, maximumFileBytes: 2048))
        for round in 0..<20 {
            for index in 0..<10 { store.dispatch(.note("round \(round) line \(index) padding")) }
            // The writer writes the round and, past the size, asks for the state.
            try recorder.barrier()
        }
        try recorder.close()
        try assertRotatedLogReplays(path, in: directory, parts: 4, count: 200, finalState: store.state)
    }

    /// The log at `path` rotated into at least `parts` files in `directory`, and replays whole:
    /// `count` steps, no divergence, the store's final state.
    private func assertRotatedLogReplays(
        _ path: String, in directory: URL, parts minimum: Int, count: Int, finalState: CounterState,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertGreaterThanOrEqual(parts.count, minimum, "\(parts)", file: file, line: line)
        let replay = try Replayer(path: path, reducer: counterReducer)
        XCTAssertEqual(replay.count, count, file: file, line: line)
        XCTAssertEqual(replay.finalState, finalState, file: file, line: line)
        XCTAssertNil(replay.divergence, file: file, line: line)
    }

    func testWriteFailureStopsRecordingAndLaterDispatchesAreIgnored() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let failures = Recorder<ActionLogError>()
        // Write 1 is the header; write 2 the first batch of actions.
        let (recorder, store) = try makeRecorder(
            path, fileSystem: FaultInjectingFileSystem(failAtWrite: 2), onFailure: { failures.append($0) })
        for _ in 0..<5_000 { store.dispatch(.increment) }
        XCTAssertThrowsError(try recorder.barrier())
        guard case .failed(.io(let io)) = recorder.status else { return XCTFail("status \(recorder.status)") }
        XCTAssertEqual(io.operation, "write")
        let countAtFailure = recorder.recordedCount
        for _ in 0..<5_000 { store.dispatch(.increment) }
        XCTAssertEqual(store.state.count, 10_000, "the store keeps working")
        XCTAssertEqual(recorder.recordedCount, countAtFailure, "nothing is recorded after the failure")
        XCTAssertThrowsError(try recorder.close())
        XCTAssertEqual(failures.values.count, 1)
        let result = readAll(path)
        XCTAssertNil(result.error)
        XCTAssertNil(result.torn)
        XCTAssertEqual(result.records.map(\.sequence), Array(0..<result.records.count).map { $0 + 1 })
    }
}

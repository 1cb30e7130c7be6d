import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

final class ActionLogTests: XCTestCase {
    private func record(
        _ actions: [CounterState.Action],
        to path: String,
        mode: ActionRecorder<CounterState>.Mode = .durable,
        configuration: ActionLogConfiguration = ActionLogConfiguration(appVersion: "9.9", fingerprintInterval: 2),
        close: Bool = true
    ) throws -> CounterState {
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: mode, configuration: configuration,
            now: { 1_700_000_000_000 })
        let store = Store(
            reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware], effectsEnabled: false)
        for action in actions { store.dispatch(action) }
        if close { try recorder.close() }
        return store.state
    }

    func testRecordedLogReadsBackEveryActionInOrder() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered(flushInterval: .milliseconds(5))] {
            let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
            let actions: [CounterState.Action] = [
                .increment, .add(5), .note("a \"quoted\"\nline"), .setName("é"), .decrement,
            ]
            let final = try record(actions, to: path, mode: mode)
            let reader = try ActionLogReader<CounterState>(path: path)
            XCTAssertEqual(reader.header.appVersion, "9.9")
            XCTAssertEqual(reader.header.state, CounterState())
            var read: [CounterState.Action] = []
            var fingerprints: [Int] = []
            while let record = try reader.next() {
                read.append(record.action)
                XCTAssertEqual(record.sequence, read.count)
                XCTAssertEqual(record.timeMilliseconds, 1_700_000_000_000)
                if record.fingerprint != nil { fingerprints.append(record.sequence) }
            }
            XCTAssertEqual(read, actions, "\(mode)")
            XCTAssertEqual(fingerprints, [2, 4])
            XCTAssertEqual(reader.footer?.count, 5)
            XCTAssertEqual(reader.footer?.fingerprint, try Fingerprint.of(final))
            XCTAssertNil(reader.tornLine)
        }
    }

    /// The recorder as the store's observer records exactly what its middleware, put last,
    /// records: the actions the reducer reduced, after a middleware that swallows, replaces and
    /// repeats them. Both logs hold the same records (numbers, times, actions, fingerprints) and
    /// footer.
    func testTheRecordersObserverWritesTheLogItsMiddlewareWrites() throws {
        let rewriting = Middleware<CounterState> { _, action, next in
            switch action {
            case .decrement: return
            case .increment: next(.add(10))
            case .set: next(action); next(action)
            default: next(action)
            }
        }
        let actions: [CounterState.Action] = [.increment, .decrement, .set(4), .note("n"), .increment, .add(-2)]
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered(flushInterval: .milliseconds(5))] {
            var logs: [String] = []
            for asObserver in [true, false] {
                let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
                let recorder = try ActionRecorder(
                    path: path, initialState: CounterState(), mode: mode,
                    configuration: ActionLogConfiguration(appVersion: "9.9", fingerprintInterval: 2),
                    now: { 1_700_000_000_000 })
                let store =
                    asObserver
                    ? Store(
                        reducer: counterReducer, state: CounterState(), middleware: [rewriting],
                        observers: [recorder.observer], effectsEnabled: false)
                    : Store(
                        reducer: counterReducer, state: CounterState(), middleware: [rewriting, recorder.middleware],
                        effectsEnabled: false)
                for action in actions { store.dispatch(action) }
                try recorder.close()
                let replay = try Replayer(path: path, reducer: counterReducer)
                XCTAssertEqual(
                    replay.steps.map(\.action), [.add(10), .set(4), .set(4), .note("n"), .add(10), .add(-2)])
                XCTAssertEqual(replay.finalState, store.state)
                XCTAssertNil(replay.divergence)
                XCTAssertEqual(replay.fingerprintsChecked, 4)
                let read = readAll(path)
                XCTAssertNil(read.error)
                let records = read.records.map {
                    "\($0.sequence) \($0.timeMilliseconds) \($0.action) \(String(describing: $0.fingerprint))"
                }
                logs.append((records + [String(describing: replay.footer)]).joined(separator: "\n"))
            }
            XCTAssertEqual(logs[0], logs[1], "\(mode)")
        }
    }

    func testEveryLineEndsWithANewlineAndACheckedChecksum() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        _ = try record([.increment, .increment], to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 4)  // header, two actions, footer
        for line in lines {
            XCTAssertTrue(line.hasPrefix("{"))
            XCTAssertNotNil(line.range(of: #","crc":"[0-9a-f]{8}"\}$"#, options: .regularExpression), String(line))
        }
        XCTAssertTrue(lines[0].contains(#""format":"checkoutengine-actionlog","formatVersion":1"#))
    }

    func testSecretsNeverReachTheLog() throws {
        struct Payment: StoreState, Codable, Equatable {
            enum Action: Codable, Sendable, Equatable { case card(Sensitive<String>, lastFour: String) }
            var card: Sensitive<String>?
            var lastFour = ""
        }
        let reducer = Reducer<Payment, Payment.Action>.pure { state, action in
            if case .card(let number, let lastFour) = action {
                state.card = number
                state.lastFour = lastFour
            }
        }
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: Payment(), mode: .durable, configuration: .init(fingerprintInterval: 1))
        let store = Store(reducer: reducer, state: Payment(), middleware: [recorder.middleware])
        store.dispatch(.card(Sensitive("4111111111111111"), lastFour: "1111"))
        try recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(text.contains("4111111111111111"))
        XCTAssertTrue(text.contains("[REDACTED]"))
        // And the replayed log agrees with the recorded fingerprints: redaction is consistent.
        let replay = try Replayer(path: path, reducer: reducer)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.finalState.lastFour, "1111")
        XCTAssertTrue(replay.finalState.card?.isRedacted ?? false)
    }

    func testBarrierMakesBufferedRecordsDurable() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .buffered(flushInterval: .seconds(60)))
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for _ in 0..<10 { store.dispatch(.increment) }
        try recorder.barrier()
        // Without a close: the ten records are on disk already, and the file reads back.
        let result = readAll(path)
        XCTAssertEqual(result.records.count, 10)
        XCTAssertNil(result.error)
        try recorder.close()
    }

    func testLogRotatesBySizeAndEachPartReplaysOnItsOwn() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("session.jsonl").path
        let actions = (0..<300).map { CounterState.Action.note("line \($0) with some padding to grow the file") }
        let final = try record(
            actions, to: path,
            configuration: ActionLogConfiguration(fingerprintInterval: 10, maximumFileBytes: 4096))
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertGreaterThan(parts.count, 2, "\(parts)")
        // The second part starts with the state at its first action and replays on its own.
        let second = try ActionLogReader<CounterState>(path: directory.appendingPathComponent("session.1.jsonl").path)
        XCTAssertEqual(second.header.part, 1)
        XCTAssertEqual(second.header.state.history.count, second.header.firstSequence - 1)
        // The replayer follows every part to the end.
        let replay = try Replayer(path: path, reducer: counterReducer)
        XCTAssertEqual(replay.count, 300)
        XCTAssertEqual(replay.finalState, final)
        XCTAssertNil(replay.divergence)
    }

    func testWriteFailureAtEverySiteStopsRecordingKeepsTheStoreAndLeavesAValidLog() throws {
        let directory = try makeTemporaryDirectory(self)
        // Write 1 is the header; writes 2...6 the actions; write 7 the footer.
        for failing in 2...7 {
            let path = directory.appendingPathComponent("fail-\(failing).jsonl").path
            let failures = Recorder<ActionLogError>()
            let recorder = try ActionRecorder(
                path: path, initialState: CounterState(), mode: .durable,
                fileSystem: FaultInjectingFileSystem(failAtWrite: failing),
                onFailure: { failures.append($0) })
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            for _ in 0..<5 { store.dispatch(.increment) }
            XCTAssertEqual(store.state.count, 5, "the store keeps working")
            XCTAssertThrowsError(try recorder.close())
            guard case .failed(.io(let io)) = recorder.status else {
                return XCTFail("status \(recorder.status) at write \(failing)")
            }
            XCTAssertEqual(io.operation, "write")
            XCTAssertEqual(failures.values.count, 1)
            // The log holds exactly the records written before the failure, and nothing torn.
            let result = readAll(path)
            XCTAssertNil(result.error, "\(String(describing: result.error))")
            XCTAssertNil(result.torn)
            XCTAssertEqual(result.records.count, min(failing - 2, 5), "write \(failing)")
        }
    }

    func testHeaderWriteFailureIsATypedErrorAtCreation() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        XCTAssertThrowsError(
            try ActionRecorder(
                path: path, initialState: CounterState(), fileSystem: FaultInjectingFileSystem(failAtWrite: 1))
        ) { error in
            XCTAssertEqual(
                (error as? ActionLogError).map { "\($0)" }, "write failed for \(path): No space left on device")
        }
    }

    func testSyncFailureInBarrierIsReportedAndStopsRecording() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered(flushInterval: .milliseconds(5))] {
            let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
            let recorder = try ActionRecorder(
                path: path, initialState: CounterState(), mode: mode,
                fileSystem: FaultInjectingFileSystem(failSync: true))
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            store.dispatch(.increment)
            XCTAssertThrowsError(try recorder.barrier())
            store.dispatch(.increment)
            XCTAssertEqual(store.state.count, 2)
            guard case .failed = recorder.status else { return XCTFail("not failed: \(recorder.status)") }
        }
    }

    func testRotationOpenFailureStopsRecordingWithAValidFirstPart() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("log.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 1, maximumFileBytes: 4096),
            fileSystem: FaultInjectingFileSystem(failOpenAfterFirst: true))
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<200 { store.dispatch(.note("padding padding padding padding \(index)")) }
        XCTAssertEqual(store.state.history.count, 200)
        guard case .failed(.io(let io)) = recorder.status else { return XCTFail("\(recorder.status)") }
        XCTAssertEqual(io.operation, "open")
        let result = readAll(path)
        XCTAssertNil(result.error)
        XCTAssertGreaterThan(result.records.count, 10)
    }

    func testDroppingTheRecorderAndStoreClosesTheLog() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        do {
            let recorder = try ActionRecorder(
                path: path, initialState: CounterState(), mode: .buffered(flushInterval: .seconds(60)))
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            store.dispatch(.increment)
            store.dispatch(.increment)
        }
        // The log is closed by the recorder's deinit: here at once, or on the writer thread as soon
        // as the step it is in ends (it holds the recorder only while it writes). How soon that is
        // depends on the scheduler, so wait for the records themselves; the deadline is only the
        // failure guard of a recorder that never lets go (a passing run waits milliseconds).
        var result = readAll(path)
        let deadline = ContinuousClock.now + .seconds(60)
        while result.records.count < 2, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            result = readAll(path)
        }
        XCTAssertEqual(result.records.count, 2)
    }
}

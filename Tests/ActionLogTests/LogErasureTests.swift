import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// One call erases every log a device holds (the customer signs out, or asks to be forgotten):
/// parts, rotated parts, exports waiting to upload and a killed export's temporary files, even
/// while a recording is open, which stops with the erased status while the store keeps running.
final class LogErasureTests: XCTestCase {
    private typealias Fixtures = LogDirectoryFixtures
    private let now = LogDirectoryFixtures.now

    func testErasingRemovesEveryPartExportAndTemporaryFileAndReportsCountsAndBytes() throws {
        let directory = try makeTemporaryDirectory(self)
        let logs = ActionLogDirectory(path: directory.path)
        let exports = URL(fileURLWithPath: try logs.createExportsDirectory())
        try Fixtures.writeLog("rotated.jsonl", in: directory, created: now, actions: 300, maximumFileBytes: 4096)
        try Fixtures.writeLog("second.jsonl", in: directory, created: now)
        try Fixtures.writeLog("waiting.jsonl", in: exports, created: now)
        let temporary = URL(fileURLWithPath: ActionLogDirectory.temporaryExportPath(for: exports.path + "/x.jsonl"))
        try Fixtures.writeFile(temporary.lastPathComponent, in: exports, bytes: Array("half an export".utf8))
        let besideTheLogs = URL(fileURLWithPath: ActionLogDirectory.temporaryExportPath(for: directory.path + "/y"))
        try Fixtures.writeFile(besideTheLogs.lastPathComponent, in: directory, bytes: [])
        // A damaged log is still a log: erasure goes by name.
        try Fixtures.writeFile("damaged.jsonl", in: directory, bytes: [0xde, 0xad])
        try Fixtures.writeFile("notes.txt", in: directory, bytes: Array("not a log".utf8))
        let ours = Fixtures.contents(of: directory).subtracting(["exports", "notes.txt"])
        let parts = ours.filter { !$0.hasPrefix("exports/") && $0.hasSuffix(".jsonl") }
        XCTAssertGreaterThanOrEqual(parts.count, 5, "the log rotated: \(parts)")
        let bytes = try ours.reduce(Int64(0)) { $0 + (try Fixtures.size(directory.appendingPathComponent($1).path)) }

        let removed = try logs.eraseAll()
        XCTAssertEqual(removed, ActionLogRemoval(logFiles: parts.count, exports: 1, temporaryFiles: 2, bytes: bytes))
        XCTAssertEqual(Fixtures.contents(of: directory), ["exports", "notes.txt"])
    }

    func testErasingAnEmptyOrMissingDirectorySucceedsAndRemovesNothing() throws {
        let directory = try makeTemporaryDirectory(self)
        XCTAssertEqual(try ActionLogDirectory(path: directory.path).eraseAll(), ActionLogRemoval())
        let missing = directory.appendingPathComponent("never-made").path
        XCTAssertEqual(try ActionLogDirectory(path: missing).eraseAll(), ActionLogRemoval())
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertEqual(Fixtures.contents(of: directory), [])
    }

    func testErasingWhileRecordingStopsTheRecorderAsErasedAndTheStoreKeepsRunning() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered()] {
            let directory = try makeTemporaryDirectory(self)
            let path = directory.appendingPathComponent("open.jsonl").path
            let failures = Recorder<ActionLogError>()
            let recorder = try ActionRecorder(
                path: path, initialState: CounterState(), mode: mode,
                configuration: ActionLogConfiguration(fingerprintInterval: 1, maximumFileBytes: 4096),
                onFailure: { failures.append($0) })
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            for index in 0..<200 { store.dispatch(.setName("padding padding padding padding \(index)")) }
            try recorder.barrier()
            XCTAssertTrue(Fixtures.contents(of: directory).contains("open.1.jsonl"), "\(mode): rotated")

            let removed = try ActionLogDirectory(path: directory.path).eraseAll()
            XCTAssertEqual(removed.stoppedRecorders, 1, "\(mode)")
            XCTAssertGreaterThanOrEqual(removed.logFiles, 2, "\(mode)")
            XCTAssertEqual(recorder.status, .erased, "\(mode)")
            XCTAssertEqual(Fixtures.contents(of: directory), [], "\(mode)")

            // The store goes on; the recorder writes nothing more, and its calls do not fail.
            for index in 0..<200 { store.dispatch(.note("after \(index)")) }
            store.dispatch(.increment)
            XCTAssertEqual(store.state.name, "padding padding padding padding 199", "\(mode)")
            XCTAssertEqual(store.state.history.count, 200, "\(mode)")
            XCTAssertEqual(store.state.count, 1, "\(mode)")
            XCTAssertNoThrow(try recorder.barrier(), "\(mode)")
            XCTAssertNoThrow(try recorder.close(), "\(mode)")
            XCTAssertEqual(recorder.status, .erased, "\(mode)")
            XCTAssertEqual(Fixtures.contents(of: directory), [], "\(mode)")
            XCTAssertEqual(failures.values, [], "\(mode): an erasure is not a failure")

            // A second erasure finds nothing; a new recorder starts afresh at the same path.
            XCTAssertEqual(try ActionLogDirectory(path: directory.path).eraseAll(), ActionLogRemoval())
            let next = try ActionRecorder(path: path, initialState: store.state, mode: mode)
            let nextStore = Store(reducer: counterReducer, state: store.state, middleware: [next.middleware])
            nextStore.dispatch(.increment)
            try next.close()
            let replay = try Replayer(path: path, reducer: counterReducer)
            XCTAssertEqual(replay.count, 1, "\(mode)")
            XCTAssertEqual(replay.finalState, nextStore.state, "\(mode)")
        }
    }

    func testAClosedRecordersPartsAreErasedWhateverTheirName() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("session.log").path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 1, maximumFileBytes: 4096))
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<200 { store.dispatch(.setName("padding padding padding padding \(index)")) }
        try recorder.close()
        let written = Fixtures.contents(of: directory)
        XCTAssertTrue(written.isSuperset(of: ["session.log", "session.1.log"]), "\(written)")

        let removed = try ActionLogDirectory(path: directory.path).eraseAll()
        XCTAssertEqual(removed.logFiles, written.count)
        XCTAssertEqual(removed.stoppedRecorders, 0, "it had closed")
        XCTAssertEqual(recorder.status, .closed)
        XCTAssertEqual(Fixtures.contents(of: directory), [])
    }

    /// Erasure races appends from the dispatching thread (and the writer thread's rotations):
    /// every dispatch is reduced, and nothing is left on disk. Run under ThreadSanitizer in CI.
    func testErasureRacingAppendsLeavesNothingOnDiskAndTheStoreLosesNoAction() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered(flushInterval: .milliseconds(1))] {
            let directory = try makeTemporaryDirectory(self)
            let recorder = try ActionRecorder(
                path: directory.appendingPathComponent("racing.jsonl").path, initialState: CounterState(),
                mode: mode, configuration: ActionLogConfiguration(fingerprintInterval: 1, maximumFileBytes: 4096))
            // Raised from the dispatching thread once recording is well under way.
            let underWay = DispatchSemaphore(value: 0)
            let signal = Middleware<CounterState> { _, action, next in
                next(action)
                if case .set(300) = action { underWay.signal() }
            }
            let store = Store(
                reducer: counterReducer, state: CounterState(), middleware: [signal, recorder.middleware])
            let done = DispatchSemaphore(value: 0)
            let total = 5_000
            Thread {
                for index in 0..<total { store.dispatch(.set(index)) }
                done.signal()
            }.start()
            underWay.wait()
            let removed = try ActionLogDirectory(path: directory.path).eraseAll()
            done.wait()

            XCTAssertEqual(removed.stoppedRecorders, 1, "\(mode)")
            XCTAssertEqual(recorder.status, .erased, "\(mode)")
            XCTAssertEqual(store.state.count, total - 1, "\(mode)")
            XCTAssertEqual(Fixtures.contents(of: directory), [], "\(mode)")
        }
    }

    /// Erasures racing recorders that open, record and close in the same directory: each log is
    /// either erased whole or whole on disk, never a recorder writing into a file already erased.
    func testErasureRacingRecordersOpeningLeavesEachLogErasedOrWhole() throws {
        let directory = try makeTemporaryDirectory(self)
        let logs = ActionLogDirectory(path: directory.path)
        let recorders = Recorder<(String, ActionRecorder<CounterState>)>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<40 {
                let path = directory.appendingPathComponent("log-\(index).jsonl").path
                guard let recorder = try? ActionRecorder(path: path, initialState: CounterState(), mode: .durable)
                else { continue }
                recorders.append((path, recorder))
                let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
                for _ in 0..<20 { store.dispatch(.increment) }
                try? recorder.close()
            }
            done.signal()
        }.start()
        // At least one erasure, however the threads are scheduled: a loaded machine may run the
        // recording thread to its end before this one checks whether it is done.
        var erasures = 0
        repeat {
            _ = try logs.eraseAll()
            erasures += 1
        } while done.wait(timeout: .now()) == .timedOut
        XCTAssertGreaterThan(erasures, 0)
        XCTAssertEqual(recorders.values.count, 40)
        for (path, recorder) in recorders.values {
            let exists = FileManager.default.fileExists(atPath: path)
            switch recorder.status {
            case .erased:
                XCTAssertFalse(exists, path)
            case .closed:
                // Erased after it closed, or whole.
                if exists {
                    let replay = try Replayer(path: path, reducer: counterReducer)
                    XCTAssertEqual(replay.count, 20, path)
                    XCTAssertTrue(replay.closedCleanly, path)
                }
            default:
                XCTFail("\(path): \(recorder.status)")
            }
        }
    }

    func testAnIncompleteErasureSaysWhatItRemovedAndWhatItCouldNot() {
        let error = ActionLogErasureError(
            removal: ActionLogRemoval(
                logFiles: 2, bytes: 300,
                failures: [
                    LogIOError(operation: "unlink", path: "/logs/a.jsonl", code: 13, reason: "Permission denied")
                ]))
        XCTAssertEqual(
            error.description,
            """
            erasure incomplete: removed 2 log files, 0 exports, 0 temporary files (300 bytes); 1 file could not be removed
            unlink failed for /logs/a.jsonl: Permission denied
            """)
    }
}

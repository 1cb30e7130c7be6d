import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Reading where a recording got to, as an app does on relaunch: the newest part of a rotated
/// log, its last complete record, a torn last line skipped, a part being created when the app
/// died, and parts of an older log at the same path left alone.
final class ActionLogTailTests: XCTestCase {
    /// Records `actions` into `path` and leaves the log open, as a killed app does (the recorder
    /// is kept until the test ends: dropping it would close the log), or closes it; returns the
    /// store's final state.
    private func record(
        _ actions: [CounterState.Action], to path: String, maximumFileBytes: Int = 64 << 20, close: Bool = false
    ) throws -> CounterState {
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 3, maximumFileBytes: maximumFileBytes))
        let store = Store(
            reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware], effectsEnabled: false)
        for action in actions { store.dispatch(action) }
        if close {
            try recorder.close()
        } else {
            addTeardownBlock { withExtendedLifetime(recorder) {} }
        }
        return store.state
    }

    /// `count` actions of about 60 bytes a line, whose state stays small: a 4 KiB part holds
    /// dozens of them.
    private func adds(_ count: Int) -> [CounterState.Action] {
        (1...count).map { .add($0) }
    }

    func testAnUnclosedLogEndsInTheStateAfterItsLastRecord() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let final = try record([.increment, .add(4), .setName("ada"), .decrement], to: path)
        let tail = try ActionLogTail(path: path, reducer: counterReducer)
        XCTAssertEqual(tail.finalState, final)
        XCTAssertEqual(tail.lastSequence, 4)
        XCTAssertEqual(tail.path, path)
        XCTAssertNil(tail.footer)
        XCTAssertFalse(tail.closedCleanly)
        XCTAssertNil(tail.tornLine)
        XCTAssertNil(tail.firstDivergentSequence)
    }

    func testAClosedLogWithoutRecordsEndsInItsHeadersState() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        _ = try record([], to: path, close: true)
        let tail = try ActionLogTail(path: path, reducer: counterReducer)
        XCTAssertEqual(tail.finalState, CounterState())
        XCTAssertEqual(tail.lastSequence, 0)
        XCTAssertTrue(tail.closedCleanly)
    }

    func testATornLastLineIsSkippedAndReportedAndTheRecordsBeforeItCount() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        _ = try record([.increment, .increment], to: path)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":3,"t":1,"action":{"add":{"_0":1"#.utf8))
        try handle.close()
        let tail = try ActionLogTail(path: path, reducer: counterReducer)
        XCTAssertEqual(tail.finalState.count, 2)
        XCTAssertEqual(tail.lastSequence, 2)
        XCTAssertEqual(tail.tornLine?.line, 4)
        XCTAssertEqual(tail.tornLine?.problem, .missingNewline)
    }

    func testARotatedLogIsReadFromItsNewestPartOnly() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let final = try record(adds(300), to: path, maximumFileBytes: 4096)
        var parts = [path]
        while FileManager.default.fileExists(atPath: ActionLogFormat.partPath(of: path, part: parts.count)) {
            parts.append(ActionLogFormat.partPath(of: path, part: parts.count))
        }
        XCTAssertGreaterThan(parts.count, 2, "the log rotated")
        let tail = try ActionLogTail(path: path, reducer: counterReducer)
        XCTAssertEqual(tail.path, parts.last)
        XCTAssertEqual(tail.header.part, parts.count - 1)
        XCTAssertGreaterThan(tail.header.firstSequence, 1, "the newest part starts where the one before ended")
        XCTAssertEqual(tail.lastSequence, 300)
        XCTAssertEqual(tail.finalState, final)
        XCTAssertNil(tail.firstDivergentSequence)
    }

    func testAPartBeingCreatedWhenTheAppDiedLeavesTheLogInThePartBefore() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let final = try record(adds(150), to: path, maximumFileBytes: 4096)
        var newest = 0
        while FileManager.default.fileExists(atPath: ActionLogFormat.partPath(of: path, part: newest + 1)) {
            newest += 1
        }
        XCTAssertGreaterThan(newest, 0)
        // The part after the newest one was opened, and its header written halfway (or not at all).
        let next = ActionLogFormat.partPath(of: path, part: newest + 1)
        let header = try String(contentsOfFile: ActionLogFormat.partPath(of: path, part: newest), encoding: .utf8)
            .split(separator: "\n")[0]
        for cut in ["", String(header.prefix(header.count / 2))] {
            try Data(cut.utf8).write(to: URL(fileURLWithPath: next))
            let tail = try ActionLogTail(path: path, reducer: counterReducer)
            XCTAssertEqual(tail.header.part, newest, "cut \(cut.count)")
            XCTAssertEqual(tail.finalState, final)
        }
    }

    func testAPartOfAnOlderLogAtTheSamePathIsNotFollowed() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("log.jsonl").path
        _ = try record(adds(150), to: path, maximumFileBytes: 4096, close: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: ActionLogFormat.partPath(of: path, part: 1)))
        // A new recording at the same path: its first part replaces the old one's; the old
        // log's later parts stay beside it.
        let final = try record([.set(7)], to: path)
        let tail = try ActionLogTail(path: path, reducer: counterReducer)
        XCTAssertEqual(tail.header.part, 0)
        XCTAssertEqual(tail.finalState, final)
        XCTAssertEqual(tail.lastSequence, 1)
    }

    func testAReducerThatChangedSinceTheRecordingIsReportedAtTheFirstRecordThatDiffers() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        _ = try record([.increment, .increment, .increment, .add(2), .add(2), .add(2)], to: path)
        let doubling = Reducer<CounterState, CounterState.Action> { state, action in
            if case .add(let value) = action {
                state.count += 2 * value
                return .none
            }
            return counterReducer.reduce(&state, action)
        }
        let tail = try ActionLogTail(path: path, reducer: doubling)
        XCTAssertEqual(tail.firstDivergentSequence, 6, "fingerprints are recorded every 3 records")
        XCTAssertEqual(tail.finalState.count, 15, "the state is the reducer's reading of the log")
    }

    func testAMissingOrDamagedLogIsATypedError() throws {
        let directory = try makeTemporaryDirectory(self)
        let missing = directory.appendingPathComponent("none.jsonl").path
        XCTAssertThrowsError(try ActionLogTail(path: missing, reducer: counterReducer)) { error in
            guard case .cannotRead(let path, _)? = error as? ActionLogError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, missing)
        }
        let path = directory.appendingPathComponent("log.jsonl").path
        _ = try record([.increment, .increment, .increment], to: path)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "increment", with: "incremenT")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ActionLogTail(path: path, reducer: counterReducer)) { error in
            guard case .badLine(_, 3, _)? = error as? ActionLogError else { return XCTFail("\(error)") }
        }
    }

    func testPartPathsNameTheRotatedPartsBesideTheFirst() {
        XCTAssertEqual(ActionLogFormat.partPath(of: "/logs/a.jsonl", part: 0), "/logs/a.jsonl")
        XCTAssertEqual(ActionLogFormat.partPath(of: "/logs/a.jsonl", part: 2), "/logs/a.2.jsonl")
        XCTAssertEqual(ActionLogFormat.partPath(of: "/logs.d/a", part: 1), "/logs.d/a.1")
    }
}

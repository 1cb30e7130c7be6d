import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Logs on a device do not outlive their retention: a recorder removes the logs in its directory
/// older than the maximum age (by their header's `created`) when it opens and when it rotates,
/// and touches nothing that is not a log of its own.
final class LogRetentionTests: XCTestCase {
    private typealias Fixtures = LogDirectoryFixtures
    private let day = LogDirectoryFixtures.day
    private let now = LogDirectoryFixtures.now

    /// Opens (and closes) a recorder of `new.jsonl` in `directory` at `now`, with the default
    /// configuration but for `maximumAge`.
    private func openRecorder(
        in directory: URL, at now: Int64, maximumAge: Duration? = ActionLogConfiguration.defaultMaximumAge
    ) throws {
        let recorder = try ActionRecorder(
            path: directory.appendingPathComponent("new.jsonl").path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(maximumAge: maximumAge), now: { now })
        try recorder.close()
    }

    func testTheDefaultMaximumAgeIsThirtyDaysAndNilKeepsLogs() {
        XCTAssertEqual(ActionLogConfiguration().maximumAge, .seconds(30 * 24 * 60 * 60))
        XCTAssertEqual(ActionLogConfiguration.defaultMaximumAge, .seconds(2_592_000))
        XCTAssertNil(ActionLogConfiguration(maximumAge: nil).maximumAge)
        XCTAssertEqual(ActionLogConfiguration(maximumAge: .seconds(-5)).maximumAge, .zero)
    }

    func testOpeningARecorderRemovesLogsWhoseHeaderWasCreatedLongerAgoThanTheMaximumAge() throws {
        let directory = try makeTemporaryDirectory(self)
        try Fixtures.writeLog("old.jsonl", in: directory, created: now - 31 * day)
        try Fixtures.writeLog("ancient.jsonl", in: directory, created: .min)
        try Fixtures.writeLog("exactly-thirty-days.jsonl", in: directory, created: now - 30 * day)
        try Fixtures.writeLog("recent.jsonl", in: directory, created: now - 29 * day)
        try Fixtures.writeLog("from-the-future.jsonl", in: directory, created: .max)
        // Every file was last modified today, years before `now`: age counts from the header's
        // `created`, not from the file's date.
        try openRecorder(in: directory, at: now)
        XCTAssertEqual(
            Fixtures.contents(of: directory),
            ["exactly-thirty-days.jsonl", "recent.jsonl", "from-the-future.jsonl", "new.jsonl"])
    }

    func testEveryRotatedPartOfAnExpiredLogGoes() throws {
        let directory = try makeTemporaryDirectory(self)
        try Fixtures.writeLog(
            "rotated.jsonl", in: directory, created: now - 40 * day, actions: 300, maximumFileBytes: 4096)
        XCTAssertTrue(Fixtures.contents(of: directory).isSuperset(of: ["rotated.1.jsonl", "rotated.2.jsonl"]))
        try openRecorder(in: directory, at: now)
        XCTAssertEqual(Fixtures.contents(of: directory), ["new.jsonl"])
    }

    func testAPartWhoseHeaderCannotBeReadIsJudgedByItsModificationDate() throws {
        let directory = try makeTemporaryDirectory(self)
        let source = try Fixtures.writeLog("source.jsonl", in: directory, created: now)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
        let headerEnd = try XCTUnwrap(bytes.firstIndex(of: UInt8(ascii: "\n")))
        var flipped = bytes
        flipped[headerEnd / 2] ^= 0x01
        let damaged: [String: [UInt8]] = [
            "torn": Array(bytes[0..<(headerEnd / 2)]),
            "flipped": flipped,
            "empty": [],
            "cut-in-its-first-bytes": Array(#"{"format":"check"#.utf8),
            "without-created": Fixtures.sealed(#"{"format":"checkoutengine-actionlog","formatVersion":1,"logId":"x""#),
            "created-not-a-number": Fixtures.sealed(
                #"{"format":"checkoutengine-actionlog","created":"yesterday","logId":"x""#),
        ]
        for (name, content) in damaged {
            try Fixtures.writeFile("\(name)-old.jsonl", in: directory, bytes: content, modified: now - 31 * day)
            try Fixtures.writeFile("\(name)-recent.jsonl", in: directory, bytes: content, modified: now - 29 * day)
        }
        try Fixtures.setModified(source, now)
        try openRecorder(in: directory, at: now)
        XCTAssertEqual(
            Fixtures.contents(of: directory),
            Set(damaged.keys.map { "\($0)-recent.jsonl" } + ["source.jsonl", "new.jsonl"]))
    }

    func testFilesThatAreNotOursAreNeverTouchedHoweverOld() throws {
        let directory = try makeTemporaryDirectory(self)
        let outside = try makeTemporaryDirectory(self)
        let old = now - 400 * day
        let foreign: [(String, [UInt8])] = [
            ("notes.txt", Array("a customer's notes".utf8)),
            ("events.jsonl", Array(#"{"event":"opened"}\#n"#.utf8)),
            ("binary.jsonl", [0, 1, 2, 3, 0xff]),
            ("another-format.jsonl", Fixtures.sealed(#"{"format":"someone-elses-log","created":1"#)),
            ("log.jsonl.bak", Array(#"{"format":"checkoutengine-actionlog""#.utf8)),
            (".hidden.jsonl", Array(#"{"format":"checkoutengine-actionlog""#.utf8)),
            (".out.jsonl.pseudonymising-NOTOURS", []),
            (".pseudonymising-abc", []),
        ]
        for (name, bytes) in foreign { try Fixtures.writeFile(name, in: directory, bytes: bytes, modified: old) }
        // A log in a subdirectory other than `exports`, and a link to a log outside.
        let archive = directory.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: false)
        try Fixtures.writeLog("kept.jsonl", in: archive, created: old)
        let target = try Fixtures.writeLog("target.jsonl", in: outside, created: old)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.jsonl").path, withDestinationPath: target)

        try openRecorder(in: directory, at: now)
        XCTAssertEqual(
            Fixtures.contents(of: directory), Set(foreign.map(\.0) + ["archive", "link.jsonl", "new.jsonl"]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: archive.path), ["kept.jsonl"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: target))
    }

    func testExportsAgeByTheirHeaderAndAKilledExportsTemporaryFilesByTheirDate() throws {
        let directory = try makeTemporaryDirectory(self)
        let logs = ActionLogDirectory(path: directory.path)
        let exports = URL(fileURLWithPath: try logs.createExportsDirectory())
        try Fixtures.writeLog("old-export.jsonl", in: exports, created: now - 31 * day)
        try Fixtures.writeLog("recent-export.jsonl", in: exports, created: now - day)
        let oldTemporary = URL(fileURLWithPath: ActionLogDirectory.temporaryExportPath(for: exports.path + "/a.jsonl"))
        let recentTemporary = URL(
            fileURLWithPath: ActionLogDirectory.temporaryExportPath(for: exports.path + "/b.jsonl"))
        try Fixtures.writeFile(oldTemporary.lastPathComponent, in: exports, bytes: [1, 2], modified: now - 31 * day)
        try Fixtures.writeFile(recentTemporary.lastPathComponent, in: exports, bytes: [1, 2], modified: now - day)
        let besideTheLogs = ActionLogDirectory.temporaryExportPath(for: directory.path + "/c.jsonl")
        try Fixtures.writeFile(
            URL(fileURLWithPath: besideTheLogs).lastPathComponent, in: directory, bytes: [1], modified: now - 31 * day)

        let removed = logs.removeExpiredLogs(maximumAge: ActionLogConfiguration.defaultMaximumAge, now: now)
        XCTAssertEqual(
            Fixtures.contents(of: directory),
            ["exports", "exports/recent-export.jsonl", "exports/\(recentTemporary.lastPathComponent)"])
        XCTAssertEqual(removed.exports, 1)
        XCTAssertEqual(removed.temporaryFiles, 2)
        XCTAssertEqual(removed.logFiles, 0)
        XCTAssertEqual(removed.failures, [])
    }

    func testAPassReportsWhatItRemovedInCountsAndBytes() throws {
        let directory = try makeTemporaryDirectory(self)
        let first = try Fixtures.writeLog("first.jsonl", in: directory, created: now - 50 * day)
        let second = try Fixtures.writeLog("second.jsonl", in: directory, created: now - 60 * day, actions: 10)
        let bytes = try Fixtures.size(first) + Fixtures.size(second)
        try Fixtures.writeLog("third.jsonl", in: directory, created: now - 10 * day)
        let removed = ActionLogDirectory(path: directory.path).removeExpiredLogs(
            maximumAge: .seconds(86_400 * 30), now: now)
        XCTAssertEqual(removed, ActionLogRemoval(logFiles: 2, bytes: bytes))
        XCTAssertEqual(removed.description, "2 log files, 0 exports, 0 temporary files (\(bytes) bytes)")
        XCTAssertEqual(Fixtures.contents(of: directory), ["third.jsonl"])
    }

    func testWithoutAMaximumAgeNothingIsRemoved() throws {
        let directory = try makeTemporaryDirectory(self)
        try Fixtures.writeLog("old.jsonl", in: directory, created: now - 3_000 * day)
        try openRecorder(in: directory, at: now, maximumAge: nil)
        XCTAssertEqual(Fixtures.contents(of: directory), ["old.jsonl", "new.jsonl"])
    }

    func testRotatingRemovesLogsThatExpiredMeanwhileButNeverTheOpenLogsParts() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered()] {
            let directory = try makeTemporaryDirectory(self)
            let clock = MillisecondClock(now)
            try Fixtures.writeLog("older.jsonl", in: directory, created: now - 20 * day)
            // Another recorder, still open, whose log is older than the maximum by the end.
            let other = try ActionRecorder(
                path: directory.appendingPathComponent("other.jsonl").path, initialState: CounterState(),
                mode: .durable, configuration: ActionLogConfiguration(), now: { clock.now })
            let recorder = try ActionRecorder(
                path: directory.appendingPathComponent("open.jsonl").path, initialState: CounterState(), mode: mode,
                configuration: ActionLogConfiguration(fingerprintInterval: 1, maximumFileBytes: 4096),
                now: { clock.now })
            XCTAssertEqual(Fixtures.contents(of: directory), ["older.jsonl", "other.jsonl", "open.jsonl"])
            // 40 days later (an app left open), the log rotates.
            clock.set(now + 40 * day)
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            for index in 0..<200 { store.dispatch(.setName("padding padding padding padding \(index)")) }
            try recorder.close()
            try other.close()
            let left = Fixtures.contents(of: directory)
            XCTAssertFalse(left.contains("older.jsonl"), "\(mode): \(left)")
            XCTAssertTrue(left.isSuperset(of: ["other.jsonl", "open.jsonl", "open.1.jsonl"]), "\(mode): \(left)")
            let replay = try Replayer(
                path: directory.appendingPathComponent("open.jsonl").path, reducer: counterReducer)
            XCTAssertEqual(replay.count, 200)
            XCTAssertTrue(replay.closedCleanly)
        }
    }

    func testATemporaryExportPathIsBesideItsOutputAndNamedAsReserved() {
        let path = ActionLogDirectory.temporaryExportPath(for: "/logs/exports/checkout.jsonl")
        XCTAssertTrue(path.hasPrefix("/logs/exports/.checkout.jsonl.pseudonymising-"), path)
        let random = path.dropFirst("/logs/exports/.checkout.jsonl.pseudonymising-".count)
        XCTAssertEqual(random.count, 12)
        XCTAssertTrue(random.allSatisfy { $0.isASCII && $0.isLowercase }, path)
        XCTAssertNotEqual(path, ActionLogDirectory.temporaryExportPath(for: "/logs/exports/checkout.jsonl"))
        XCTAssertTrue(ActionLogDirectory.temporaryExportPath(for: "out.jsonl").hasPrefix(".out.jsonl.pseudonymising-"))
    }

    func testTheExportsDirectoryIsMadeOnceWithTheLogDirectory() throws {
        let directory = try makeTemporaryDirectory(self).appendingPathComponent("not-yet/logs")
        let logs = ActionLogDirectory(path: directory.path)
        XCTAssertEqual(try logs.createExportsDirectory(), directory.path + "/exports")
        XCTAssertEqual(try logs.createExportsDirectory(), logs.exportsPath)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: logs.exportsPath, isDirectory: &isDirectory))
        XCTAssertTrue(isDirectory.boolValue)
    }

    #if canImport(Darwin)
    func testTheLogDirectoryAndItsFilesAreExcludedFromBackups() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = try Fixtures.writeLog("backed-up.jsonl", in: directory, created: now)
        for url in [directory, URL(fileURLWithPath: path)] {
            let values = try url.resourceValues(forKeys: [.isExcludedFromBackupKey])
            XCTAssertEqual(values.isExcludedFromBackup, true, url.path)
        }
    }
    #endif
}

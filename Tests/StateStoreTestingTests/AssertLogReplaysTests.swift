import ActionLog
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// `assertLogReplays` on damaged logs: a record lost before the footer, a line after it and an
/// unclosed log each fail with the log's own problem, never as a divergence of the reducer.
final class AssertLogReplaysTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "assert-log-replays-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let directory = self.directory!
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    }

    private var reducer: Reducer<Feature, Feature.Action> { featureReducer(clock: ContinuousClock()) }

    /// A closed log of five increments, as lines (newlines included): header, records, footer.
    private func recordLog() throws -> [String] {
        let path = directory.appendingPathComponent("recorded.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: Feature(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: 2))
        let store = Store(reducer: reducer, state: Feature(), middleware: [recorder.middleware])
        for _ in 0..<5 { store.dispatch(.increment) }
        try recorder.close()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
    }

    private func write(_ lines: [String], name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try lines.joined().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func failures(_ path: String, requireFooter: Bool = true) -> [String] {
        FailureReporter.collectingFailures {
            assertLogReplays(path, through: reducer, snapshot: false, requireFooter: requireFooter)
        }.failures.map(\.message)
    }

    func testAWholeLogPasses() throws {
        XCTAssertEqual(failures(try write(try recordLog(), name: "whole.jsonl")), [])
    }

    func testARecordLostBeforeTheFooterFailsNamingIt() throws {
        var lines = try recordLog()
        lines.remove(at: 5)  // record 5, the last
        let path = try write(lines, name: "lost.jsonl")
        XCTAssertEqual(
            failures(path),
            [
                "The log cannot be replayed: \(path):6: the footer counts 5 actions but the last record is 4: "
                    + "record 5 is missing before the footer"
            ])
    }

    func testALineAfterTheFooterFails() throws {
        let path = try write(try recordLog() + ["junk\n"], name: "junk.jsonl")
        XCTAssertEqual(failures(path), ["The log cannot be replayed: \(path):8: a line after the footer"])
    }

    func testALogWithoutAFooterFailsUnlessAllowed() throws {
        let path = try write(Array(try recordLog().dropLast()), name: "unclosed.jsonl")
        let reported = failures(path)
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.hasPrefix("\(path): the log has no footer") ?? false, "\(reported)")
        XCTAssertEqual(failures(path, requireFooter: false), [])
    }
}

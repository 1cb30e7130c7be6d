public import ActionLog
import Foundation
public import StateStore

/// Asserts that a recorded action log still replays through today's reducer: it reads cleanly,
/// every recorded fingerprint matches, and (by default) the state after each step matches the
/// reviewed snapshot file — a customer's session turned into a regression test.
///
/// ```swift
/// func testTheSessionFromTicket4512StillReplays() {
///     assertLogReplays("Fixtures/ticket-4512.jsonl", through: checkoutReducer)
/// }
/// ```
///
/// A divergence fails with the step, the action and the state change since the last step that
/// matched (a line diff of the canonical rendering). A log that cannot be read fails with the
/// reader's error, which names the file, the line and the problem: a record deleted before a
/// clean footer (the footer's count says which), a line after the footer, a header whose state
/// does not match its fingerprint. A log without a footer fails too, unless `requireFooter` is
/// `false`: records lost at its end could not be told from records never written. The snapshot is written and compared like
/// ``assertSnapshots(of:from:actions:named:settings:fileID:filePath:testName:line:column:)``.
///
/// - Parameters:
///   - path: The log's path; a relative path is resolved against the test file's folder.
///   - reducer: The reducer to replay through.
///   - schemaVersion: The app's action schema version.
///   - upgrade: How to read actions of an older schema.
///   - snapshot: Whether to compare each step's state with a snapshot file too.
///   - requireFooter: Whether a log that did not close cleanly (no footer: the app was killed
///     while recording) fails; pass `false` to replay such a session's complete records.
///   - maximumLineBytes: The longest line read (`ActionLogFormat.defaultMaximumLineBytes`, 16 MiB, by default).
///   - fileID: The call site's `#fileID`, where a failure is reported.
///   - filePath: The call site's `#filePath`, where a failure is reported.
///   - testName: The test's name, `#function` by default.
///   - line: The call site's line, where a failure is reported.
///   - column: The call site's column, where a failure is reported.
/// - Returns: The replay, for further assertions, or `nil` when the log could not be read.
@discardableResult
public func assertLogReplays<State: StoreState & Codable>(
    _ path: String,
    through reducer: Reducer<State, State.Action>,
    schemaVersion: Int = 1,
    upgrade: ActionSchemaUpgrade? = nil,
    snapshot: Bool = true,
    requireFooter: Bool = true,
    maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> Replayer<State>? {
    let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let reporter = FailureReporter.current
    let resolved: String
    if path.hasPrefix("/") {
        resolved = path
    } else {
        resolved = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(path).path
    }
    let replay: Replayer<State>
    do {
        replay = try Replayer(
            path: resolved, reducer: reducer, schemaVersion: schemaVersion, upgrade: upgrade,
            maximumLineBytes: maximumLineBytes)
    } catch {
        reporter.report(TestFailure(message: "The log cannot be replayed: \(error)", location: location))
        return nil
    }
    if let torn = replay.tornLine {
        reporter.report(
            TestFailure(
                message: "\(torn.path):\(torn.line): the last line is torn (\(torn.problem))", location: location))
    } else if requireFooter, !replay.closedCleanly {
        reporter.report(
            TestFailure(
                message: """
                    \(replay.lastPath): the log has no footer (the recording did not close cleanly): its \
                    \(replay.count) complete steps replay, but records lost after them cannot be detected. \
                    Pass requireFooter: false to accept it.
                    """,
                location: location))
    }
    if let divergence = replay.divergence {
        let before = (try? CanonicalEncoder.encode(divergence.lastMatchingState).renderedLines) ?? []
        let after = (try? CanonicalEncoder.encode(divergence.replayedState).renderedLines) ?? []
        let diff = LineDiff(old: before, new: after).unified(
            oldLabel: "replayed state at step \(divergence.lastMatchingStep) (matched the recording)",
            newLabel: "replayed state at step \(divergence.step)")
        reporter.report(
            TestFailure(
                message: """
                    The log diverges at step \(divergence.step) (\(divergence.action)): recorded fingerprint \
                    \(divergence.recorded), replayed \(divergence.replayed).
                    \(diff)
                    """,
                location: location))
    }
    if snapshot {
        assertSnapshots(
            of: reducer, from: replay.initialState, actions: replay.steps.map(\.action), fileID: fileID,
            filePath: filePath, testName: testName, line: line, column: column)
    }
    return replay
}

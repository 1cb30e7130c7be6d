import ActionLog
import Foundation
public import StateStore

/// Asserts that a reducer, fed `actions` from `state`, produces the states recorded in its
/// snapshot file.
///
/// The file is `__Snapshots__/<TestFile>/<testName>.txt` beside the test file (a second unnamed
/// assertion in the same test gets `<testName>.2.txt`; a `named` one `<testName>.<name>.txt`). Its
/// text is a ``ReducerSnapshot``: the state after each step, the action and the effects asked
/// for. Commit the files: they are the expected results, reviewed in pull requests like code.
///
/// ```swift
/// func testGuestCheckoutPaysByCard() {
///     assertSnapshots(
///         of: checkoutReducer,
///         from: CheckoutState(cart: .sample),
///         actions: [.native(.emailEntered("a@b.c")), .native(.cardEntered(.testVisa)), .native(.payTapped)]
///     )
/// }
/// ```
///
/// On a mismatch the test fails with the first step that differs and a line diff of the file
/// whose size follows the change. Recording follows ``SnapshotRecordMode`` (the `SNAPSHOT_RECORD`
/// environment variable; nothing is recorded on CI unless asked); a run that records fails.
///
/// - Parameters:
///   - reducer: The reducer under test. Its effects are described in the file, never run.
///   - state: The state to start from.
///   - actions: The actions to reduce, in order.
///   - name: Distinguishes several snapshots of one test.
///   - settings: Overrides the settings read from the environment.
///   - testName: The test's name, `#function` by default.
///   - fileID: The call site's `#fileID`, where a failure is reported.
///   - filePath: The call site's `#filePath`, where a failure is reported.
///   - line: The call site's line, where a failure is reported.
///   - column: The call site's column, where a failure is reported.
public func assertSnapshots<State: Encodable, Action: Encodable & Sendable>(
    of reducer: Reducer<State, Action>,
    from state: State,
    actions: [Action],
    named name: String? = nil,
    settings: SnapshotSettings? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let reporter = FailureReporter.current
    func fail(_ message: String) {
        reporter.report(TestFailure(message: message, location: location))
    }

    let resolved: SnapshotSettings
    if let settings {
        resolved = settings
    } else {
        do {
            resolved = try SnapshotSettings(environment: ProcessInfo.processInfo.environment)
        } catch {
            fail(error.description)
            return
        }
    }
    let actual: ReducerSnapshot
    do {
        actual = try ReducerSnapshot(of: reducer, from: state, actions: actions)
    } catch {
        fail("Cannot render the snapshot: \(error)")
        return
    }
    let file = SnapshotInventory.shared.claim(
        testFilePath: "\(filePath)", testName: testName, name: name, directory: resolved.directory)
    let shownPath = file.shownPath

    let recordedText: String?
    do {
        recordedText = try file.read()
    } catch {
        fail("Cannot read the snapshot \(shownPath): \(error.localizedDescription)")
        return
    }

    func record(_ reason: String) {
        do {
            try file.write(actual.text)
            fail("\(reason) Check it, then run the tests again (a run that records always fails).")
        } catch {
            fail("Cannot write the snapshot \(shownPath): \(error.localizedDescription)")
        }
    }

    guard let recordedText else {
        if resolved.recordMode == .never {
            fail(
                "No snapshot at \(shownPath), and SNAPSHOT_RECORD is never (the default on CI). "
                    + "Record it by running the test with SNAPSHOT_RECORD=missing, then commit the file.")
        } else {
            record("Recorded a new snapshot at \(shownPath).")
        }
        return
    }

    let recorded = ReducerSnapshot(text: recordedText)
    guard let step = actual.firstDifferingStep(from: recorded) else {
        if resolved.recordMode == .all {
            record("Re-recorded \(shownPath) (SNAPSHOT_RECORD=all).")
        }
        return
    }
    let where_: String
    if step == 0 {
        where_ = "the initial state"
    } else if step <= actions.count {
        where_ = "step \(step) (" + ((try? CanonicalEncoder.encode(actions[step - 1]).compactJSON) ?? "?") + ")"
    } else {
        where_ = "step \(step), which the test no longer reaches"
    }
    let diff = LineDiff(old: recorded.lines, new: actual.lines).unified(oldLabel: "recorded", newLabel: "actual")
    let mismatch = "The reducer no longer matches \(shownPath), first at \(where_). (− recorded, + actual)\n\(diff)"
    switch resolved.recordMode {
    case .failed, .all:
        record(mismatch + "\nRe-recorded the file.")
    case .never, .missing:
        fail(mismatch + "\nIf the change is intended, run the test with SNAPSHOT_RECORD=failed and commit the file.")
    }
}

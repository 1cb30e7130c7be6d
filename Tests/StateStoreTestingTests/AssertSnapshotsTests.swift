import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// The snapshot assertion's record modes, mismatch reports and file layout, in a temporary folder.
final class AssertSnapshotsTests: XCTestCase {
    private let reducer = featureReducer(clock: ContinuousClock())
    private var directory = ""

    override func setUp() {
        super.setUp()
        directory = temporarySnapshotDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent)
        super.tearDown()
    }

    private func settings(_ mode: SnapshotRecordMode) -> SnapshotSettings {
        SnapshotSettings(recordMode: mode, directory: directory)
    }

    private func file(_ name: String) -> String {
        "\(directory)/AssertSnapshotsTests/\(name).flow.txt"
    }

    /// Asserts the named snapshot "flow" of the calling test: calling it twice in a test stands for
    /// two runs of the suite.
    private func assertCounting(
        _ actions: [Feature.Action], mode: SnapshotRecordMode, testName: String = #function
    ) -> [String] {
        FailureReporter.collectingFailures {
            assertSnapshots(
                of: reducer, from: Feature(), actions: actions, named: "flow", settings: settings(mode),
                testName: testName)
        }.failures.map(\.message)
    }

    func testMissingFileIsRecordedBesideTheTestAndTheRunFails() throws {
        let failures = assertCounting([.increment], mode: .missing)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.hasPrefix("Recorded a new snapshot at __Snapshots__/AssertSnapshotsTests/") == true)
        let text = try String(
            contentsOfFile: file("testMissingFileIsRecordedBesideTheTestAndTheRunFails"), encoding: .utf8)
        XCTAssertEqual(text, try ReducerSnapshot(of: reducer, from: Feature(), actions: [.increment]).text)
    }

    func testMatchingFilePasses() {
        _ = assertCounting([.increment], mode: .missing)
        XCTAssertEqual(assertCounting([.increment], mode: .never), [])
    }

    func testNeverModeDoesNotRecordAMissingFile() {
        let failures = assertCounting([.increment], mode: .never)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.hasPrefix("No snapshot at __Snapshots__/AssertSnapshotsTests/") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("testNeverModeDoesNotRecordAMissingFile")))
    }

    func testMismatchNamesTheFirstDifferingStepWithADiffOfTheChangeOnly() {
        _ = assertCounting([.increment, .increment, .increment], mode: .missing)
        let failures = assertCounting([.increment, .loadTapped, .increment], mode: .missing)
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                "The reducer no longer matches __Snapshots__/AssertSnapshotsTests/"
                    + "testMismatchNamesTheFirstDifferingStepWithADiffOfTheChangeOnly.flow.txt, "
                    + #"first at step 2 ({"loadTapped":{}}). (− recorded, + actual)"#), message)
        XCTAssertTrue(
            message.contains(
                "-action: {\"increment\":{}}\n-effects: none\n+action: {\"loadTapped\":{}}\n+effects: run id=\"load\""),
            message)
        XCTAssertTrue(message.contains("-count: 2\n-isLoading: false\n+count: 1\n+isLoading: true"), message)
        let changed = message.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
        // The --- and +++ headers, eight lines for step 2 and four for step 3; nothing of the unchanged
        // state lines beyond the context.
        XCTAssertEqual(changed.count, 2 + 8 + 4, message)
    }

    func testMismatchIsNotRecordedUnlessAsked() throws {
        _ = assertCounting([.increment], mode: .missing)
        let path = file("testMismatchIsNotRecordedUnlessAsked")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        _ = assertCounting([.loadTapped], mode: .missing)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), before)
    }

    func testFailedModeRewritesAMismatchAndFails() throws {
        _ = assertCounting([.increment], mode: .missing)
        let failures = assertCounting([.loadTapped], mode: .failed)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("Re-recorded the file.") == true)
        XCTAssertEqual(assertCounting([.loadTapped], mode: .never), [])
    }

    func testAllModeRewritesEvenAMatchAndFails() {
        _ = assertCounting([.increment], mode: .missing)
        let failures = assertCounting([.increment], mode: .all)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.hasPrefix("Re-recorded __Snapshots__/") == true)
    }

    func testSecondAssertionInOneTestGetsItsOwnFileAndANamedOneItsName() {
        let failures = FailureReporter.collectingFailures {
            assertSnapshots(of: reducer, from: Feature(), actions: [.increment], settings: settings(.missing))
            assertSnapshots(of: reducer, from: Feature(), actions: [.loadTapped], settings: settings(.missing))
            assertSnapshots(
                of: reducer, from: Feature(), actions: [], named: "empty flow", settings: settings(.missing))
        }.failures
        XCTAssertEqual(failures.count, 3)
        let stem = "\(directory)/AssertSnapshotsTests/testSecondAssertionInOneTestGetsItsOwnFileAndANamedOneItsName"
        for path in [stem + ".txt", stem + ".2.txt", stem + ".empty_flow.txt"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        }
    }

    func testSnapshotFileHoldsNoSecret() throws {
        let failures = FailureReporter.collectingFailures {
            assertSnapshots(
                of: reducer, from: Feature(), actions: [.cardEntered(Sensitive("4111111111111111"), lastFour: "1111")],
                named: "flow", settings: settings(.missing))
        }.failures
        XCTAssertEqual(failures.count, 1)
        let text = try String(contentsOfFile: file("testSnapshotFileHoldsNoSecret"), encoding: .utf8)
        XCTAssertTrue(text.contains(#"cardNumber: "[REDACTED]""#), text)
        XCTAssertFalse(text.contains("4111111111111111"))
    }

    func testFilesNoTestAssertedAreListed() throws {
        _ = assertCounting([.increment], mode: .missing)
        let folder = "\(directory)/AssertSnapshotsTests"
        try Data("stale".utf8).write(to: URL(fileURLWithPath: folder + "/testRemovedLongAgo.txt"))
        try FileManager.default.createDirectory(
            atPath: "\(directory)/DeletedTests", withIntermediateDirectories: true)
        let listed = unassertedSnapshotFiles().filter { $0.hasPrefix(directory) }
        XCTAssertEqual(listed, [folder + "/testRemovedLongAgo.txt", "\(directory)/DeletedTests/"])
        let failures = FailureReporter.collectingFailures { assertNoUnassertedSnapshots() }.failures
        XCTAssertTrue(failures.first?.message.contains("testRemovedLongAgo.txt") == true)
    }

    func testChangedInitialStateIsNamedAsSuch() {
        _ = assertCounting([.increment], mode: .missing)
        var started = Feature()
        started.count = 7
        let failures = FailureReporter.collectingFailures {
            assertSnapshots(
                of: reducer, from: started, actions: [.increment], named: "flow", settings: settings(.never))
        }.failures
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("first at the initial state.") == true, "\(failures)")
    }

    func testRecordedStepsTheTestNoLongerReachesAreNamedAsSuch() {
        _ = assertCounting([.increment, .increment], mode: .missing)
        let failures = assertCounting([.increment], mode: .never)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("first at step 2, which the test no longer reaches.") == true)
    }

    func testStateThatCannotBeRenderedFailsWithTheEncodingError() {
        struct Gauge: Encodable { var level = Double.nan }
        let failures = FailureReporter.collectingFailures {
            assertSnapshots(
                of: Reducer<Gauge, Feature.Action> { _, _ in .none }, from: Gauge(), actions: [],
                settings: settings(.missing))
        }.failures
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.hasPrefix("Cannot render the snapshot:") == true)
        XCTAssertTrue(failures.first?.message.contains("non-finite") == true, "\(failures)")
    }
}

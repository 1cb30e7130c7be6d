import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// `SNAPSHOT_RECORD` and `CI`.
final class SnapshotSettingsTests: XCTestCase {
    func testDefaultOutsideCIRecordsMissingFiles() throws {
        XCTAssertEqual(try SnapshotSettings(environment: [:]).recordMode, .missing)
    }

    func testCIRecordsNothingUnlessAsked() throws {
        XCTAssertEqual(try SnapshotSettings(environment: ["CI": "true"]).recordMode, .never)
        XCTAssertEqual(try SnapshotSettings(environment: ["CI": "1", "SNAPSHOT_RECORD": "failed"]).recordMode, .failed)
        XCTAssertEqual(try SnapshotSettings(environment: ["CI": "false"]).recordMode, .missing)
    }

    func testEveryModeIsReadByName() throws {
        for mode in SnapshotRecordMode.allCases {
            XCTAssertEqual(try SnapshotSettings(environment: ["SNAPSHOT_RECORD": mode.rawValue]).recordMode, mode)
        }
    }

    func testUnknownModeIsATypedErrorNamingIt() {
        XCTAssertThrowsError(try SnapshotSettings(environment: ["SNAPSHOT_RECORD": "sometimes"])) { error in
            XCTAssertEqual(
                "\(error)", "SNAPSHOT_RECORD=sometimes is not a record mode; use one of never, missing, failed, all.")
        }
    }

    /// The assertion reads `SNAPSHOT_RECORD` itself when given no settings.
    ///
    /// The variable is set in a child process that runs this test alone (the test bundle, run again
    /// with it in its environment), never with `setenv` here: changing this process's environment
    /// while other threads may read it (Foundation, a recorder, a child being spawned) is a data
    /// race, and any snapshot assertion running meanwhile would read the bad mode.
    func testUnknownRecordModeInTheEnvironmentFailsTheAssertionNamingIt() throws {
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "sometimes" {
            // The child: the environment is the one under test.
            let failures = FailureReporter.collectingFailures {
                assertSnapshots(of: featureReducer(clock: ContinuousClock()), from: Feature(), actions: [.increment])
            }.failures
            XCTAssertEqual(
                failures.map(\.message),
                ["SNAPSHOT_RECORD=sometimes is not a record mode; use one of never, missing, failed, all."])
            return
        }
        let child = try runThisTestAgain(environment: ["SNAPSHOT_RECORD": "sometimes"])
        XCTAssertEqual(child.status, 0, child.output)
        XCTAssertTrue(child.output.contains("Executed 1 test, with 0 failures"), child.output)
    }

    /// Runs this test alone in a new process of the test bundle, with `environment` added to this
    /// process's, and returns its exit status and what it printed.
    private func runThisTestAgain(environment: [String: String]) throws -> (status: Int32, output: String) {
        let test =
            "StateStoreTestingTests.SnapshotSettingsTests/testUnknownRecordModeInTheEnvironmentFailsTheAssertionNamingIt"
        let process = Process()
        #if os(Linux)
        // `swift test` runs the bundle as an executable that takes the tests to run.
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        #else
        // `xctest` loads the bundle.
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["-XCTest", test, Bundle(for: Self.self).bundlePath]
        #endif
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

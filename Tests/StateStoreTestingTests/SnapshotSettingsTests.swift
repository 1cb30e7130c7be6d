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
    func testUnknownRecordModeInTheEnvironmentFailsTheAssertionNamingIt() {
        let previous = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"]
        setenv("SNAPSHOT_RECORD", "sometimes", 1)
        defer {
            if let previous { setenv("SNAPSHOT_RECORD", previous, 1) } else { unsetenv("SNAPSHOT_RECORD") }
        }
        let failures = FailureReporter.collectingFailures {
            assertSnapshots(of: featureReducer(clock: ContinuousClock()), from: Feature(), actions: [.increment])
        }.failures
        XCTAssertEqual(
            failures.map(\.message),
            ["SNAPSHOT_RECORD=sometimes is not a record mode; use one of never, missing, failed, all."])
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import LogPrivacy
import StateStore
import XCTest

/// The export's last pass, end to end: the written file is read back and replayed against its own
/// fingerprints, and an export whose file does not replay to them is refused naming the step,
/// with nothing left at the output and no temporary file behind.
final class ExportReadBackTests: XCTestCase {
    private static var reducer: CheckoutReducerType {
        CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    }

    private var directory: String = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "export-read-back-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
    }

    private static func isEmailSubmitted(_ action: CheckoutAction) -> Bool {
        if case .native(.emailSubmitted) = action { return true }
        return false
    }

    func testAnExportWhoseFileDoesNotReplayToItsFingerprintsIsRefusedNamingTheStepAndNothingIsLeft() throws {
        let log = Self.example("native-guest")
        let replay = try Replayer(
            path: log, reducer: Self.reducer, schemaVersion: CheckoutLogSchema.version,
            upgrade: CheckoutLogSchema.upgrade)
        // Every record of the example carries a fingerprint, so the first dropped action that
        // changes the state is where the read-back must stop.
        let dropped = try XCTUnwrap(replay.steps.firstIndex { Self.isEmailSubmitted($0.action) }) + 1
        let output = directory + "/out.jsonl"
        let rules = CheckoutDecisionsDouble(decisions: CheckoutDecisions(reducer: Self.reducer)) {
            Self.isEmailSubmitted($0)
        }
        XCTAssertThrowsError(try LogPseudonymisation(rules: rules).exportNow(logAt: log, to: output)) { error in
            guard case .exportDoesNotVerify(let step, let reason) = error as? PseudonymisationError else {
                return XCTFail("expected exportDoesNotVerify, got \(error)")
            }
            XCTAssertEqual(step, dropped, "the first step whose read-back differs")
            XCTAssertTrue(reason.contains("fingerprint"), reason)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "no unverified file at the output")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [], "no temporary file left")
    }

    func testTheSameExportWithAFaithfulReadBackIsWritten() throws {
        // The control: the double changes nothing but the read-back, so with nothing dropped the
        // export goes through and its file replays.
        let log = Self.example("native-guest")
        let output = directory + "/out.jsonl"
        let rules = CheckoutDecisionsDouble(decisions: CheckoutDecisions(reducer: Self.reducer))
        let report = try LogPseudonymisation(rules: rules).exportNow(logAt: log, to: output)
        XCTAssertGreaterThan(report.steps, 0)
        let replay = try Replayer(path: output, reducer: Self.reducer, schemaVersion: CheckoutLogSchema.version)
        XCTAssertNil(replay.divergence)
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// Reading a checkout back on relaunch: from its log (a torn last line skipped, a rotated log's
/// newest part, nothing under way, another schema refused naming it, no log at all) or from a
/// state the host saved.
final class CheckoutRestoreTests: XCTestCase {
    private let reading = CheckoutEnvironment(api: SandboxCheckoutAPI())

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A guest checkout recorded durably into `path` up to a payment awaiting a redirect's return;
    /// the log is left open (its recorder is kept until the test ends), as a killed app leaves it.
    private func recordRedirectPending(
        to path: String,
        configuration: ActionLogConfiguration = ActionLogConfiguration(
            appVersion: "test", schemaVersion: CheckoutLogSchema.version)
    ) async throws -> CheckoutState {
        let recorder = try ActionLog.ActionRecorder(
            path: path, initialState: Fixtures.nativeState(), mode: .durable, configuration: configuration)
        addTeardownBlock { withExtendedLifetime(recorder) {} }
        let harness = Harness(
            provider: SandboxPaymentProvider(behaviour: .redirectThenApprove), extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "ideal", payload: Sensitive("x")))))
        return harness.state
    }

    private func canonical(_ state: CheckoutState) throws -> String {
        try CanonicalEncoder.encode(state).compactJSON
    }

    func testATornLastLineIsSkippedAndReportedAndTheCheckoutResumesFromTheLineBefore() async throws {
        let path = try directory().appendingPathComponent("checkout.jsonl").path
        let live = try await recordRedirectPending(to: path)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":99,"t":1,"action":{"payment":{"_0":{"cancelT"#.utf8))
        try handle.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count

        let restored = try XCTUnwrap(try CheckoutRestore.fromLog(atPath: path, environment: reading))
        XCTAssertEqual(restored.tornLine?.path, path)
        XCTAssertEqual(restored.tornLine?.line, lines)
        XCTAssertEqual(restored.tornLine?.problem, .missingNewline)
        XCTAssertEqual(try canonical(restored.state), try canonical(live))
        XCTAssertEqual(restored.inFlight.payment, .awaitingReturn(.redirect))
        XCTAssertNil(restored.firstDivergentSequence)
        guard case .log(_, 0, let lastSequence) = restored.source else { return XCTFail("\(restored.source)") }
        XCTAssertEqual(lastSequence, lines - 2, "every complete record but the header and the torn line")
    }

    func testARotatedLogResumesFromItsNewestPart() async throws {
        let path = try directory().appendingPathComponent("checkout.jsonl").path
        let live = try await recordRedirectPending(
            to: path,
            configuration: ActionLogConfiguration(
                appVersion: "test", schemaVersion: CheckoutLogSchema.version, maximumFileBytes: 4096))
        let restored = try XCTUnwrap(try CheckoutRestore.fromLog(atPath: path, environment: reading))
        guard case .log(_, let part, _) = restored.source else { return XCTFail("\(restored.source)") }
        XCTAssertGreaterThan(part, 0, "the log rotated")
        XCTAssertEqual(try canonical(restored.state), try canonical(live))
    }

    func testALogWithNothingUnderWayNeedsNoResuming() async throws {
        let path = try directory().appendingPathComponent("checkout.jsonl").path
        let recorder = try ActionLog.ActionRecorder(
            path: path, initialState: Fixtures.nativeState(), mode: .durable,
            configuration: ActionLogConfiguration(schemaVersion: CheckoutLogSchema.version))
        let harness = Harness(extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.completeGuestSections()
        let restored = try XCTUnwrap(try CheckoutRestore.fromLog(atPath: path, environment: reading))
        withExtendedLifetime(recorder) {}
        XCTAssertTrue(restored.inFlight.isEmpty)
        XCTAssertFalse(restored.needsResuming, "start afresh: the backend holds what was entered")
        XCTAssertEqual(restored.state.email, "ada@example.com")
    }

    func testNoLogOrALogKilledBeforeItsHeaderIsNothingToRestore() throws {
        let directory = try directory()
        let missing = directory.appendingPathComponent("none.jsonl").path
        XCTAssertNil(try CheckoutRestore.fromLog(atPath: missing, environment: reading))
        let empty = directory.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        XCTAssertNil(try CheckoutRestore.fromLog(at: empty, environment: reading))
    }

    func testALogOfAnotherSchemaIsRefusedNamingItsVersion() throws {
        let path = try directory().appendingPathComponent("newer.jsonl").path
        let recorder = try ActionLog.ActionRecorder(
            path: path, initialState: Fixtures.nativeState(), mode: .durable,
            configuration: ActionLogConfiguration(schemaVersion: CheckoutLogSchema.version + 1))
        try recorder.close()
        XCTAssertThrowsError(try CheckoutRestore.fromLog(atPath: path, environment: reading)) { error in
            XCTAssertEqual(
                error as? CheckoutRestoreError,
                .otherSchema(path: path, found: CheckoutLogSchema.version + 1, supported: CheckoutLogSchema.version))
            XCTAssertTrue("\(error)".contains("action schema \(CheckoutLogSchema.version + 1)"), "\(error)")
        }
        // A log an app version already shipped recorded (before order placement): refused too,
        // never partly resumed.
        let legacy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Logs/legacy/native-guest.jsonl").path
        XCTAssertThrowsError(try CheckoutRestore.fromLog(atPath: legacy, environment: reading)) { error in
            XCTAssertEqual(
                error as? CheckoutRestoreError,
                .otherSchema(path: legacy, found: 1, supported: CheckoutLogSchema.version))
            XCTAssertEqual(
                "\(error)",
                "\(legacy):1: the checkout was recorded with action schema 1; this app resumes schema "
                    + "\(CheckoutLogSchema.version) only, "
                    + "so the checkout starts afresh")
        }
    }

    func testADamagedLogIsATypedErrorSayingWhere() async throws {
        let path = try directory().appendingPathComponent("checkout.jsonl").path
        _ = try await recordRedirectPending(to: path)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "\"seq\":3", with: "\"seq\":30")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CheckoutRestore.fromLog(atPath: path, environment: reading)) { error in
            guard case .unreadableLog(.badLine(_, 4, _))? = error as? CheckoutRestoreError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testASavedStateRoundTripsWithItsSecretsRedactedAndResumesAsTheLogWould() async throws {
        let path = try directory().appendingPathComponent("checkout.jsonl").path
        let live = try await recordRedirectPending(to: path)
        let data = try CheckoutRestore.savedState(of: live)
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(SandboxSecret.marker), "no secret is saved")
        let saved = try CheckoutRestore.fromSavedState(data)
        let logged = try XCTUnwrap(try CheckoutRestore.fromLog(atPath: path, environment: reading))
        XCTAssertEqual(saved.source, .savedState)
        XCTAssertEqual(saved.inFlight, logged.inFlight)
        XCTAssertEqual(try canonical(saved.state), try canonical(logged.state))
        XCTAssertEqual(saved.relaunchAction, .common(.relaunched(.savedState)))

        let store = saved.makeStore(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
        XCTAssertEqual(store.state.relaunch?.found.payment, .awaitingReturn(.redirect))
        XCTAssertEqual(store.state.relaunch?.source, .savedState)
    }

    func testASavedStateThatDoesNotDecodeIsATypedErrorNamingTheField() throws {
        var json = String(decoding: try CheckoutRestore.savedState(of: Fixtures.nativeState()), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"nextRequestID\":1", with: "\"nextRequestID\":\"one\"")
        XCTAssertThrowsError(try CheckoutRestore.fromSavedState(Data(json.utf8))) { error in
            guard case .unreadableSavedState(let reason)? = error as? CheckoutRestoreError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("nextRequestID"), reason)
        }
    }
}

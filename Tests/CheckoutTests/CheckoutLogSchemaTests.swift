import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// Logs recorded before native checkouts placed orders (action schema 1), as support engineers
/// get them from app versions already shipped: every action replays as it was recorded up to the
/// first one whose meaning changed, where reading stops naming schema 1; a log is never misread.
final class CheckoutLogSchemaTests: XCTestCase {
    private static let legacy = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Logs/legacy/native-guest.jsonl").path

    private let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))

    func testASchema1LogReplaysItsJourneyExactlyThenStopsAtThePaymentsResultNamingSchema1() throws {
        let reader = try ActionLogReader<CheckoutState>(
            path: Self.legacy, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        XCTAssertEqual(reader.header.schemaVersion, 1)
        var state = reader.header.state
        var replayed = 0
        do {
            while let record = try reader.next() {
                _ = reducer.reduce(&state, record.action)
                // Never misread: every replayed step reaches the state the old app recorded.
                if let recorded = record.fingerprint {
                    XCTAssertEqual(try Fingerprint.of(state), recorded, "step \(record.sequence)")
                }
                replayed += 1
            }
            XCTFail("the log's payment result was read as today's")
        } catch .badLine(let path, let line, .undecodableAction(let reason)) {
            XCTAssertEqual(path, Self.legacy)
            XCTAssertEqual(line, 17)
            XCTAssertTrue(
                reason.contains("action schema 1: payment.outcomeReceived was recorded before native checkouts placed"),
                reason)
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(replayed, 15, "the journey up to the provider's answer")
        XCTAssertEqual(state.payment.phase, .submitting)
        XCTAssertNil(state.completedOrder, "no order is made up from the payment reference")
    }

    func testWithoutTheUpgradeASchema1LogIsRefusedAtItsHeaderNamingIt() {
        XCTAssertThrowsError(
            try ActionLogReader<CheckoutState>(path: Self.legacy, schemaVersion: CheckoutLogSchema.version)
        ) { error in
            XCTAssertEqual(
                error as? ActionLogError,
                .olderSchemaWithoutUpgrade(path: Self.legacy, found: 1, supported: CheckoutLogSchema.version))
        }
    }

    func testALogOfANewerSchemaIsRefusedNamingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try ActionLog.ActionRecorder(
            path: path, initialState: Fixtures.nativeState(), mode: .durable,
            configuration: ActionLogConfiguration(schemaVersion: CheckoutLogSchema.version + 1))
        try recorder.close()
        XCTAssertThrowsError(
            try ActionLogReader<CheckoutState>(
                path: path, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        ) { error in
            XCTAssertEqual(
                error as? ActionLogError,
                .newerSchema(path: path, found: CheckoutLogSchema.version + 1, supported: CheckoutLogSchema.version))
        }
    }

    func testEveryActionOfSchema2ReadsUnchangedInSchema3() throws {
        XCTAssertEqual(CheckoutLogSchema.version, 3)
        for action in CheckoutActionSamples.actions {
            let json = try JSONParser.parse(CanonicalEncoder.encode(action).compactJSON)
            XCTAssertEqual(try CheckoutLogSchema.upgrade(json, from: 2), json, "\(action)")
        }
    }

    func testASchema2ExampleLogReplaysToTheEndUnderSchema3() throws {
        let path = URL(fileURLWithPath: Self.legacy).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("native-adyen-3ds.jsonl").path
        let reader = try ActionLogReader<CheckoutState>(
            path: path, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        XCTAssertEqual(reader.header.schemaVersion, 2)
        var state = reader.header.state
        var checked = 0
        while let record = try reader.next() {
            _ = reducer.reduce(&state, record.action)
            if let recorded = record.fingerprint {
                XCTAssertEqual(try Fingerprint.of(state), recorded, "step \(record.sequence)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10)
        XCTAssertNotNil(state.completedOrder?.orderNumber)
    }

    func testTheUpgradePassesEveryUnchangedActionAndRefusesEveryChangedOne() throws {
        var refused = Set<String>()
        for action in CheckoutActionSamples.actions {
            let json = try JSONParser.parse(CanonicalEncoder.encode(action).compactJSON)
            do throws(CheckoutLogSchema.Refusal) {
                let upgraded = try CheckoutLogSchema.upgrade(json, from: 1)
                XCTAssertEqual(upgraded, json, "\(action)")
            } catch {
                XCTAssertEqual(error.schemaVersion, 1)
                refused.insert(error.action)
                XCTAssertEqual(try? CheckoutLogSchema.upgrade(json, from: 2), json, "schema 2 reads itself")
            }
        }
        XCTAssertEqual(refused, Set(CheckoutLogSchema.changedInVersion2.map { "payment.\($0)" }))
    }
}

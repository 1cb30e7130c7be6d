import Foundation
import XCTest

/// Apple requires a privacy manifest from SDKs that use required-reason APIs or collect data: the
/// libraries that write files (ActionLog's logs, Worldline's logo cache) ship valid ones.
final class PrivacyManifestTests: XCTestCase {
    private func manifest(of module: String) throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(module)/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try XCTUnwrap(plist as? [String: Any])
    }

    func testWorldlineDeclaresPaymentInfoForAppFunctionalityAndNoTracking() throws {
        let root = try manifest(of: "Worldline")
        XCTAssertEqual(root["NSPrivacyTracking"] as? Bool, false)
        let collected = try XCTUnwrap(root["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        XCTAssertEqual(
            collected.map { $0["NSPrivacyCollectedDataType"] as? String }, ["NSPrivacyCollectedDataTypePaymentInfo"])
        XCTAssertEqual(collected.first?["NSPrivacyCollectedDataTypeTracking"] as? Bool, false)
        XCTAssertEqual(
            collected.first?["NSPrivacyCollectedDataTypePurposes"] as? [String],
            ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
    }

    func testActionLogShipsAValidPrivacyManifest() throws {
        let root = try manifest(of: "ActionLog")
        XCTAssertEqual(root["NSPrivacyTracking"] as? Bool, false)
        XCTAssertEqual((root["NSPrivacyCollectedDataTypes"] as? [Any])?.count, 0)
        let apis = try XCTUnwrap(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let fileTimestamp = apis.first {
            $0["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryFileTimestamp"
        }
        XCTAssertEqual(fileTimestamp?["NSPrivacyAccessedAPITypeReasons"] as? [String], ["C617.1"])
    }
}

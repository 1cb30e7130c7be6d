import Foundation
import XCTest

/// Apple requires a privacy manifest from SDKs that use required-reason APIs: ActionLog's must
/// be a valid property list declaring no tracking and its file-metadata use.
final class PrivacyManifestTests: XCTestCase {
    func testActionLogShipsAValidPrivacyManifest() throws {
        let manifest = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ActionLog/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: manifest), format: nil)
        let root = try XCTUnwrap(plist as? [String: Any])
        XCTAssertEqual(root["NSPrivacyTracking"] as? Bool, false)
        XCTAssertEqual((root["NSPrivacyCollectedDataTypes"] as? [Any])?.count, 0)
        let apis = try XCTUnwrap(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let fileTimestamp = apis.first {
            $0["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryFileTimestamp"
        }
        XCTAssertEqual(fileTimestamp?["NSPrivacyAccessedAPITypeReasons"] as? [String], ["C617.1"])
    }
}

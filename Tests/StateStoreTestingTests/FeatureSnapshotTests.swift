import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// Reducer snapshots used the way a user's test target uses them: files committed under
/// `__Snapshots__/FeatureSnapshotTests/`, record mode from the environment.
final class FeatureSnapshotTests: XCTestCase {
    func testCardEntryAndLoadingStepByStep() throws {
        assertSnapshots(
            of: featureReducer(clock: ContinuousClock()),
            from: Feature(),
            actions: [
                .increment,
                .cardEntered(Sensitive("4111111111111111"), lastFour: "1111"),
                .loadTapped,
                .loaded(42),
                .queryChanged("shoes"),
                .searched("shoes"),
            ]
        )
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/FeatureSnapshotTests/testCardEntryAndLoadingStepByStep.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(text.contains("4111111111111111"), "a card number reached a snapshot file")
        XCTAssertTrue(text.contains(#"cardNumber: "[REDACTED]""#))
    }
}

import Foundation
import XCTest

@testable import Checkout

/// The wallet sheet's state is copy-on-write (its fields share one allocation), yet behaves and
/// encodes as the plain struct of fields it was.
final class WalletSheetStateTests: XCTestCase {
    private func sheet() -> WalletSheetState {
        WalletSheetState(session: 1, providerID: "adyen", merchantName: "Shop", currencyCode: "GBP")
    }

    func testChangingACopyLeavesTheOriginalAsItWas() {
        let original = sheet()
        var copy = original
        copy.status = .dismissed
        copy.answerCount += 1
        copy.progress = WalletAuthorizationProgress(knownErrorIDs: [3])
        copy.progress?.steps = 2
        XCTAssertEqual(original.status, .open)
        XCTAssertEqual(original.answerCount, 0)
        XCTAssertNil(original.progress)
        XCTAssertEqual(copy.progress?.steps, 2)
        XCTAssertNotEqual(original, copy)
        var same = original
        same.answerCount = 0  // a write of the same value: still equal, and hashes alike
        XCTAssertEqual(same, original)
        XCTAssertEqual(same.hashValue, original.hashValue)
    }

    func testEncodesItsFieldsByNameLeavingOutTheAbsentOnes() throws {
        var state = sheet()
        state.lastRequestID = 7
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"answerCount":0,"currencyCode":"GBP","hasSentSummary":false,"lastRequestID":7,"merchantName":"Shop","#
                + #""providerID":"adyen","session":1,"shippingMethods":[],"status":{"open":{}},"summaryItems":[]}"#)
        XCTAssertEqual(try JSONDecoder().decode(WalletSheetState.self, from: Data(json.utf8)), state)
    }

    func testOnlyAnOpenOrAuthorisingSheetIsInProgress() {
        var state = sheet()
        XCTAssertTrue(state.isInProgress)
        state.status = .authorizing
        XCTAssertTrue(state.isInProgress)
        for status in [WalletSheetStatus.authorized, .dismissed, .refused(.updateTimedOut)] {
            state.status = status
            XCTAssertFalse(state.isInProgress, "\(status)")
        }
    }
}

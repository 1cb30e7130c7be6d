import Checkout
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// Every recorded log in `Examples/Logs` replays without divergence through today's reducer, and
/// each step's state matches the reviewed snapshot beside this file: a log turned into a test.
final class ExampleLogTests: XCTestCase {
    private var reducer: Reducer<CheckoutState, CheckoutAction> {
        CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    }

    private func assertReplays(
        _ name: String, file: StaticString = #filePath, line: UInt = #line, testName: String = #function
    )
        throws
    {
        let path = repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
        let replay = try Replayer(path: path, reducer: reducer)
        XCTAssertNil(
            replay.divergence, "\(name) diverged at step \(replay.divergence?.step ?? 0)", file: file, line: line)
        XCTAssertNil(replay.tornLine.map { "\($0.line)" }, "\(name) has a torn line", file: file, line: line)
        XCTAssertNotNil(replay.footer, "\(name) was closed cleanly", file: file, line: line)
        XCTAssertNotNil(replay.finalState.completedOrder, "\(name) ends with an order", file: file, line: line)
        assertSnapshots(
            of: reducer, from: replay.initialState, actions: replay.steps.map(\.action), filePath: file,
            testName: testName, line: line)
    }

    func testGuestNativeCheckout() throws { try assertReplays("native-guest") }
    func testLoggedInNativeCheckoutThatHitsA409() throws { try assertReplays("native-logged-in-409") }
    func testNativeCheckoutRecoveringFromA410() throws { try assertReplays("native-410-recovery") }
    func testBridgeWebCheckoutWithCartTransfer() throws { try assertReplays("web-bridge-cart-transfer") }
    func testParseWebCheckoutWithCheckoutEndpoints() throws { try assertReplays("web-parse-checkout") }
    func testDeclinedPaymentThenRetry() throws { try assertReplays("native-decline-then-retry") }
    func testThreeDSChallenge() throws { try assertReplays("native-3ds-challenge") }
}

import Checkout
import CheckoutSandbox
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
    ) {
        let path = repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
        let replay = assertLogReplays(path, through: reducer, filePath: file, testName: testName, line: line)
        XCTAssertNotNil(replay?.footer, "\(name) was closed cleanly", file: file, line: line)
        XCTAssertNotNil(replay?.finalState.completedOrder, "\(name) ends with an order", file: file, line: line)
    }

    func testGuestNativeCheckout() { assertReplays("native-guest") }
    func testLoggedInNativeCheckoutThatHitsA409() { assertReplays("native-logged-in-409") }
    func testNativeCheckoutRecoveringFromA410() { assertReplays("native-410-recovery") }
    func testBridgeWebCheckoutWithCartTransfer() { assertReplays("web-bridge-cart-transfer") }
    func testParseWebCheckoutWithCheckoutEndpoints() { assertReplays("web-parse-checkout") }
    func testBridgeWebCheckoutWithTheNameEnvelopeAndWebKitBodies() { assertReplays("web-bridge-name-envelope") }
    func testDismissedBridgeWebCheckoutStaysDismissedAfterALatePayment() {
        assertReplays("web-bridge-dismissed")
    }
    func testDeclinedPaymentThenRetry() { assertReplays("native-decline-then-retry") }
    func testThreeDSChallenge() { assertReplays("native-3ds-challenge") }
    func testAfterpayCheckout() { assertReplays("native-afterpay") }
    func testWorldlineCardWithChallenge() { assertReplays("native-worldline-card-3ds") }
    func testAdyenDropInWithA3DS2Challenge() { assertReplays("native-adyen-3ds") }
    func testBraintreeDropInDeclinedThenRetried() { assertReplays("native-braintree-decline-then-retry") }
    func testApplePaySheetWithShippingChangesBeforeAuthorisation() {
        assertReplays("express-apple-pay-shipping-change")
    }
}

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

    /// How a log's checkout ends.
    private enum Ending {
        /// With a completed order (the backend's, for a native checkout).
        case order
        /// With a pending payment refused: its order cancelled, no completed order, paying open.
        case orderCancelled
    }

    private func assertReplays(
        _ name: String, ending: Ending = .order, file: StaticString = #filePath, line: UInt = #line,
        testName: String = #function
    ) {
        let path = repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
        let replay = assertLogReplays(
            path, through: reducer, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade,
            filePath: file, testName: testName,
            line: line)
        XCTAssertNotNil(replay?.footer, "\(name) was closed cleanly", file: file, line: line)
        guard let final = replay?.finalState else { return }
        switch ending {
        case .order:
            XCTAssertNotNil(final.completedOrder, "\(name) ends with an order", file: file, line: line)
            if final.kind == .native {
                XCTAssertEqual(
                    final.completedOrder?.idSource, .backend, "\(name): the backend's order", file: file, line: line)
                XCTAssertNotNil(final.completedOrder?.orderNumber, "\(name): an order number", file: file, line: line)
            }
        case .orderCancelled:
            XCTAssertNil(final.completedOrder, "\(name) leaves no completed order", file: file, line: line)
            XCTAssertEqual(final.orderPlacement?.placed?.status, .cancelled, file: file, line: line)
            XCTAssertTrue(final.canPay, "\(name): paying again is open", file: file, line: line)
        }
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
    func testFormsWebCheckoutToCompletion() { assertReplays("web-forms-checkout") }
    func testBridgeWebCheckoutPaidWithApplePayInTheAppsSheet() { assertReplays("web-bridge-apple-pay") }
    func testParseWebCheckoutWithThePageScriptsAnswered() { assertReplays("web-parse-scripts") }
    func testDeclinedPaymentThenRetry() { assertReplays("native-decline-then-retry") }
    func testThreeDSChallenge() { assertReplays("native-3ds-challenge") }
    func testAfterpayCheckout() { assertReplays("native-afterpay") }
    func testWorldlineCardWithChallenge() { assertReplays("native-worldline-card-3ds") }
    func testAdyenDropInWithA3DS2Challenge() { assertReplays("native-adyen-3ds") }
    func testAdyenSessionsFlowCompletedByItsSDK() { assertReplays("native-adyen-sessions-sdk") }
    func testBraintreeDropInDeclinedThenRetried() { assertReplays("native-braintree-decline-then-retry") }
    func testNativeOrderPlaced() { assertReplays("native-order-placed") }
    func testVoucherPendingThenConfirmed() { assertReplays("native-voucher-pending") }
    func testPendingPaymentRefusedCancelsItsOrder() { assertReplays("native-pending-refused", ending: .orderCancelled) }
    func testOrderPlacementRetriedWithTheSameKey() { assertReplays("native-placement-retry") }
    func testApplePaySheetWithShippingChangesBeforeAuthorisation() {
        assertReplays("express-apple-pay-shipping-change")
    }
}

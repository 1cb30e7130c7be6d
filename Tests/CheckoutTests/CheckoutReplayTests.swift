import Checkout
import Foundation
import StateStore
import XCTest

/// A recorded log of checkout actions, replayed with effects off, rebuilds the same state.
final class CheckoutReplayTests: XCTestCase {
    func testANativeCheckoutLogReplaysToTheSameStateWithEffectsOff() async throws {
        let recorder = ActionRecorder()
        let harness = Harness(extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.expireCart()
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        await harness.provider.setBehaviour(.challengeThenApprove)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        await harness.send(.payment(.actionCompleted(PaymentActionDetails(payload: Sensitive("3ds")))))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)

        // Through JSON, as a log file would carry them.
        let lines = try recorder.actions.map { try JSONEncoder().encode($0) }
        let decoded = try lines.map { try JSONDecoder().decode(CheckoutAction.self, from: $0) }

        let replay = Store(
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: UnreachableAPI())),
            state: Fixtures.nativeState(), effectsEnabled: false)
        for action in decoded { replay.dispatch(action) }

        XCTAssertEqual(try encoded(replay.state), try encoded(harness.state))
    }

    func testAWebCheckoutLogReplaysToTheSameState() async throws {
        let recorder = ActionRecorder()
        let harness = Harness(state: WebCheckoutBuilder().makeState(), extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.send(.common(.loadProgressChanged(0.5)))
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":10,"currency":"GBP"}}"#)))
        await harness.send(.bridge(.messageReceived("garbage")))
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":10,"orderId":"W"}}}"#)))

        let replay = Store(
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: UnreachableAPI())),
            state: WebCheckoutBuilder().makeState(), effectsEnabled: false)
        for action in recorder.actions {
            replay.dispatch(try JSONDecoder().decode(CheckoutAction.self, from: try JSONEncoder().encode(action)))
        }
        XCTAssertEqual(try encoded(replay.state), try encoded(harness.state))
    }

    private func encoded(_ state: CheckoutState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }
}

/// An API that fails the test if a replay ever calls it.
struct UnreachableAPI: CheckoutAPI {
    private func unreachable() -> CheckoutAPIError {
        XCTFail("a replay must not call the Checkout API")
        return .invalidRequest("replay")
    }
    func fetchCheckout() throws(CheckoutAPIError) -> CheckoutDetails { throw unreachable() }
    func updateEmail(_ email: String, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func updateShippingContact(_ address: Address, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func updateBillingContact(_ address: Address, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func updateShippingMethod(id: String, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func updateShippingEstimate(_ address: PartialAddress, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func restoreCheckout(_ progress: CheckoutProgress) throws(CheckoutAPIError) -> CheckoutDetails {
        throw unreachable()
    }
    func beginWebCheckout(apiType: WebCheckoutApiType, cart: Cart?) throws(CheckoutAPIError) -> WebCheckoutSession {
        throw unreachable()
    }
    func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) throws(CheckoutAPIError) {
        throw unreachable()
    }
    func startPayment(cartID: String, expectedAmount: Money) throws(CheckoutAPIError) -> PaymentIntent {
        throw unreachable()
    }
    func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) throws(CheckoutAPIError) -> PlacedOrder {
        throw unreachable()
    }
    func updateOrderStatus(orderID: String, status: OrderStatus) throws(CheckoutAPIError) -> PlacedOrder {
        throw unreachable()
    }
}

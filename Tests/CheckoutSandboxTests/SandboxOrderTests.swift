import Checkout
import CheckoutSandbox
import XCTest

/// The sandbox backend's order rules, called directly: one order per key and per payment, the
/// payment's amount, and a pending order's one move to confirmed or cancelled.
final class SandboxOrderTests: XCTestCase {
    /// Places the order of `reference` on cart-1 (as confirmed, for 42.00 unless told otherwise).
    private func place(
        _ api: SandboxCheckoutAPI, _ reference: String, key: String, cartID: String = "cart-1",
        amount: String = "42", status: OrderStatus = .confirmed
    ) async throws -> PlacedOrder {
        try await api.placeOrder(
            cartID: cartID, paymentReference: reference, amount: money(amount), status: status, idempotencyKey: key)
    }

    /// A sandbox with a payment of the demo cart (42.00, no shipping yet) started.
    private func paid() async throws -> (SandboxCheckoutAPI, PaymentIntent) {
        let api = SandboxCheckoutAPI()
        let intent = try await api.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        return (api, intent)
    }

    func testASecondPlacementWithTheSameKeyReturnsTheFirstOrderAndPlacesNothing() async throws {
        let (api, intent) = try await paid()
        let first = try await place(api, intent.reference, key: "k1")
        XCTAssertEqual(first, PlacedOrder(id: "order-1", number: "SB-1001", status: .confirmed, total: money("42")))
        let again = try await place(api, intent.reference, key: "k1")
        XCTAssertEqual(again, first)
        let orders = await api.placedOrders
        XCTAssertEqual(orders, [first])
    }

    func testTheKeyIsLookedUpBeforeTheCartSoARetryAfterTheCartMovedOnFindsTheOrder() async throws {
        let (api, intent) = try await paid()
        let first = try await place(api, intent.reference, key: "k1", status: .pending)
        await api.expireCart()
        let again = try await place(api, intent.reference, key: "k1", status: .pending)
        XCTAssertEqual(again, first)
    }

    func testAPaymentHasOneOrderWhateverTheKey() async throws {
        let (api, intent) = try await paid()
        let first = try await place(api, intent.reference, key: "k1")
        let other = try await place(api, intent.reference, key: "k2")
        XCTAssertEqual(other, first)
        let count = await api.placedOrders.count
        XCTAssertEqual(count, 1)
    }

    func testBadPlacementsAreRefusedWithTypedErrors() async throws {
        let (api, intent) = try await paid()
        await assertAPIError(.conflict(message: "the amount 41.99 GBP is not the payment's, 42 GBP")) {
            _ = try await place(api, intent.reference, key: "k1", amount: "41.99")
        }
        await assertAPIError(.client(status: 422, message: "payment payment-9 was not started here")) {
            _ = try await place(api, "payment-9", key: "k2")
        }
        await assertAPIError(.conflict(message: "cart cart-0 is not the current cart")) {
            _ = try await place(api, intent.reference, key: "k3", cartID: "cart-0")
        }
        await api.changePrice(productID: "cap-grey", to: 20)
        await assertAPIError(.conflict(message: "the cart's total 44 GBP is not the payment's, 42 GBP")) {
            _ = try await place(api, intent.reference, key: "k6")
        }
        await api.changePrice(productID: "cap-grey", to: 18)
        await assertAPIError(.client(status: 422, message: "an order is not placed as cancelled")) {
            _ = try await place(api, intent.reference, key: "k4", status: .cancelled)
        }
        _ = try await place(api, intent.reference, key: "k5")
        await assertAPIError(.client(status: 422, message: "idempotency key k5 was used for another payment")) {
            _ = try await place(api, "payment-2", key: "k5")
        }
        let count = await api.placedOrders.count
        XCTAssertEqual(count, 1, "no refused call placed anything")
    }

    func testALostAnswerHasPlacedTheOrderAndTheRetryFindsIt() async throws {
        let (api, intent) = try await paid()
        await api.loseNextOrderAnswers()
        await assertAPIError(.timeout) {
            _ = try await place(api, intent.reference, key: "k1")
        }
        let retried = try await place(api, intent.reference, key: "k1")
        let orders = await api.placedOrders
        XCTAssertEqual(orders, [retried])
    }

    func testAPendingOrderMovesOnceToConfirmedOrCancelled() async throws {
        let (api, intent) = try await paid()
        let pending = try await place(api, intent.reference, key: "k1", status: .pending)
        let cancelled = try await api.updateOrderStatus(orderID: pending.id, status: .cancelled)
        XCTAssertEqual(cancelled.status, .cancelled)
        let again = try await api.updateOrderStatus(orderID: pending.id, status: .cancelled)
        XCTAssertEqual(again, cancelled, "the same status again changes nothing")
        await assertAPIError(.conflict(message: "order order-1 is cancelled; it cannot become confirmed")) {
            _ = try await api.updateOrderStatus(orderID: pending.id, status: .confirmed)
        }
        await assertAPIError(.client(status: 404, message: "no order order-9")) {
            _ = try await api.updateOrderStatus(orderID: "order-9", status: .confirmed)
        }
    }
}

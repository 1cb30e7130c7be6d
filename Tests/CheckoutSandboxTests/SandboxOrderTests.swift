import Checkout
import CheckoutSandbox
import XCTest

/// The sandbox backend's order rules, called directly: one order per key and per payment, the
/// payment's amount, and a pending order's one move to confirmed or cancelled.
final class SandboxOrderTests: XCTestCase {
    /// A sandbox with a payment of the demo cart (42.00, no shipping yet) started.
    private func paid() async throws -> (SandboxCheckoutAPI, PaymentIntent) {
        let api = SandboxCheckoutAPI()
        let intent = try await api.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        return (api, intent)
    }

    func testASecondPlacementWithTheSameKeyReturnsTheFirstOrderAndPlacesNothing() async throws {
        let (api, intent) = try await paid()
        let first = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k1")
        XCTAssertEqual(first, PlacedOrder(id: "order-1", number: "SB-1001", status: .confirmed, total: money("42")))
        let again = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k1")
        XCTAssertEqual(again, first)
        let orders = await api.placedOrders
        XCTAssertEqual(orders, [first])
    }

    func testTheKeyIsLookedUpBeforeTheCartSoARetryAfterTheCartMovedOnFindsTheOrder() async throws {
        let (api, intent) = try await paid()
        let first = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .pending,
            idempotencyKey: "k1")
        await api.expireCart()
        let again = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .pending,
            idempotencyKey: "k1")
        XCTAssertEqual(again, first)
    }

    func testAPaymentHasOneOrderWhateverTheKey() async throws {
        let (api, intent) = try await paid()
        let first = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k1")
        let other = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k2")
        XCTAssertEqual(other, first)
        let count = await api.placedOrders.count
        XCTAssertEqual(count, 1)
    }

    func testBadPlacementsAreRefusedWithTypedErrors() async throws {
        let (api, intent) = try await paid()
        await assertAPIError(.conflict(message: "the amount 41.99 GBP is not the payment's, 42 GBP")) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: intent.reference, amount: money("41.99"), status: .confirmed,
                idempotencyKey: "k1")
        }
        await assertAPIError(.client(status: 422, message: "payment payment-9 was not started here")) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: "payment-9", amount: money("42"), status: .confirmed,
                idempotencyKey: "k2")
        }
        await assertAPIError(.conflict(message: "cart cart-0 is not the current cart")) {
            _ = try await api.placeOrder(
                cartID: "cart-0", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
                idempotencyKey: "k3")
        }
        await api.changePrice(productID: "cap-grey", to: 20)
        await assertAPIError(.conflict(message: "the cart's total 44 GBP is not the payment's, 42 GBP")) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
                idempotencyKey: "k6")
        }
        await api.changePrice(productID: "cap-grey", to: 18)
        await assertAPIError(.client(status: 422, message: "an order is not placed as cancelled")) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .cancelled,
                idempotencyKey: "k4")
        }
        _ = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k5")
        await assertAPIError(.client(status: 422, message: "idempotency key k5 was used for another payment")) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: "payment-2", amount: money("42"), status: .confirmed,
                idempotencyKey: "k5")
        }
        let count = await api.placedOrders.count
        XCTAssertEqual(count, 1, "no refused call placed anything")
    }

    func testALostAnswerHasPlacedTheOrderAndTheRetryFindsIt() async throws {
        let (api, intent) = try await paid()
        await api.loseNextOrderAnswers()
        await assertAPIError(.timeout) {
            _ = try await api.placeOrder(
                cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
                idempotencyKey: "k1")
        }
        let retried = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .confirmed,
            idempotencyKey: "k1")
        let orders = await api.placedOrders
        XCTAssertEqual(orders, [retried])
    }

    func testAPendingOrderMovesOnceToConfirmedOrCancelled() async throws {
        let (api, intent) = try await paid()
        let pending = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .pending,
            idempotencyKey: "k1")
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

    private func assertAPIError(
        _ expected: CheckoutAPIError, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? CheckoutAPIError, expected, file: file, line: line)
        }
    }
}

import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionCheckoutAPI`'s order calls against a real HTTP server on 127.0.0.1 (the Python
/// stub): what goes out (the idempotency key in the header and the body, as the server received
/// them), and what comes back (the backend's order, or a typed error naming the field).
final class URLSessionOrderPlacementTests: XCTestCase {
    private var server: StubServer?

    override func setUp() async throws {
        server = try StubServer()
    }

    override func tearDown() async throws {
        server?.stop()
        server = nil
    }

    private func stub() throws -> StubServer {
        try XCTUnwrap(server)
    }

    private func api() throws -> URLSessionCheckoutAPI {
        URLSessionCheckoutAPI(configuration: .init(baseURL: try stub().baseURL, appID: "app"))
    }

    private let order = PlacedOrder(id: "ord/1", number: "SB-1001", status: .pending, total: money("45.95"))

    private struct SentOrder: Decodable, Equatable {
        let paymentReference: String
        let amount: Money
        let status: OrderStatus
        let idempotencyKey: String
    }

    func testPlaceOrderPostsThePaymentAndTheKeyInTheHeaderAndTheBody() async throws {
        try await stub().enqueue(json: order)
        let placed = try await api().placeOrder(
            cartID: "cart/1", paymentReference: "pay-1", amount: money("45.95"), status: .pending,
            idempotencyKey: "key-7")
        XCTAssertEqual(placed, order)
        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["POST"])
        XCTAssertEqual(requests.map(\.path), ["/api/checkout/cart%2F1/orders"])
        XCTAssertEqual(requests.first?.headers["idempotency-key"], "key-7")
        let body = try XCTUnwrap(requests.first?.body)
        XCTAssertTrue(body.contains(#""amount":"45.95""#), "amounts go as decimal strings: \(body)")
        XCTAssertEqual(
            try JSONDecoder().decode(SentOrder.self, from: Data(body.utf8)),
            SentOrder(paymentReference: "pay-1", amount: money("45.95"), status: .pending, idempotencyKey: "key-7"))
    }

    func testUpdateOrderStatusPutsTheStatusToTheOrdersPath() async throws {
        var confirmed = order
        confirmed.status = .confirmed
        try await stub().enqueue(json: confirmed)
        let updated = try await api().updateOrderStatus(orderID: "ord/1", status: .confirmed)
        XCTAssertEqual(updated, confirmed)
        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["PUT"])
        XCTAssertEqual(requests.map(\.path), ["/api/orders/ord%2F1/status"])
        XCTAssertEqual(
            try JSONDecoder().decode([String: String].self, from: Data(requests[0].body.utf8)), ["status": "confirmed"])
    }

    func testAnOrderWithoutANumberOrWithAnUnknownStatusIsRefusedNamingTheField() async throws {
        let cases: [(body: String, detail: String)] = [
            (
                #"{"id":"o1","number":"","status":"pending","total":{"amount":"1","currencyCode":"GBP"}}"#,
                "unreadable number: the order number is empty"
            ),
            (
                #"{"id":"o1","number":"1","status":"shipped","total":{"amount":"1","currencyCode":"GBP"}}"#,
                "unreadable status"
            ),
            (#"{"id":"o1","number":"1","status":"pending"}"#, "missing total"),
        ]
        let client = try api()
        for (body, detail) in cases {
            try await stub().enqueue(body: body)
            do throws(CheckoutAPIError) {
                _ = try await client.placeOrder(
                    cartID: "c", paymentReference: "p", amount: money("1"), status: .pending, idempotencyKey: "k")
                XCTFail("accepted \(body)")
            } catch {
                guard case .malformedResponse(let found) = error else { return XCTFail("\(error) for \(body)") }
                XCTAssertTrue(found.hasPrefix(detail), "\(found) for \(body)")
            }
        }
    }

    func testPlacementStatusesMapToTheCheckoutsErrors() async throws {
        let cases: [(status: Int, expected: CheckoutAPIError)] = [
            (409, .conflict(message: "not the current cart")), (410, .cartExpired),
            (503, .server(status: 503, message: "not the current cart")),
        ]
        let client = try api()
        for (status, expected) in cases {
            try await stub().enqueue(status: status, body: #"{"message":"not the current cart"}"#)
            do throws(CheckoutAPIError) {
                _ = try await client.placeOrder(
                    cartID: "c", paymentReference: "p", amount: money("1"), status: .confirmed, idempotencyKey: "k")
                XCTFail("\(status) accepted")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
    }

    /// The whole native checkout over HTTP: the backend fails the first placement with a 503, the
    /// checkout places again on its clock, and the server received the same key both times.
    func testANativeCheckoutPlacesItsOrderOverHTTPAndRetriesWithTheSameKey() async throws {
        let details = CheckoutDetails(
            cart: Cart(
                id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(subtotal: 42, shipping: decimal("3.95"), discount: 0, total: decimal("45.95")),
                currencyCode: "GBP"),
            email: "ada@example.com", shippingContact: Fixtures.home, billingContact: Fixtures.home,
            shippingMethods: [ShippingMethod(id: "standard", name: "Standard", price: money("3.95"))],
            selectedShippingMethodID: "standard")
        try await stub().enqueue(json: details)
        try await stub().enqueue(json: PaymentIntent(reference: "pay-1", cartID: "cart-1", amount: money("45.95")))
        try await stub().enqueue(status: 503, body: #"{"message":"try later"}"#)
        var confirmed = order
        confirmed.status = .confirmed
        try await stub().enqueue(json: confirmed)

        let clock = SandboxClock()
        let environment = CheckoutEnvironment(
            api: try api(), paymentProviders: [SandboxPaymentProvider()], clock: clock)
        let store = Store(reducer: CheckoutReducer.make(environment: environment), state: Fixtures.nativeState())
        for action: CheckoutAction in [
            .common(.started), .payment(.payTapped),
            .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))),
        ] {
            store.dispatch(action)
            await store.waitForEffects()
        }

        XCTAssertEqual(store.state.completedOrder, CompletedOrder(placed: confirmed))
        XCTAssertEqual(store.state.completedOrder?.orderNumber, "SB-1001")
        XCTAssertEqual(clock.sleeps, [.seconds(2)], "one automatic retry, 2 s after the 503")
        let placements = try await stub().requests().filter { $0.path == "/api/checkout/cart-1/orders" }
        XCTAssertEqual(placements.count, 2)
        let key = try XCTUnwrap(store.state.orderPlacement?.idempotencyKey)
        XCTAssertEqual(UUID(uuidString: key)?.uuidString, key, "an app's key is a UUID")
        for request in placements {
            XCTAssertEqual(request.headers["idempotency-key"], key)
            XCTAssertEqual(try JSONDecoder().decode(SentOrder.self, from: Data(request.body.utf8)).idempotencyKey, key)
        }
    }
}

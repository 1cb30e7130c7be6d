import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionCheckoutAPI` against a real HTTP server on 127.0.0.1 (the Python stub).
final class URLSessionCheckoutAPITests: XCTestCase {
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

    private func api(timeout: TimeInterval = 5) throws -> URLSessionCheckoutAPI {
        URLSessionCheckoutAPI(
            configuration: .init(
                baseURL: try stub().baseURL, appID: "app 7", timeout: timeout, headers: ["X-Currency": "GBP"]))
    }

    private var details: CheckoutDetails {
        CheckoutDetails(
            cart: Cart(
                id: "cart/1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(subtotal: 42, shipping: decimal("3.95"), discount: 0, total: decimal("45.95")),
                currencyCode: "GBP"),
            email: "ada@example.com", shippingContact: Fixtures.home,
            shippingMethods: [ShippingMethod(id: "standard", name: "Standard", price: money("3.95"))],
            selectedShippingMethodID: "standard")
    }

    func testFetchCheckoutDecodesTheBackendsCheckout() async throws {
        try await stub().enqueue(json: details)
        let fetched = try await api().fetchCheckout()
        XCTAssertEqual(fetched, details)
        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["GET"])
        XCTAssertEqual(requests.map(\.path), ["/api/checkout"])
        XCTAssertEqual(requests.first?.headers["x-currency"], "GBP")
        XCTAssertEqual(requests.first?.headers["accept"], "application/json")
    }

    func testUpdatesSendTheirBodiesToPercentEncodedCartPaths() async throws {
        let client = try api()
        for _ in 0..<4 { try await stub().enqueue(json: details) }
        _ = try await client.updateEmail("ada@example.com", cartID: "cart/1")
        _ = try await client.updateShippingContact(Fixtures.home, cartID: "cart/1")
        _ = try await client.updateBillingContact(Fixtures.work, cartID: "cart/1")
        _ = try await client.updateShippingMethod(id: "express", cartID: "cart/1")
        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["PUT", "PUT", "PUT", "PUT"])
        XCTAssertEqual(
            requests.map(\.path),
            [
                "/api/checkout/cart%2F1/email", "/api/checkout/cart%2F1/shipping-contact",
                "/api/checkout/cart%2F1/billing-contact", "/api/checkout/cart%2F1/shipping-method",
            ])
        XCTAssertEqual(
            try JSONDecoder().decode([String: String].self, from: Data(requests[0].body.utf8)),
            ["email": "ada@example.com"])
        XCTAssertEqual(try JSONDecoder().decode(Address.self, from: Data(requests[1].body.utf8)), Fixtures.home)
        XCTAssertEqual(
            try JSONDecoder().decode([String: String].self, from: Data(requests[3].body.utf8)), ["id": "express"])
    }

    func testShippingEstimateSendsThePartialAddressAndDecodesTheMethodsAndTotals() async throws {
        try await stub().enqueue(json: details)
        let partial = PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB")
        let estimated = try await api().updateShippingEstimate(partial, cartID: "cart/1")
        XCTAssertEqual(estimated, details)
        let requests = try await stub().requests()
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.path, "/api/checkout/cart%2F1/shipping-estimate")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(
            try JSONDecoder().decode([String: String].self, from: Data(request.body.utf8)),
            ["city": "London", "postcode": "SW1A 2", "countryCode": "GB"])
    }

    func testShippingEstimateRefusedOrUnreadableIsATypedError() async throws {
        let partial = PartialAddress(city: "", postcode: "", countryCode: "")
        let client = try api()
        try await stub().enqueue(status: 422, body: #"{"message":"countryCode is required"}"#)
        try await stub().enqueue(body: #"{"cart":{"id":"c","lines":[],"currencyCode":"GBP"},"shippingMethods":[]}"#)
        for expected: CheckoutAPIError in [
            .client(status: 422, message: "countryCode is required"), .malformedResponse(detail: "missing cart.totals"),
        ] {
            do throws(CheckoutAPIError) {
                _ = try await client.updateShippingEstimate(partial, cartID: "cart-1")
                XCTFail("expected \(expected)")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
    }

    func testStartPaymentSendsCartIDAndExpectedAmountAsADecimalString() async throws {
        try await stub().enqueue(json: PaymentIntent(reference: "pay-1", cartID: "cart-1", amount: money("45.95")))
        let intent = try await api().startPayment(cartID: "cart-1", expectedAmount: money("45.95"))
        XCTAssertEqual(intent, PaymentIntent(reference: "pay-1", cartID: "cart-1", amount: money("45.95")))
        let request = try await stub().requests().first
        XCTAssertEqual(request?.path, "/api/checkout/cart-1/payments")
        XCTAssertEqual(request?.headers["content-type"], "application/json")
        let body = try XCTUnwrap(request?.body)
        XCTAssertTrue(body.contains(#""amount":"45.95""#), body)
        XCTAssertTrue(body.contains(#""cartId":"cart-1""#), body)
    }

    func testWebCheckoutUsesTheEndpointsOfEachApiType() async throws {
        let session =
            #"{"url":"https://shop/checkout","cookies":[{"name":"poq.webcheckout.platform","value":"javascript","domain":"shop","path":"/"}],"headers":{"Authorization":"Bearer s3cret"},"reference":"ref-1"}"#
        try await stub().enqueue(body: session)
        try await stub().enqueue(body: session)
        try await stub().enqueue(body: "")
        try await stub().enqueue(body: "{}")
        let client = try api()
        let transfer = try await client.beginWebCheckout(apiType: .cartTransfer)
        _ = try await client.beginWebCheckout(apiType: .checkout)
        let order = CompletedOrder(orderID: "W-1", total: money("45.95"), idSource: .bridge)
        try await client.completeWebCheckout(apiType: .cartTransfer, order: order, reference: "ref-1")
        try await client.completeWebCheckout(apiType: .checkout, order: order, reference: "ref-1")

        XCTAssertEqual(transfer.cookies.first?.value.value, "javascript")
        XCTAssertEqual(transfer.headers["Authorization"]?.value, "Bearer s3cret")
        XCTAssertFalse(String(describing: transfer).contains("s3cret"))
        let requests = try await stub().requests()
        XCTAssertEqual(
            requests.map(\.path),
            [
                "/api/CartTransfer/apps/app%207/BeginCartTransfer", "/api/checkout/start",
                "/api/CartTransfer/apps/app%207/Complete", "/api/checkout/complete",
            ])
        XCTAssertTrue(requests[2].body.contains(#""orderId":"W-1""#))
    }

    func testStatus409IsAConflictWithTheServersMessage() async throws {
        try await stub().enqueue(status: 409, body: #"{"message":"amount mismatch"}"#)
        await assertThrows(.conflict(message: "amount mismatch")) {
            _ = try await self.api().startPayment(cartID: "cart-1", expectedAmount: money("1"))
        }
    }

    func testStatus410IsAnExpiredCart() async throws {
        try await stub().enqueue(status: 410, body: "")
        await assertThrows(.cartExpired) {
            _ = try await self.api().updateEmail("a@b.co", cartID: "cart-1")
        }
    }

    func testStatus500IsAServerError() async throws {
        try await stub().enqueue(status: 500, body: "Internal Server Error")
        await assertThrows(.server(status: 500, message: nil)) {
            _ = try await self.api().fetchCheckout()
        }
    }

    func testOther4xxIsAClientErrorWithItsStatus() async throws {
        try await stub().enqueue(status: 422, body: #"{"message":"postcode is required"}"#)
        await assertThrows(.client(status: 422, message: "postcode is required")) {
            _ = try await self.api().updateShippingContact(Fixtures.home, cartID: "cart-1")
        }
    }

    func testSlowResponsePastTheTimeoutIsATimeout() async throws {
        try await stub().enqueue(body: "{}", delay: 3)
        let started = ContinuousClock.now
        await assertThrows(.timeout) {
            _ = try await self.api(timeout: 0.5).fetchCheckout()
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(3), "the client waited for the slow response")
    }

    func testMalformedJSONIsAMalformedResponse() async throws {
        try await stub().enqueue(body: #"{"cart": {"id": "c""#)
        await assertThrows(where: { if case .malformedResponse = $0 { true } else { false } }) {
            _ = try await self.api().fetchCheckout()
        }
    }

    func testMissingFieldIsAMalformedResponseNamingIt() async throws {
        try await stub().enqueue(body: #"{"reference":"p","cartID":"c"}"#)
        await assertThrows(.malformedResponse(detail: "missing amount")) {
            _ = try await self.api().startPayment(cartID: "c", expectedAmount: money("1"))
        }
    }

    func testUnreachableServerIsANetworkError() async throws {
        let port = try stub().baseURL.port ?? 0
        try stub().stop()
        let client = URLSessionCheckoutAPI(
            configuration: .init(
                baseURL: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/")), appID: "a", timeout: 2))
        await assertThrows(where: { if case .network = $0 { true } else { $0 == .timeout } }) {
            _ = try await client.fetchCheckout()
        }
    }

    func testNativeCheckoutRunsOnTheHTTPClient() async throws {
        try await stub().enqueue(json: details)
        let environment = CheckoutEnvironment(api: try api())
        let store = Store(reducer: CheckoutReducer.make(environment: environment), state: Fixtures.nativeState())
        store.dispatch(.common(.started))
        await store.waitForEffects()
        XCTAssertEqual(store.state.cart?.id, "cart/1")
        XCTAssertEqual(store.state.view, .nativeCheckout)

        try await stub().enqueue(status: 410, body: "")
        var restored = details
        restored.cart.id = "cart-2"
        try await stub().enqueue(json: restored)
        store.dispatch(.native(.editShippingContactTapped))
        store.dispatch(.native(.addressFormSubmitted(Fixtures.paris)))
        await store.waitForEffects()
        XCTAssertEqual(store.state.cart?.id, "cart-2")
        XCTAssertEqual(store.state.errors.map(\.kind), [.cartExpired])
        let paths = try await stub().requests().map(\.path)
        XCTAssertEqual(paths, ["/api/checkout", "/api/checkout/cart%2F1/shipping-contact", "/api/checkout/restore"])
    }

    private func assertThrows(
        _ expected: CheckoutAPIError, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping () async throws -> Void
    ) async {
        await assertThrows(where: { $0 == expected }, file: file, line: line, body)
    }

    private func assertThrows(
        where matches: (CheckoutAPIError) -> Bool, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("expected an error", file: file, line: line)
        } catch let error as CheckoutAPIError {
            XCTAssertTrue(matches(error), "unexpected \(error)", file: file, line: line)
        } catch {
            XCTFail("expected a CheckoutAPIError, got \(error)", file: file, line: line)
        }
    }
}

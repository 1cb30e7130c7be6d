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

    /// A client of the stub. Its timeout is the product's default unless a test is about timeouts:
    /// a test of anything else must not fail because a loaded machine's stub answered slowly.
    private func api(timeout: TimeInterval? = nil) throws -> URLSessionCheckoutAPI {
        var configuration = URLSessionCheckoutAPI.Configuration(
            baseURL: try stub().baseURL, appID: "app 7", headers: ["X-Currency": "GBP"])
        if let timeout { configuration.timeout = timeout }
        return URLSessionCheckoutAPI(configuration: configuration)
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

    // MARK: Web checkout

    /// A `checkout/start` answer as the backend has always given it (no method, no body).
    private let checkoutAnswer =
        #"{"url":"https://shop/checkout","cookies":[{"name":"poq.webcheckout.platform","value":"javascript","domain":"shop","path":"/"}],"headers":{"Authorization":"Bearer s3cret"},"reference":"ref-1"}"#

    /// A cart-transfer answer: the request the web view performs.
    private let transferAnswer =
        #"{"method":"POST","url":"https://shop/cart/transfer?token=s3cret-url","headers":{"Content-Type":"application/x-www-form-urlencoded","Authorization":"Bearer s3cret"},"body":"token=s3cret-body&cart=cart%2F1","cookies":[],"reference":"ref-2"}"#

    private struct PostedCart: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            let sku: String
            let quantity: Int
            let lineId: String
            let productId: String
            let title: String
            let unitPrice: String
        }
        let cartId: String
        let currencyCode: String
        let items: [Item]
    }

    func testCartTransferPostsTheCartsItemsAndReturnsTheRequestTheWebViewPerforms() async throws {
        try await stub().enqueue(body: transferAnswer)
        let session = try await api().beginWebCheckout(apiType: .cartTransfer, cart: details.cart)

        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["POST"])
        XCTAssertEqual(requests.map(\.path), ["/api/CartTransfer/apps/app%207/BeginCartTransfer"])
        XCTAssertEqual(requests.first?.headers["content-type"], "application/json")
        XCTAssertEqual(requests.first?.headers["x-currency"], "GBP")
        let posted = try JSONDecoder().decode(PostedCart.self, from: Data(try XCTUnwrap(requests.first).body.utf8))
        XCTAssertEqual(
            posted,
            PostedCart(
                cartId: "cart/1", currencyCode: "GBP",
                items: [
                    .init(
                        sku: "tee-navy-m", quantity: 2, lineId: "line-1", productId: "tee-navy-m",
                        title: "Navy T-shirt (M)", unitPrice: "12"),
                    .init(
                        sku: "cap-grey", quantity: 1, lineId: "line-2", productId: "cap-grey", title: "Grey cap",
                        unitPrice: "18"),
                ]))

        XCTAssertEqual(session.method, .post)
        XCTAssertEqual(session.url.value, "https://shop/cart/transfer?token=s3cret-url")
        XCTAssertEqual(session.headers["Content-Type"]?.value, "application/x-www-form-urlencoded")
        XCTAssertEqual(session.headers["Authorization"]?.value, "Bearer s3cret")
        XCTAssertEqual(session.body?.value, "token=s3cret-body&cart=cart%2F1")
        XCTAssertEqual(session.cookies, [])
        XCTAssertEqual(session.reference, "ref-2")
        XCTAssertFalse(String(describing: session).contains("s3cret"))
    }

    func testTheSessionsURLRequestReachesThePageAsTheBackendDescribedIt() async throws {
        // The stub stands in for the page: what a web view loading `urlRequest` would send.
        var answer = try JSONSerialization.jsonObject(with: Data(transferAnswer.utf8)) as? [String: Any] ?? [:]
        answer["url"] = try stub().baseURL.appendingPathComponent("page").absoluteString
        try await stub().enqueue(
            body: String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self))
        try await stub().enqueue(body: "<html></html>")
        let session = try await api().beginWebCheckout(apiType: .cartTransfer, cart: details.cart)
        let request = try XCTUnwrap(session.urlRequest)
        _ = try await URLSession.shared.data(for: request)

        let requests = try await stub().requests()
        let page = try XCTUnwrap(requests.last)
        XCTAssertEqual(page.method, "POST")
        XCTAssertEqual(page.path, "/api/page")
        XCTAssertEqual(page.headers["content-type"], "application/x-www-form-urlencoded")
        XCTAssertEqual(page.headers["authorization"], "Bearer s3cret")
        XCTAssertEqual(page.body, "token=s3cret-body&cart=cart%2F1")
    }

    func testCheckoutBeginKeepsItsContractAPostWithoutABodyAnsweredWithAGetSession() async throws {
        try await stub().enqueue(body: checkoutAnswer)
        // A method or body in a checkout/start answer is not part of its contract: ignored.
        try await stub().enqueue(
            body:
                #"{"method":"POST","body":"x=1","url":"https://shop/checkout","cookies":[],"headers":{},"reference":"r"}"#
        )
        let client = try api()
        let session = try await client.beginWebCheckout(apiType: .checkout, cart: details.cart)
        let ignoring = try await client.beginWebCheckout(apiType: .checkout, cart: nil)

        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.method), ["POST", "POST"])
        XCTAssertEqual(requests.map(\.path), ["/api/checkout/start", "/api/checkout/start"])
        XCTAssertEqual(requests.map(\.body), ["", ""], "checkout/start posts no cart")
        XCTAssertNil(requests.first?.headers["content-type"])
        XCTAssertEqual(
            session,
            WebCheckoutSession(
                url: "https://shop/checkout",
                cookies: [
                    WebCheckoutCookie(name: "poq.webcheckout.platform", value: Sensitive("javascript"), domain: "shop")
                ],
                headers: ["Authorization": Sensitive("Bearer s3cret")], reference: "ref-1"))
        XCTAssertEqual(session.method, .get)
        XCTAssertNil(session.body)
        XCTAssertEqual(session.urlRequest?.httpMethod, "GET")
        XCTAssertEqual(ignoring.method, .get)
        XCTAssertNil(ignoring.body)
    }

    func testWebCheckoutCompletesWithTheEndpointsOfEachApiType() async throws {
        try await stub().enqueue(body: "")
        try await stub().enqueue(body: "{}")
        let client = try api()
        let order = CompletedOrder(orderID: "W-1", total: money("45.95"), idSource: .bridge)
        try await client.completeWebCheckout(apiType: .cartTransfer, order: order, reference: "ref-1")
        try await client.completeWebCheckout(apiType: .checkout, order: order, reference: "ref-1")
        let requests = try await stub().requests()
        XCTAssertEqual(requests.map(\.path), ["/api/CartTransfer/apps/app%207/Complete", "/api/checkout/complete"])
        XCTAssertTrue(requests[0].body.contains(#""orderId":"W-1""#))
    }

    func testCartTransferWithoutACartIsAnInvalidRequestAndSendsNothing() async throws {
        await assertThrows(where: { if case .invalidRequest = $0 { true } else { false } }) {
            _ = try await self.api().beginWebCheckout(apiType: .cartTransfer, cart: nil)
        }
        let requests = try await stub().requests()
        XCTAssertEqual(requests, [])
    }

    func testHostileBeginAnswersAreMalformedResponsesNamingTheFieldWithoutASecret() async throws {
        func answer(_ members: String) -> String {
            #"{"url":"https://shop/t","cookies":[],"headers":{},"reference":"r","#
                + members.dropFirst()
        }
        let hugeBody = String(repeating: "a", count: WebCheckoutSession.maximumBodyBytes + 1)
        // (answer, the detail's beginning)
        let cases: [(String, String)] = [
            (answer(#"{"body":"x=1"}"#), "missing method"),
            (answer(#"{"method":null}"#), "missing method"),
            (answer(#"{"method":"PUT"}"#), #"method "PUT" is not GET or POST"#),
            (answer(#"{"method":"DELETE","body":"x"}"#), #"method "DELETE" is not GET or POST"#),
            (answer(#"{"method":7}"#), "wrong type at method"),
            (answer(#"{"method":"GET","body":"x=1"}"#), "body with method GET"),
            (answer(#"{"method":"POST","body":7}"#), "wrong type at body"),
            (answer(#"{"method":"POST","body":{"token":"s3cret"}}"#), "wrong type at body"),
            (answer(#"{"method":"POST","body":["s3cret"]}"#), "wrong type at body"),
            (answer(#"{"method":"POST","body":"\#(hugeBody)"}"#), "body is 262145 bytes, more than 262144"),
            (
                #"{"method":"POST","url":"/cart/transfer?token=s3cret","cookies":[],"headers":{},"reference":"r"}"#,
                #"url "/cart/transfer?token=[REDACTED]" is not an absolute http or https URL"#
            ),
            (
                #"{"method":"GET","url":"javascript:alert('s3cret')","cookies":[],"headers":{},"reference":"r"}"#,
                #"url "javascript:alert('s3cret')" is not"#
            ),
            (
                #"{"method":"GET","url":"file:///etc/passwd","cookies":[],"headers":{},"reference":"r"}"#,
                #"url "file:///etc/passwd" is not an absolute http or https URL"#
            ),
            (
                #"{"method":"GET","url":"ftp://shop/x","cookies":[],"headers":{},"reference":"r"}"#,
                #"url "ftp://shop/x" is not an absolute http or https URL"#
            ),
            (
                #"{"method":"POST","url":"https://shop/t","cookies":[],"headers":{"X-Token":42},"reference":"r"}"#,
                "wrong type at headers.X-Token"
            ),
            (
                #"{"method":"POST","url":"https://shop/t","cookies":[],"headers":{"X-Token":{"v":"s3cret"}},"reference":"r"}"#,
                "wrong type at headers.X-Token"
            ),
            (
                #"{"method":"POST","url":"https://shop/t","cookies":[],"headers":{"X-Evil":"s3cret\r\nSet-Cookie: a=b"},"reference":"r"}"#,
                "headers.X-Evil has a line break or NUL in its value"
            ),
            (
                #"{"method":"POST","url":"https://shop/t","cookies":[],"headers":{"Bad Name":"s3cret"},"reference":"r"}"#,
                #"headers: "Bad Name" is not a header name"#
            ),
            (#"{"method":"POST","url":"https://shop/t","headers":{},"reference":"r"}"#, "missing cookies"),
            (#"{"method":"POST","cookies":[],"headers":{},"reference":"r"}"#, "missing url"),
            (#"["s3cret"]"#, "wrong type at "),
            (#"{"method":"POST","url":"https://shop/t""#, "unreadable the body"),
            (
                #"{"method":"POST","url":"https://shop/t","cookies":[],"headers":{},"reference":"r","pad":""#
                    + String(repeating: "s", count: 1024 * 1024) + #""}"#,
                "the begin answer is 10"
            ),
        ]
        for (body, expected) in cases {
            try await stub().enqueue(body: body)
            do {
                let session = try await api().beginWebCheckout(apiType: .cartTransfer, cart: details.cart)
                XCTFail("accepted \(body.prefix(200)) as \(session)")
            } catch let CheckoutAPIError.malformedResponse(detail) {
                XCTAssertTrue(detail.hasPrefix(expected), "\(detail) (expected \(expected)) for \(body.prefix(200))")
                if !expected.contains("s3cret") {
                    XCTAssertFalse(detail.contains("s3cret"), "a secret in \(detail)")
                }
            } catch {
                XCTFail("\(error) for \(body.prefix(200))")
            }
        }
    }

    func testCheckoutBeginRefusesAnAnswerWhoseURLAWebViewCannotLoad() async throws {
        try await stub().enqueue(body: #"{"url":"checkout/page","cookies":[],"headers":{},"reference":"r"}"#)
        await assertThrows(.malformedResponse(detail: #"url "checkout/page" is not an absolute http or https URL"#)) {
            _ = try await self.api().beginWebCheckout(apiType: .checkout, cart: nil)
        }
    }

    func testWebCartTransferRunsOnTheHTTPClient() async throws {
        try await stub().enqueue(body: transferAnswer)
        let environment = CheckoutEnvironment(api: try api())
        let store = WebCheckoutBuilder(cart: details.cart).makeStore(environment: environment)
        store.dispatch(.common(.started))
        await store.waitForEffects()
        XCTAssertEqual(store.state.view, .webCheckout)
        XCTAssertEqual(store.state.web.session?.method, .post)
        XCTAssertEqual(store.state.web.session?.body?.value, "token=s3cret-body&cart=cart%2F1")
        XCTAssertEqual(store.state.web.session?.urlRequest?.httpMethod, "POST")
        let posted = try await stub().requests().first?.body ?? ""
        XCTAssertTrue(posted.contains(#""sku":"tee-navy-m""#), posted)

        // Without the cart, the checkout fails with a retry and nothing is sent.
        let withoutCart = WebCheckoutBuilder().makeStore(environment: environment)
        withoutCart.dispatch(.common(.started))
        await withoutCart.waitForEffects()
        guard case .failed(.invalidRequest) = withoutCart.state.view else {
            return XCTFail("view \(withoutCart.state.view)")
        }
        XCTAssertEqual(withoutCart.state.errors.map(\.retry), [.load])
        let requests = try await stub().requests()
        XCTAssertEqual(requests.count, 1)
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
        // The stub answers a minute late: far past the client's half second, so however slowly a
        // loaded machine runs the client's timer, giving up and waiting for the answer cannot be
        // mistaken for each other. The error says which happened (the late body, `{}`, would be a
        // malformed response), so no elapsed time is compared.
        try await stub().enqueue(body: "{}", delay: 60)
        await assertThrows(.timeout) {
            _ = try await self.api(timeout: 0.5).fetchCheckout()
        }
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

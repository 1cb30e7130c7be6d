public import Foundation
public import StateStore
import URLLoading

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The Checkout API over HTTP and JSON, with `URLSession` (FoundationNetworking on Linux).
///
/// Endpoints, relative to ``Configuration/baseURL`` (JSON bodies; amounts as decimal strings):
///
/// | Call | Method and path | Body |
/// | --- | --- | --- |
/// | fetch checkout | `GET checkout` | — |
/// | email | `PUT checkout/{cartId}/email` | `{"email": …}` |
/// | shipping contact | `PUT checkout/{cartId}/shipping-contact` | ``Address`` |
/// | billing contact | `PUT checkout/{cartId}/billing-contact` | ``Address`` |
/// | shipping estimate (wallet sheet) | `PUT checkout/{cartId}/shipping-estimate` | ``PartialAddress`` |
/// | shipping method | `PUT checkout/{cartId}/shipping-method` | `{"id": …}` |
/// | restore (after 410) | `POST checkout/restore` | ``CheckoutProgress`` |
/// | begin cart transfer | `POST` ``WebCheckoutApiType/beginPath(appID:)`` | `{"cartId", "currencyCode", "items": [{"sku", "quantity", "lineId", "productId", "title", "unitPrice"}]}` |
/// | begin checkout | `POST` ``WebCheckoutApiType/beginPath(appID:)`` | — |
/// | complete web checkout | `POST` ``WebCheckoutApiType/completePath(appID:)`` | `{"orderId", "total", "reference"}` |
/// | start payment | `POST checkout/{cartId}/payments` | `{"cartId", "expectedAmount"}` |
/// | place order | `POST checkout/{cartId}/orders`, header `Idempotency-Key` | `{"paymentReference", "amount", "status", "idempotencyKey"}` |
/// | update order status | `PUT orders/{orderId}/status` | `{"status"}` |
///
/// The order calls answer a ``PlacedOrder`` (`{"id", "number", "status", "total"}`); an empty id
/// or number, an unknown status, or a total other than the amount paid is refused (the first
/// three here, as ``CheckoutAPIError/malformedResponse(detail:)``; the last by the checkout).
///
/// Status codes: 2xx succeeds; 409 is ``CheckoutAPIError/conflict(message:)``; 410 is
/// ``CheckoutAPIError/cartExpired``; other 4xx ``CheckoutAPIError/client(status:message:)``;
/// 5xx ``CheckoutAPIError/server(status:message:)``. A response body's `"message"` field, when
/// present, becomes the error's message. A request slower than ``Configuration/timeout`` is
/// ``CheckoutAPIError/timeout``; an unreadable body is
/// ``CheckoutAPIError/malformedResponse(detail:)`` naming the field.
///
/// Both begin endpoints answer a ``WebCheckoutSession``: `url` (absolute, `http` or `https`),
/// `cookies`, `headers` (string values) and `reference`. A cart transfer's answer describes the
/// request the web view performs, so it also has `method` (`GET` or `POST`) and may have `body`
/// (a string of at most ``WebCheckoutSession/maximumBodyBytes``, only with `POST`):
///
/// ```json
/// {"method": "POST", "url": "https://shop.example/cart/transfer",
///  "headers": {"Content-Type": "application/x-www-form-urlencoded"}, "body": "token=…",
///  "cookies": [], "reference": "ref-1"}
/// ```
///
/// A `checkout/start` answer is a `GET` of its `url`, as it always was (a `method` or `body` in it
/// is ignored). An answer that breaks these rules is ``CheckoutAPIError/malformedResponse(detail:)``
/// naming the field, without repeating a secret.
///
/// ```swift
/// let api = URLSessionCheckoutAPI(configuration: .init(baseURL: URL(string: "https://api.example.com/")!, appID: "42"))
/// let checkout = try await api.fetchCheckout()
/// ```
public final class URLSessionCheckoutAPI: CheckoutAPI, Sendable {
    /// Where and how to reach the backend.
    public struct Configuration: Sendable {
        /// The API's base URL; paths are resolved against it.
        public var baseURL: URL
        /// The app's id, used in the cart-transfer paths.
        public var appID: String
        /// How long a request may take before it fails with ``CheckoutAPIError/timeout``.
        public var timeout: TimeInterval
        /// Headers sent with every request (authorisation, currency, …). Their values may be
        /// credentials (`Authorization: Bearer …`), so they are `Sensitive`: a description of the
        /// configuration never shows them.
        public var headers: [String: Sensitive<String>]

        /// Creates a configuration.
        public init(baseURL: URL, appID: String, timeout: TimeInterval = 30, headers: [String: String] = [:]) {
            self.baseURL = baseURL
            self.appID = appID
            self.timeout = timeout
            self.headers = headers.mapValues(Sensitive.init)
        }
    }

    /// Where and how to reach the backend.
    public let configuration: Configuration
    private let session: URLSession

    /// Creates a client.
    public init(configuration: Configuration, session: URLSession = .shared) {
        self.configuration = configuration
        self.session = session
    }

    // MARK: CheckoutAPI

    /// `GET checkout`.
    public func fetchCheckout() async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("GET", ["checkout"], body: Empty?.none)
    }

    /// `PUT checkout/{cartId}/email`.
    public func updateEmail(_ email: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("PUT", ["checkout", cartID, "email"], body: ["email": email])
    }

    /// `PUT checkout/{cartId}/shipping-contact`.
    public func updateShippingContact(
        _ address: Address, cartID: String
    ) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("PUT", ["checkout", cartID, "shipping-contact"], body: address)
    }

    /// `PUT checkout/{cartId}/billing-contact`.
    public func updateBillingContact(
        _ address: Address, cartID: String
    ) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("PUT", ["checkout", cartID, "billing-contact"], body: address)
    }

    /// `PUT checkout/{cartId}/shipping-estimate`.
    public func updateShippingEstimate(
        _ address: PartialAddress, cartID: String
    ) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("PUT", ["checkout", cartID, "shipping-estimate"], body: address)
    }

    /// `PUT checkout/{cartId}/shipping-method`.
    public func updateShippingMethod(id: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("PUT", ["checkout", cartID, "shipping-method"], body: ["id": id])
    }

    /// `POST checkout/restore`.
    public func restoreCheckout(_ progress: CheckoutProgress) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await send("POST", ["checkout", "restore"], body: progress)
    }

    /// `POST` the begin path of `apiType`: a cart transfer with `cart`'s items as its JSON body
    /// (``CheckoutAPIError/invalidRequest(_:)`` when `cart` is `nil`), a checkout with no body.
    public func beginWebCheckout(
        apiType: WebCheckoutApiType, cart: Cart?
    ) async throws(CheckoutAPIError) -> WebCheckoutSession {
        let segments = pathSegments(apiType.beginPath(appID: configuration.appID))
        let data: Data
        switch apiType {
        case .checkout:
            data = try await perform("POST", segments, body: Empty?.none)
        case .cartTransfer:
            guard let cart else {
                throw .invalidRequest(
                    "a cart transfer posts the cart's items, and no cart was given (WebCheckoutBuilder(cart:))")
            }
            data = try await perform("POST", segments, body: CartTransferRequest(cart: cart))
        }
        guard data.count <= WebCheckoutBeginAnswer.maximumBytes else {
            throw .malformedResponse(
                detail: "the begin answer is \(data.count) bytes, more than \(WebCheckoutBeginAnswer.maximumBytes)")
        }
        let answer: WebCheckoutBeginAnswer = try decode(data)
        return try answer.session(for: apiType)
    }

    /// `POST` the complete path of `apiType`.
    public func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) async throws(CheckoutAPIError) {
        let body = CompletionBody(orderId: order.orderID, total: order.total, reference: reference)
        // Any 2xx body (or none) is accepted: the call only records the order.
        _ = try await perform("POST", pathSegments(apiType.completePath(appID: configuration.appID)), body: body)
    }

    /// `POST checkout/{cartId}/payments`.
    public func startPayment(cartID: String, expectedAmount: Money) async throws(CheckoutAPIError) -> PaymentIntent {
        try await send(
            "POST", ["checkout", cartID, "payments"], body: PaymentBody(cartId: cartID, expectedAmount: expectedAmount))
    }

    /// `POST checkout/{cartId}/orders`, with the key in the `Idempotency-Key` header and the body.
    public func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) async throws(CheckoutAPIError) -> PlacedOrder {
        let body = OrderBody(
            paymentReference: paymentReference, amount: amount, status: status, idempotencyKey: idempotencyKey)
        return try await send(
            "POST", ["checkout", cartID, "orders"], body: body, headers: ["Idempotency-Key": idempotencyKey])
    }

    /// `PUT orders/{orderId}/status`.
    public func updateOrderStatus(orderID: String, status: OrderStatus) async throws(CheckoutAPIError) -> PlacedOrder {
        try await send("PUT", ["orders", orderID, "status"], body: ["status": status])
    }

    // MARK: Transport

    private struct Empty: Codable {}

    private struct OrderBody: Encodable {
        let paymentReference: String
        let amount: Money
        let status: OrderStatus
        let idempotencyKey: String
    }

    private struct CompletionBody: Encodable {
        let orderId: String
        let total: Money?
        let reference: String?
    }

    private struct PaymentBody: Encodable {
        let cartId: String
        let expectedAmount: Money
    }

    private struct ErrorBody: Decodable {
        let message: String?
    }

    private func pathSegments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// Builds the URL from path segments, percent-encoding each one (a cart id cannot add a path
    /// segment or a query).
    func url(for segments: [String]) throws(CheckoutAPIError) -> URL {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        var encoded: [String] = []
        for segment in segments {
            guard !segment.isEmpty, let escaped = segment.addingPercentEncoding(withAllowedCharacters: allowed) else {
                throw .invalidRequest("empty or unencodable path segment in \(segments)")
            }
            encoded.append(escaped)
        }
        let base =
            configuration.baseURL.absoluteString.hasSuffix("/")
            ? configuration.baseURL.absoluteString : configuration.baseURL.absoluteString + "/"
        guard let url = URL(string: base + encoded.joined(separator: "/")) else {
            throw .invalidRequest("cannot build a URL from \(base) and \(segments)")
        }
        return url
    }

    private func send<Body: Encodable, Response: Decodable>(
        _ method: String, _ segments: [String], body: Body?, headers: [String: String] = [:]
    ) async throws(CheckoutAPIError) -> Response {
        try decode(try await perform(method, segments, body: body, headers: headers))
    }

    /// Decodes a 2xx body; a failure names the field (`missing amount`, `wrong type at
    /// headers.X-Token: …`).
    private func decode<Response: Decodable>(_ data: Data) throws(CheckoutAPIError) -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformedResponse(detail: "missing \(Self.path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformedResponse(
                detail: "wrong type at \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .malformedResponse(detail: "null at \(Self.path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) {
            let place = context.codingPath.isEmpty ? "the body" : Self.path(context.codingPath)
            throw .malformedResponse(detail: "unreadable \(place): \(context.debugDescription)")
        } catch {
            throw .malformedResponse(detail: String(describing: error))
        }
    }

    /// Sends a request and maps the transport and the status code; returns the 2xx body.
    private func perform<Body: Encodable>(
        _ method: String, _ segments: [String], body: Body?, headers: [String: String] = [:]
    ) async throws(CheckoutAPIError) -> Data {
        var request = URLRequest(url: try url(for: segments))
        request.httpMethod = method
        request.timeoutInterval = configuration.timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in configuration.headers {
            request.setValue(value.value, forHTTPHeaderField: name)
        }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            do {
                request.httpBody = try JSONEncoder().encode(body)
            } catch {
                throw .invalidRequest("cannot encode the request body: \(error)")
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }

        let data: Data
        let response: URLResponse
        do {
            // Not `data(for:)`: on Linux its cancel (an effect cancelled mid-call) races the
            // load's end and can crash or never return (see URLLoading).
            (data, response) = try await session.cancellableData(for: request)
        } catch let error as URLError {
            throw error.code == .timedOut ? .timeout : .network("\(error.code.rawValue): \(error.localizedDescription)")
        } catch {
            throw .network(String(describing: error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw .malformedResponse(detail: "not an HTTP response")
        }
        let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.message
        switch http.statusCode {
        case 200..<300:
            break
        case 409:
            throw .conflict(message: message)
        case 410:
            throw .cartExpired
        case 400..<500:
            throw .client(status: http.statusCode, message: message)
        case 500..<600:
            throw .server(status: http.statusCode, message: message)
        default:
            throw .malformedResponse(detail: "unexpected status \(http.statusCode)")
        }
        return data
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: ".")
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session a web checkout begins with: the request the host loads, what a log keeps of it,
/// and logs recorded before sessions carried a method and a body.
final class WebCheckoutSessionTests: XCTestCase {
    private let transfer = WebCheckoutSession(
        url: "https://shop.example/cart/transfer?token=s3cret-url", method: .post,
        cookies: [WebCheckoutCookie(name: "poq.webcheckout.platform", value: Sensitive("javascript"), domain: "shop")],
        headers: ["Content-Type": Sensitive("application/x-www-form-urlencoded"), "X-Token": Sensitive("s3cret-h")],
        body: Sensitive("token=s3cret-body&items=2"), reference: "ref-1")

    /// A `webSessionLoaded` session as `Examples/Logs/web-bridge-cart-transfer.jsonl` recorded it
    /// before sessions carried a method and a body.
    private let oldSessionJSON =
        #"{"url":"https://sandbox.checkout.invalid/CartTransfer/apps/sandbox/BeginCartTransfer?cart=cart-1","cookies":[{"name":"poq.webcheckout.platform","value":"[REDACTED]","domain":"sandbox.checkout.invalid","path":"/"},{"name":"poq.webcheckout.version","value":"[REDACTED]","domain":"sandbox.checkout.invalid","path":"/"}],"headers":{"Authorization":"[REDACTED]"},"reference":"cart-1"}"#

    // MARK: The request the host loads

    func testURLRequestOfAPostSessionHasItsMethodHeadersAndBody() throws {
        let request = try XCTUnwrap(transfer.urlRequest)
        XCTAssertEqual(request.url?.absoluteString, "https://shop.example/cart/transfer?token=s3cret-url")
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Token"), "s3cret-h")
        XCTAssertEqual(request.httpBody, Data("token=s3cret-body&items=2".utf8))
        XCTAssertNil(request.value(forHTTPHeaderField: "Cookie"), "cookies go to the web view's cookie store")
    }

    func testURLRequestOfAGetSessionLoadsTheURLWithoutABody() throws {
        let session = WebCheckoutSession(
            url: "https://shop.example/checkout", headers: ["Authorization": Sensitive("Bearer t")], reference: "r")
        let request = try XCTUnwrap(session.urlRequest)
        XCTAssertEqual(request.httpMethod, "GET")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer t")
        XCTAssertNil(request.httpBody)
    }

    func testURLRequestIsNilForASessionReadBackFromALog() throws {
        let logged = try JSONDecoder().decode(WebCheckoutSession.self, from: try JSONEncoder().encode(transfer))
        XCTAssertNil(logged.urlRequest, "a redacted URL, header or body cannot be loaded")
        var onlyTheBodyRedacted = transfer
        onlyTheBodyRedacted.body = .redacted
        XCTAssertNil(onlyTheBodyRedacted.urlRequest)
        var onlyAHeaderRedacted = transfer
        onlyAHeaderRedacted.headers["X-Token"] = .redacted
        XCTAssertNil(onlyAHeaderRedacted.urlRequest)
    }

    // MARK: What a log keeps

    func testALogShowsTheMethodAndThatThereIsABodyButNoSecret() throws {
        let text = try CanonicalEncoder.encode(transfer).compactJSON
        XCTAssertTrue(text.contains(#""method":"POST""#), text)
        XCTAssertTrue(text.contains(#""body":"[REDACTED]""#), text)
        for secret in ["s3cret-url", "s3cret-h", "s3cret-body", "javascript"] {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked into \(text)")
            XCTAssertFalse(String(describing: transfer).contains(secret), "\(secret) leaked into the description")
        }
    }

    func testAGetSessionEncodesAsBeforeSessionsCarriedAMethodAndABody() throws {
        // So that the fingerprints of states holding one, in logs recorded before, still match.
        let session = try JSONDecoder().decode(WebCheckoutSession.self, from: Data(oldSessionJSON.utf8))
        XCTAssertEqual(
            try CanonicalEncoder.encode(session).compactJSON,
            try CanonicalEncoder.encode(try JSONParser.parse(oldSessionJSON)).compactJSON)
    }

    // MARK: Logs recorded before

    func testAnOldSessionLineDecodesAsAGetWithoutABodyThroughBothDecoders() throws {
        let line = #"{"result":{"_0":{"webSessionLoaded":{"_0":"# + oldSessionJSON + #","requestID":1}}}}"#
        let fast = try LogDecoding.decode(CheckoutAction.self, json: line)
        let decodable = try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(line))
        XCTAssertEqual(fast, decodable)
        guard case .result(.webSessionLoaded(let session, requestID: 1)) = fast else {
            return XCTFail("decoded \(fast)")
        }
        XCTAssertEqual(session.method, .get)
        XCTAssertNil(session.body)
        XCTAssertEqual(session.reference, "cart-1")
        XCTAssertEqual(session.headers["Authorization"], .redacted)
        XCTAssertEqual(session.cookies.map(\.name), ["poq.webcheckout.platform", "poq.webcheckout.version"])
    }

    func testALogRecordedBeforeSessionsCarriedTheirRequestReplaysWithoutDivergence() throws {
        // The cart-transfer example log as it was recorded before this change (GET sessions).
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/web-bridge-cart-transfer-before-requests.jsonl").path
        let replay = try Replayer(
            path: path, reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: UnreachableAPI())))
        XCTAssertNil(replay.divergence)
        XCTAssertGreaterThan(replay.fingerprintsChecked, 5)
        XCTAssertEqual(replay.finalState.web.session?.method, .get)
        XCTAssertEqual(replay.finalState.completedOrder?.orderID, "WEB-1001")
    }

    func testAMethodOtherThanGetOrPostIsRefusedByBothDecoders() throws {
        let line =
            #"{"result":{"_0":{"webSessionLoaded":{"_0":{"url":"u","method":"PUT","cookies":[],"headers":{},"reference":"r"},"requestID":1}}}}"#
        XCTAssertThrowsError(try LogDecoding.decode(CheckoutAction.self, json: line))
        XCTAssertThrowsError(try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(line)))
    }
}

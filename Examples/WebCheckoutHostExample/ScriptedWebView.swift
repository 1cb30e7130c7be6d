import Checkout
import Foundation
import StateStore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stands in for `WKWebView` where WebKit does not exist (Linux, CI): it takes the cookies and
/// the request the screen loads, plays a checkout page that posts bridge messages in the shapes
/// WebKit delivers (`NSDictionary`, `NSNumber`, `NSDate`), and, as the page protocol, receives
/// the engine's replies and reads them as the page's `window.poqWebCheckout.postMessage` would.
actor ScriptedWebView: WebCheckoutPage {
    /// A message the engine sent to the page.
    struct Reply: Sendable {
        var name: String
        var payloadJSON: String

        /// The payload as the page's JavaScript sees it (an object's members).
        var payload: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(payloadJSON.utf8))) as? [String: Any] ?? [:]
        }
    }

    private(set) var cookies: [String] = []
    private(set) var loadedRequest: String?
    /// The engine's replies to the page, in the order they arrived (one reader).
    nonisolated let replies: AsyncStream<Reply>
    private let repliesContinuation: AsyncStream<Reply>.Continuation
    private let replyFunction: String

    init(replyFunction: String) {
        self.replyFunction = replyFunction
        (replies, repliesContinuation) = AsyncStream<Reply>.makeStream()
    }

    /// `WKHTTPCookieStore.setCookie`: the page sees the cookie on its first request.
    func setCookie(name: String, domain: String) {
        cookies.append("\(name) for \(domain)")
    }

    /// `WKWebView.load(_:)`.
    func load(_ request: URLRequest) {
        let body = request.httpBody.map { " with a \($0.count)-byte body" } ?? ""
        loadedRequest = "\(request.httpMethod ?? "GET") \(request.url?.host ?? "?")\(request.url?.path ?? "")\(body)"
    }

    /// `WebCheckoutPage`: evaluates what the engine sends. A page defines one function,
    /// `window.poqWebCheckout.postMessage(name, payload)`; a call to it is read here the way
    /// JavaScript would read it (its two arguments are JSON literals), anything else fails.
    func evaluateJavaScript(_ script: String) async throws -> String? {
        let prefix = replyFunction + "("
        guard script.hasPrefix(prefix), script.hasSuffix(");") else {
            throw ScriptError(message: "the page defines no function for: \(script.prefix(60))")
        }
        let arguments = script.dropFirst(prefix.count).dropLast(2)
        guard let data = "[\(arguments)]".data(using: .utf8),
            let values = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any],
            values.count == 2, let name = values[0] as? String,
            let payload = try? JSONSerialization.data(
                withJSONObject: values[1], options: [.sortedKeys, .fragmentsAllowed]),
            let payloadJSON = String(data: payload, encoding: .utf8)
        else { throw ScriptError(message: "the arguments are not two JSON values") }
        repliesContinuation.yield(Reply(name: name, payloadJSON: payloadJSON))
        return nil
    }

    /// A script the page cannot run.
    struct ScriptError: Error {
        var message: String
    }
}

/// What the checkout page posts, as WebKit delivers it to the message handler: Foundation
/// objects, never JSON text (the page calls
/// `webkit.messageHandlers.poqWebCheckout.postMessage({name: …, data: …})`).
enum CheckoutPageScript {
    /// The page announces itself, and asks for the bridge settings.
    static var ping: NSDictionary { ["name": "ping"] }

    /// The order as the shopper sees it on the page. JavaScript numbers arrive as `NSNumber`.
    static var order: NSDictionary {
        [
            "name": "order",
            "data": [
                "total": NSNumber(value: 45.95), "subTotal": NSNumber(value: 42), "delivery": NSNumber(value: 3.95),
                "currency": "GBP",
            ] as NSDictionary,
        ]
    }

    /// A custom event the host registered as `.record`: its data reaches the host and the log.
    /// A JavaScript `Date` arrives as an `NSDate`; a Boolean as WebKit's Boolean `NSNumber`.
    static var wishlistAdded: NSDictionary {
        [
            "name": "wishlistadded",
            "data": [
                "sku": "cap-grey", "giftWrap": NSNumber(value: true),
                "at": NSDate(timeIntervalSince1970: 1_795_000_000),
            ] as NSDictionary,
        ]
    }

    /// A custom event the host did not register: its data is redacted before the action exists.
    static var newsletterShown: NSDictionary {
        [
            "name": "newslettershown", "data": ["placement": "footer", "email": "ada@example.com"] as NSDictionary,
        ]
    }

    /// The payment went through: the page's order.
    static var paymentCompleted: NSDictionary {
        [
            "name": "paymentcompleted",
            "data": [
                "order": ["orderId": "WEB-3003", "total": NSNumber(value: 45.95), "currency": "GBP"] as NSDictionary
            ] as NSDictionary,
        ]
    }

    /// The page's own close button.
    static var closeWebView: NSDictionary { ["name": "closewebview"] }

    // MARK: Apple Pay

    /// The page asks whether it may offer Apple Pay.
    static var applePayAvailable: NSDictionary { ["name": "applepay"] }

    /// The shopper tapped the page's Apple Pay button: the payment request, as Apple Pay JS's
    /// `ApplePayPaymentRequest` (amounts as strings), delivery required, two methods.
    static var applePayPayment: NSDictionary {
        [
            "name": "applepaypayment",
            "data": [
                "countryCode": "GB", "currencyCode": "GBP",
                "total": ["label": "Poq Shop", "amount": "45.95"] as NSDictionary,
                "lineItems": lines(delivery: ("Standard", "3.95")),
                "merchantCapabilities": ["supports3DS"] as NSArray,
                "supportedNetworks": ["visa", "masterCard", "amex"] as NSArray,
                "requiredShippingContactFields": ["postalAddress", "name", "email", "phone"] as NSArray,
                "shippingMethods": shippingMethods,
            ] as NSDictionary,
        ]
    }

    /// The page's answer to a shipping change the app sent (`reply`): its totals for the method
    /// chosen (the first one offered after a contact change), with the `requestId` echoed.
    static func applePayUpdate(answering reply: ScriptedWebView.Reply) -> NSDictionary {
        let payload = reply.payload
        let method = (payload["shippingMethod"] as? [String: Any])?["identifier"] as? String ?? "standard"
        let delivery = method == "express" ? ("Express", "7.95") : ("Standard", "3.95")
        let total = method == "express" ? "49.95" : "45.95"
        let data: NSMutableDictionary = [
            "requestId": payload["requestId"] ?? NSNull(),
            "newTotal": ["label": "Poq Shop", "amount": total] as NSDictionary,
            "newLineItems": lines(delivery: delivery),
        ]
        if reply.name == "applepayshippingcontactchanged" { data["newShippingMethods"] = shippingMethods }
        return ["name": "applepayupdate", "data": data]
    }

    /// The page's basket after the shopper chose express delivery in the sheet.
    static var expressOrder: NSDictionary {
        [
            "name": "order",
            "data": [
                "total": NSNumber(value: 49.95), "subTotal": NSNumber(value: 42), "delivery": NSNumber(value: 7.95),
                "currency": "GBP",
            ] as NSDictionary,
        ]
    }

    /// The page's provider took the token: the order.
    static var applePayCompleted: NSDictionary {
        [
            "name": "paymentcompleted",
            "data": [
                "order": ["orderId": "WEB-4004", "total": "49.95", "delivery": "7.95", "currency": "GBP"]
                    as NSDictionary
            ] as NSDictionary,
        ]
    }

    private static var shippingMethods: NSArray {
        [
            ["identifier": "standard", "label": "Standard", "detail": "3-5 days", "amount": "3.95"] as NSDictionary,
            ["identifier": "express", "label": "Express", "detail": "Next day", "amount": "7.95"] as NSDictionary,
        ]
    }

    private static func lines(delivery: (String, String)) -> NSArray {
        [
            ["label": "Subtotal", "amount": "42.00"] as NSDictionary,
            ["label": delivery.0, "amount": delivery.1] as NSDictionary,
        ]
    }
}

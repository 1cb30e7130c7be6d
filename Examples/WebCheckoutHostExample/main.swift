// How a host app embeds the web checkout: the store built by WebCheckoutBuilder with the bridge
// configuration, the page protocol for replies, the screen model that renders on the main actor
// and turns what the web view reports into actions, and an action log as middleware.
//
// On Apple platforms WebKitCheckoutScreen wires the model to a WKWebView; here, where WebKit does
// not exist, ScriptedWebView stands in for it and plays the page's side. The backend is the
// package's sandbox (a shipping app passes its URLSessionCheckoutAPI).
//
//     swift run web-checkout-host-example                       # completed, then closed
//     swift run web-checkout-host-example --dismissed           # closed mid-payment, then a late payment
//     swift run web-checkout-host-example --apple-pay           # paid with Apple Pay in the app's sheet
//     swift run web-checkout-host-example --record PATH.jsonl   # also keep the log at PATH
import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

var arguments = Array(CommandLine.arguments.dropFirst())
let dismissed = arguments.contains("--dismissed")
let applePay = arguments.contains("--apple-pay")
arguments.removeAll { $0 == "--dismissed" || $0 == "--apple-pay" }
var recordPath: String?
if let index = arguments.firstIndex(of: "--record"), index + 1 < arguments.count {
    recordPath = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.isEmpty, !(dismissed && applePay) else {
    FileHandle.standardError.write(
        Data("usage: web-checkout-host-example [--dismissed | --apple-pay] [--record PATH]\n".utf8))
    exit(64)
}

/// The host's analytics: here, print each event (name and typed parameters, as `checkout replay`
/// prints them). An app's Firebase sink hands `event.name` and `event.foundationParameters` (money
/// turned into numbers there, at the edge) to `Analytics.logEvent(_:parameters:)`.
struct PrintingAnalytics: CheckoutAnalyticsSink {
    func record(_ event: CheckoutAnalyticsEvent) {
        let parameters = event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        print("analytics:", event.name, parameters.joined(separator: " "))
    }
}

// What the app knows about the page's bridge: the build it loads, Apple Pay (PassKit's
// `PKPaymentAuthorizationController.canMakePayments()` in an app), and the custom events whose
// data it wants kept (any other's is redacted).
let configuration = WebCheckoutConfiguration(
    bridgeVersion: "2", bridgeIntegrity: "sha384-sandbox", isApplePayAvailable: applePay,
    customEvents: ["wishlistadded": .record]
)
let webView = ScriptedWebView(replyFunction: configuration.replyFunction)  // a WKWebView in the app
let paymentSheet = ScriptedPaymentSheet()  // PassKitApplePaySheet (PassKitApplePaySheet.swift) in the app
let api = SandboxCheckoutAPI()  // your URLSessionCheckoutAPI in the app
let environment = CheckoutEnvironment(
    api: api,
    clearCart: { print("app: bag emptied") },
    webPage: webView,  // WebViewPage (WebKitCheckoutScreen.swift) in the app
    walletSheet: paymentSheet.answers,  // the engine answers the Apple Pay sheet's callbacks through it
    // The sheet's update timeout waits on this clock. In the app: leave it out (ContinuousClock).
    // Here the scripted page answers in this process: with time held still, the timeout cannot
    // pass before it however busy the machine is, so the example records the same log every run.
    clock: SandboxHeldClock()
)
// The app's bag, which the cart transfer posts to the backend (here, the sandbox's demo cart).
let cart = await api.currentDetails.cart
let builder = WebCheckoutBuilder(apiType: .cartTransfer, mode: .bridge, configuration: configuration, cart: cart)
let initial = builder.makeState()
let logPath =
    recordPath
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("web-checkout-host-example.jsonl").path
let recorder = try ActionRecorder(
    path: logPath, initialState: initial, mode: .durable,
    configuration: ActionLogConfiguration(
        appVersion: "web-checkout-host-example", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1))
let store = builder.makeStore(
    environment: environment,
    middleware: [CheckoutAnalyticsMiddleware(sink: PrintingAnalytics()).middleware],
    observers: [recorder.observer])

// The screen. In the app: WebKitCheckoutScreen(model: model, page: page) loads the session in
// its WKWebView; here the scripted web view takes the cookies, then the request.
let model = WebCheckoutScreenModel(store: store, configuration: configuration)
let (pageLoads, pageLoaded) = AsyncStream<Void>.makeStream()
let (closes, closed) = AsyncStream<Void>.makeStream()
let (sheetCloses, sheetClosed) = AsyncStream<Void>.makeStream()
model.loadSession = { session in
    Task { @MainActor in
        for cookie in session.cookies { await webView.setCookie(name: cookie.name, domain: cookie.domain) }
        // The request the begin endpoint described: a cart transfer is a POST with a body.
        guard let request = session.urlRequest else { return }
        await webView.load(request)
        print("web view: cookies \(await webView.cookies.joined(separator: ", "))")
        print("web view: loaded \(await webView.loadedRequest ?? "nothing")")
        model.loadProgressChanged(1)
        pageLoaded.yield()
    }
}
model.close = { closed.yield() }
model.presentApplePay = { request in
    Task { @MainActor in
        await paymentSheet.present(request, on: store)
        sheetClosed.yield()
    }
}
model.start()

/// The page posts a message; the app's message handler gets the body as WebKit delivers it.
/// A page posts from its own event loop, so the main actor turns between two messages (and the
/// screen renders what the last one changed).
@MainActor func pagePosts(_ body: NSDictionary) async {
    print("page: posts \(body["name"] ?? "?")")
    model.didReceive(body: body)
    await Task.yield()
}

/// The page's side of the checkout, once it has loaded, and the shopper's taps.
@MainActor func playPage() async {
    var loads = pageLoads.makeAsyncIterator()
    var replies = webView.replies.makeAsyncIterator()
    var closing = closes.makeAsyncIterator()
    _ = await loads.next()

    // The page asks for the bridge settings and waits for the app's reply before it goes on.
    await pagePosts(CheckoutPageScript.ping)
    if let reply = await replies.next() { print("page: received \(reply.name) \(reply.payloadJSON)") }
    await pagePosts(CheckoutPageScript.order)
    if applePay {
        await playApplePay(replies: &replies)
        _ = await closing.next()
        return
    }
    await pagePosts(CheckoutPageScript.wishlistAdded)
    await pagePosts(CheckoutPageScript.newsletterShown)
    if dismissed {
        // The shopper closes the screen while the payment is still being taken, and confirms...
        model.closeTapped()
        await Task.yield()
        store.dispatch(.common(.dismissConfirmed))
        await Task.yield()
        // ...then the page, still running, reports the payment: the order is recorded (the money
        // was taken), and the checkout stays dismissed.
        await pagePosts(CheckoutPageScript.paymentCompleted)
    } else {
        await pagePosts(CheckoutPageScript.paymentCompleted)
        // The shopper reads the thank-you page, then the page closes itself.
        await pagePosts(CheckoutPageScript.closeWebView)
    }
    _ = await closing.next()
}

/// The page's Apple Pay button: it asks whether Apple Pay is available, then for a payment; it
/// prices each shipping change the app sends, and takes the payment with the token (its own
/// provider's call, on its own backend) when the app sends `paymentauthorized`.
@MainActor func playApplePay(replies: inout AsyncStream<ScriptedWebView.Reply>.Iterator) async {
    var sheetClosing = sheetCloses.makeAsyncIterator()
    await pagePosts(CheckoutPageScript.applePayAvailable)
    if let reply = await replies.next(isolation: #isolation) {
        print("page: received \(reply.name) \(reply.payloadJSON)")
    }
    await pagePosts(CheckoutPageScript.applePayPayment)
    while let reply = await replies.next(isolation: #isolation) {
        switch reply.name {
        case "applepayshippingcontactchanged", "applepayshippingmethodchanged":
            print("page: received \(reply.name) \(reply.payloadJSON)")
            // The page's basket follows the delivery chosen in the sheet (it says so first), then
            // the page answers the sheet with its totals.
            if reply.payloadJSON.contains(#""identifier":"express""#) {
                await pagePosts(CheckoutPageScript.expressOrder)
            }
            await pagePosts(CheckoutPageScript.applePayUpdate(answering: reply))
        case "paymentauthorized":
            // The token goes to the page's provider, never to a log or the screen.
            let payload = reply.payload
            let total = payload["total"] as? [String: Any]
            let token = (payload["token"] as? [String: Any])?["paymentData"] as? String ?? ""
            let contact = payload["shippingContact"] as? [String: Any]
            print(
                "page: received paymentauthorized for \(total?["amount"] ?? "?") \(payload["currencyCode"] ?? "?"), "
                    + "delivery to \(contact?["locality"] ?? "?") \(contact?["countryCode"] ?? "?"), "
                    + "a token of \(token.count) characters for the shop's provider")
            await pagePosts(CheckoutPageScript.applePayCompleted)
            // The shopper sees the sheet's success, then the page's thank-you page, and closes it.
            _ = await sheetClosing.next()
            await pagePosts(CheckoutPageScript.closeWebView)
            return
        default:
            print("page: received \(reply.name) \(reply.payloadJSON)")
            return
        }
    }
}

await playPage()

// Shut down: let the last effects (the complete endpoint, emptying the bag) finish, then close the log.
await store.waitForEffects()
try recorder.close()
model.stop()
let state = store.state
print(
    "final: view \(state.view), order \(state.completedOrder?.orderID ?? "none"), recorded \(state.web.completionRecord)"
)
print("log: \(logPath) (replay it with: swift run checkout replay --verify \(logPath))")

// The WebKit glue of a web checkout screen, as an iOS app writes it. It compiles only where
// WebKit exists; on Linux the example runs the same screen model with `ScriptedWebView`.
#if canImport(WebKit)
import Checkout
import Foundation
import StateStore
import WebKit

/// The page protocol: the engine builds every script, the screen only evaluates it.
final class WebViewPage: WebCheckoutPage, @unchecked Sendable {
    // Written once on the main actor before the first script, read on the main actor only.
    @MainActor weak var webView: WKWebView?

    /// The completion-handler form: the `async` one throws when a script returns `undefined`,
    /// which every reply does.
    @MainActor func evaluateJavaScript(_ script: String) async throws -> String? {
        guard let webView else { return nil }
        return try await withCheckedThrowingContinuation { continuation in
            webView.evaluateJavaScript(script) { result, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: result as? String)
                }
            }
        }
    }
}

/// `WKUserContentController` retains its message handlers: a weak proxy breaks the cycle
/// controller → handler → screen → web view → controller.
@MainActor
final class WeakScriptMessageProxy: NSObject, WKScriptMessageHandler {
    weak var target: (any WKScriptMessageHandler)?

    init(_ target: any WKScriptMessageHandler) {
        self.target = target
    }

    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) {
        target?.userContentController(userContentController, didReceive: message)
    }
}

/// A web checkout screen: a `WKWebView` whose bridge messages, progress and process
/// terminations go to the screen model, which loads what the state says.
@MainActor
final class WebKitCheckoutScreen: NSObject, WKScriptMessageHandler, WKNavigationDelegate {
    let model: WebCheckoutScreenModel
    let webView: WKWebView
    private var progressObservation: NSKeyValueObservation?

    init(model: WebCheckoutScreenModel, page: WebViewPage) {
        let configuration = WKWebViewConfiguration()
        webView = WKWebView(frame: .zero, configuration: configuration)
        self.model = model
        super.init()
        configuration.userContentController.add(WeakScriptMessageProxy(self), name: "poqWebCheckout")
        webView.navigationDelegate = self
        page.webView = webView
        progressObservation = webView.observe(\.estimatedProgress, options: [.new]) { [weak self] webView, _ in
            let progress = webView.estimatedProgress
            MainActor.assumeIsolated { self?.model.loadProgressChanged(progress) }
        }
        model.loadSession = { [weak self] session in self?.load(session) }
    }

    /// Cookies first (each `setCookie` completes asynchronously: load only after all of
    /// them), then the request the session describes. Custom headers go with this first
    /// request only: WebKit does not repeat them on the page's later navigations.
    func load(_ session: WebCheckoutSession) {
        let cookieStore = webView.configuration.websiteDataStore.httpCookieStore
        let cookies = session.cookies.compactMap { cookie -> HTTPCookie? in
            guard let value = cookie.value.value else { return nil }
            return HTTPCookie(properties: [
                .name: cookie.name, .value: value, .domain: cookie.domain, .path: cookie.path,
            ])
        }
        Task { @MainActor in
            for cookie in cookies { await cookieStore.setCookie(cookie) }
            guard let request = session.urlRequest else { return }  // method, headers and body
            webView.load(request)
        }
    }

    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) {
        model.didReceive(body: message.body)
    }

    #if canImport(PassKit)
    /// Presents the page's Apple Pay requests in PassKit's sheet; give the same `sheet` to
    /// `CheckoutEnvironment(walletSheet:)`, so the engine answers its callbacks.
    func useApplePay(_ sheet: PassKitApplePaySheet) {
        let store = model.store
        model.presentApplePay = { request in sheet.present(request, on: store) }
    }
    #endif

    /// Reloads the page the shopper was on; only when none had loaded yet, the session (a cart
    /// transfer's POST is never sent twice).
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        if webView.url != nil, !model.store.state.isFinished {
            webView.reload()
        } else {
            model.webContentProcessDidTerminate()
        }
    }
}
#endif

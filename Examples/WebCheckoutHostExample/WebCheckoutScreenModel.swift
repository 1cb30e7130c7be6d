import Checkout
import Foundation
import StateStore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The web checkout screen's logic, the part that does not depend on WebKit: what the screen
/// shows (delivered on the main actor, because the backend's answers arrive from effects on
/// background threads), when to load the page, and how what the web view reports becomes actions.
///
/// On Apple platforms `WebKitCheckoutScreen` (WebKitCheckoutScreen.swift) drives it from a
/// `WKWebView`; on Linux the example's `ScriptedWebView` stands in for the web view.
@MainActor
final class WebCheckoutScreenModel {
    let store: Store<CheckoutState>
    let configuration: WebCheckoutConfiguration
    /// Loads a session in the web view: cookies first, then the request.
    var loadSession: (WebCheckoutSession) -> Void = { _ in }
    /// Shows one line of what the screen renders (a real screen updates its views instead).
    var render: (String) -> Void = { print("screen:", $0) }
    /// Called when the checkout is over (completed and closed, or dismissed).
    var close: () -> Void = {}
    /// Presents the Apple Pay sheet for the page's request (PassKit's
    /// `PKPaymentAuthorizationController` in an app, whose delegate dispatches the sheet's
    /// callbacks and whose `WalletSheet` answers them).
    var presentApplePay: (WebApplePayRequest) -> Void = { _ in }

    private var subscriptions: [StoreSubscription] = []
    private var loadedReference: String?

    init(store: Store<CheckoutState>, configuration: WebCheckoutConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// Subscribes the screen to the state, on the main actor, and starts the checkout.
    func start() {
        subscriptions = [
            store.subscribe(\.view, on: .mainActor) { [weak self] view in self?.show(view) },
            // The session arrives once the begin endpoint answered: load it, once per session.
            store.subscribe(\.web.session, on: .mainActor) { [weak self] session in
                guard let self, let session, session.reference != self.loadedReference else { return }
                self.loadedReference = session.reference
                self.render("loading the checkout page")
                self.loadSession(session)
            },
            store.subscribe({ $0.web.customEvents.last }, on: .mainActor) { [weak self] event in
                guard let self, let event else { return }
                let data = event.isRedacted ? "[REDACTED]" : event.data?.jsonText ?? "none"
                self.render("custom event \(event.name) (data: \(data))")
            },
            store.subscribe(\.orderSummary, on: .mainActor) { [weak self] summary in
                guard let summary else { return }
                self?.render("order total \(summary.total)")
            },
            // The page asked for Apple Pay: present a sheet for every new session (the page's
            // request, or the shopper's retry after the page did not confirm in time).
            store.subscribe(\.web.applePay?.sheetSession, on: .mainActor) { [weak self] session in
                guard let self, session != nil, let applePay = self.store.state.web.applePay,
                    applePay.status == .sheetOpen
                else { return }
                let request = applePay.request
                self.render(
                    "Apple Pay sheet for \(request.total.amount) \(request.currencyCode) (\(request.total.label))")
                self.presentApplePay(request)
            },
        ]
        store.dispatch(.common(.started))
    }

    /// `WKScriptMessageHandler`: the body exactly as WebKit delivered it (a dictionary, an array,
    /// a string of JSON, a number...), converted once by the configuration.
    func didReceive(body: Any) {
        store.dispatch(.bridge(configuration.bridgeAction(body: body)))
    }

    /// Key-value observation of `estimatedProgress`.
    func loadProgressChanged(_ progress: Double) {
        store.dispatch(.common(.loadProgressChanged(progress)))
    }

    /// The close button; the alert's answers are `dismissConfirmed` / `dismissCancelled`.
    func closeTapped() {
        store.dispatch(.common(.dismissTapped))
    }

    /// The web content process died (memory pressure) before any page had loaded: load the same
    /// session again. The store keeps the state (order, custom events, completion), so nothing the
    /// page reported is lost.
    func webContentProcessDidTerminate() {
        guard let session = store.state.web.session, !store.state.isFinished else { return }
        render("the page's process ended: reloading the same session")
        loadSession(session)
    }

    /// Stops delivering state to the screen.
    func stop() {
        for subscription in subscriptions { subscription.cancel() }
        subscriptions = []
    }

    private func show(_ view: CheckoutViewState) {
        switch view {
        case .loading: render("spinner")
        case .webCheckout: render("web checkout")
        case .nativeCheckout: break
        case .confirmingDismissal: render("alert: leave checkout?")
        case .completed:
            let order = store.state.completedOrder
            render("thank you: order \(order?.orderID ?? "?"), \(order?.total?.description ?? "total unknown")")
        case .failed(let error): render("could not load the checkout (\(error)): retry")
        case .dismissed:
            render("checkout closed")
            close()
        }
    }
}

public import StateStore

/// Turns the checkout's actions into analytics events and hands them to a sink. The reducer gains
/// no dependency: the middleware compares the state before and after each action.
///
/// ```swift
/// let analytics = CheckoutAnalyticsMiddleware(sink: FirebaseSink())
/// let store = Store(reducer: reducer, state: state, middleware: [analytics.middleware])
/// ```
///
/// Events are derived from state changes, not from the actions alone, so a duplicate completion
/// message (which changes nothing) never produces a second purchase event, and a replayed log
/// produces exactly the events the live checkout did (`checkout replay` prints them).
public struct CheckoutAnalyticsMiddleware: Sendable {
    /// The sink that receives the events.
    public let sink: any CheckoutAnalyticsSink

    /// Creates the middleware for `sink`.
    public init(sink: any CheckoutAnalyticsSink) {
        self.sink = sink
    }

    /// The middleware to give the store.
    public var middleware: Middleware<CheckoutState> {
        let sink = self.sink
        return .afterReduce { _, action, before, after in
            for event in Self.events(for: action, before: before, after: after) {
                sink.record(event)
            }
        }
    }

    /// The events an action produces, given the state before and after it (a pure function, so
    /// it can be tested, and applied to a replayed log), in this order: `begin_checkout`, sections
    /// completed, `add_shipping_info`, `add_payment_info`, `checkout_cart_recovered`,
    /// `checkout_payment_failed`, `purchase` or `purchase_unconfirmed`, `checkout_dismissed`,
    /// errors shown.
    public static func events(
        for action: CheckoutAction, before: CheckoutState, after: CheckoutState
    ) -> [CheckoutAnalyticsEvent] {
        var events: [CheckoutAnalyticsEvent] = []
        if let begin = beginCheckout(before: before, after: after) { events.append(begin) }
        for status in after.native.sections where status.isComplete && status.section != .payment {
            let wasComplete = before.native.status(of: status.section)?.isComplete ?? false
            if !wasComplete { events.append(.sectionCompleted(status.section)) }
        }
        if let tier = completedShippingTier(after), tier != completedShippingTier(before) {
            events.append(.addShippingInfo(shippingTier: tier, cart: cart(of: after)))
        }
        // The shopper's choice went to the provider (or the drop-in paid with it): only the action
        // names the method; a drop-in that did not say which is counted under its provider.
        if before.payment.phase != .submitting, after.payment.phase == .submitting {
            let paymentType: String?
            switch action {
            case .payment(.submitted(let submission)): paymentType = submission.methodID
            case .payment(.dropInCompleted(let result)): paymentType = result.methodID ?? after.payment.providerID
            default: paymentType = nil
            }
            if let paymentType {
                events.append(
                    .addPaymentInfo(
                        paymentType: paymentType, providerID: after.payment.providerID, cart: cart(of: after)))
            }
        }
        // A web checkout's page takes the wallet's token: it went to the page (never the token itself).
        if case .wallet(.paymentAuthorized(let authorization, _)) = action, after.kind == .web,
            before.web.applePay?.status != .awaitingPage, after.web.applePay?.status == .awaitingPage
        {
            events.append(
                .addPaymentInfo(
                    paymentType: authorization.payment.methodID, providerID: WebApplePayState.providerID,
                    cart: cart(of: after)))
        }
        if let statusCode = recoveredStatusCode(for: action, before: before, after: after) {
            events.append(.cartRecovered(statusCode: statusCode, cart: cart(of: after)))
        }
        if let failure = paymentFailure(before: before, after: after) { events.append(failure) }
        if let order = orderEvent(before: before, after: after) { events.append(order) }
        if before.view != .dismissed && after.view == .dismissed {
            events.append(.dismissed(atStep: step(of: before)))
        }
        if after.errors != before.errors {
            let shown = Set(before.errors.map(\.id))
            for error in after.errors where !shown.contains(error.id) {
                events.append(.errorShown(code: error.kind.code))
            }
        }
        return events
    }

    // MARK: The convention's events

    /// `begin_checkout` when the checkout is first shown: a native checkout's cart loaded, or a
    /// web checkout's page session began.
    static func beginCheckout(before: CheckoutState, after: CheckoutState) -> CheckoutAnalyticsEvent? {
        switch after.kind {
        case .native:
            guard before.cart == nil, after.cart != nil else { return nil }
        case .web:
            guard before.web.session == nil, after.web.session != nil else { return nil }
        }
        return .beginCheckout(kind: after.kind, cart: cart(of: after))
    }

    /// The selected shipping method's id while the shipping-method section is complete (every
    /// section before it too), else `nil`: `add_shipping_info` fires when it changes to a method.
    static func completedShippingTier(_ state: CheckoutState) -> String? {
        guard state.native.status(of: .shippingMethod)?.isComplete == true else { return nil }
        return state.selectedShippingMethodID
    }

    static func cart(of state: CheckoutState) -> CheckoutAnalyticsCart? {
        state.cart.map(CheckoutAnalyticsCart.init(cart:))
    }

    /// The order event of a transition, the one place that decides what a purchase is:
    ///
    /// - `purchase` when the state now holds a completed order whose id is a real order id
    ///   (the backend's or the page's: ``hasOrderID(_:)``) that it did not hold before: once per
    ///   order, whatever action brought it (a placement's answer, a bridge message, a parsed
    ///   page), and a later change to the same order (a pending order confirmed) sends nothing;
    /// - `purchase_unconfirmed` when the state first holds a completed order whose id is only a
    ///   stand-in (a payment reference, the session's internal reference); if a real id replaces
    ///   the stand-in later, the `purchase` follows then.
    static func orderEvent(before: CheckoutState, after: CheckoutState) -> CheckoutAnalyticsEvent? {
        guard let order = after.completedOrder, order != before.completedOrder else { return nil }
        let isOrder = hasOrderID(order)
        if let previous = before.completedOrder {
            guard isOrder, !hasOrderID(previous) || previous.orderID != order.orderID else { return nil }
        }
        let cart = purchasedCart(order, before: before, after: after)
        return isOrder
            ? .purchase(transactionID: order.orderID, cart: cart)
            : .purchaseUnconfirmed(idSource: order.idSource, cart: cart)
    }

    /// Whether `order`'s id is the order's own, one a customer can quote: never a payment
    /// reference or a checkout session's internal reference. (A new ``CompletedOrder/IDSource``
    /// must be classified here: the switch has no default on purpose.)
    static func hasOrderID(_ order: CompletedOrder) -> Bool {
        guard !order.orderID.isEmpty else { return false }
        switch order.idSource {
        case .bridge, .urlQuery, .extracted, .script, .backend: return true
        case .internalReference, .payment: return false
        }
    }

    /// What was bought: the cart's lines when the engine knows them (a web checkout's cart is
    /// cleared on completion, so the state before it counts), otherwise the page's order
    /// (`value` from its subtotal); shipping and tax from the page's order on the web, from the
    /// cart natively (native carts carry no tax). A page's completion that leaves out its
    /// subtotal, delivery or tax takes them from the last `order` message when that one has the
    /// same total. `nil` when no currency is known.
    static func purchasedCart(
        _ order: CompletedOrder, before: CheckoutState, after: CheckoutState
    ) -> CheckoutAnalyticsCart? {
        let cart = after.cart ?? before.cart
        var page = after.kind == .web ? after.web.order : nil
        if let completed = page, let summary = before.web.order, summary.total == completed.total,
            summary.currency == nil || completed.currency == nil || summary.currency == completed.currency
        {
            page?.subTotal = completed.subTotal ?? summary.subTotal
            page?.delivery = completed.delivery ?? summary.delivery
            page?.tax = completed.tax ?? summary.tax
        }
        guard let currency = order.total?.currencyCode ?? cart?.currencyCode ?? page?.currency?.uppercased() else {
            return nil
        }
        var bought: CheckoutAnalyticsCart
        if let cart, cart.currencyCode == currency {
            bought = CheckoutAnalyticsCart(cart: cart)
            if page == nil { bought.shipping = cart.totals.shipping }
        } else {
            bought = CheckoutAnalyticsCart(currency: currency, value: page?.subTotal)
        }
        if let page {
            bought.shipping = page.delivery
            bought.tax = page.tax
        }
        return bought
    }

    // MARK: The checkout's own events

    /// 409 when a refresh after a conflict brought the new cart, 410 when an expired cart was
    /// rebuilt; `nil` for any other action (a failed or stale recovery included).
    static func recoveredStatusCode(
        for action: CheckoutAction, before: CheckoutState, after: CheckoutState
    ) -> Int? {
        switch action {
        case .result(.checkoutRefreshed(_, let requestID)):
            return before.native.refreshInFlight == requestID && after.native.refreshInFlight == nil ? 409 : nil
        case .result(.checkoutRestored(_, let requestID)):
            return before.native.recoveryInFlight == requestID && after.native.recoveryInFlight == nil ? 410 : nil
        default:
            return nil
        }
    }

    /// `checkout_payment_failed` when the payment phase became declined, failed or cancelled.
    static func paymentFailure(before: CheckoutState, after: CheckoutState) -> CheckoutAnalyticsEvent? {
        let phase = after.payment.phase
        guard phase != before.payment.phase else { return nil }
        let reason: CheckoutAnalyticsEvent.PaymentFailureReason
        switch phase {
        case .declined: reason = .declined
        case .cancelled: reason = .cancelled
        case .failed(let failure): reason = .init(failure.kind)
        default: return nil
        }
        return .paymentFailed(reason: reason, providerID: after.payment.providerID, attempt: after.payment.attempt)
    }

    static func step(of state: CheckoutState) -> String {
        if state.isFinished { return "completed" }
        switch state.kind {
        case .web: return state.web.session == nil ? "loading" : "web"
        case .native: return state.native.currentSection?.rawValue ?? (state.cart == nil ? "loading" : "payment")
        }
    }
}

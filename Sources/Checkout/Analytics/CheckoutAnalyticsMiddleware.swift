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
/// message (which changes nothing) never produces a second purchase event.
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
    /// it can be tested, and applied to a replayed log).
    public static func events(
        for action: CheckoutAction, before: CheckoutState, after: CheckoutState
    ) -> [CheckoutAnalyticsEvent] {
        var events: [CheckoutAnalyticsEvent] = []
        if !before.journey.hasStarted && after.journey.hasStarted {
            events.append(.checkoutStarted(kind: after.kind))
        }
        if case .native(.shippingMethodSelected(let id)) = action, before.selectedShippingMethodID != id,
            after.selectedShippingMethodID == id
        {
            events.append(.shippingMethodChosen(id: id, price: after.shippingMethods.first { $0.id == id }?.price))
        }
        for status in after.native.sections where status.isComplete && status.section != .payment {
            let wasComplete = before.native.status(of: status.section)?.isComplete ?? false
            if !wasComplete { events.append(.sectionCompleted(status.section)) }
        }
        // Only a new payment changes the attempt (`!=`, not `>`: the counter wraps at its limit).
        if after.payment.attempt != before.payment.attempt, let amount = after.payment.amount {
            events.append(.paymentStarted(providerID: after.payment.providerID ?? "", amount: amount))
        }
        if before.completedOrder == nil, let order = after.completedOrder {
            events.append(.purchase(orderID: order.orderID, total: order.total))
        }
        if before.view != .dismissed && after.view == .dismissed {
            events.append(.dismissed(atStep: step(of: before)))
        }
        let shown = Set(before.errors.map(\.id))
        for error in after.errors where !shown.contains(error.id) {
            events.append(.errorShown(code: error.kind.code))
        }
        return events
    }

    static func step(of state: CheckoutState) -> String {
        if state.isFinished { return "completed" }
        switch state.kind {
        case .web: return state.web.session == nil ? "loading" : "web"
        case .native: return state.native.currentSection?.rawValue ?? (state.cart == nil ? "loading" : "payment")
        }
    }
}

public import StateStore

/// Messages from a bridge-type web checkout page: `order` updates the order summary,
/// `paymentcompleted` completes the checkout (once), `error` shows the page's message,
/// `closewebview` closes the checkout; any other event is a custom event kept in
/// ``WebCheckoutState/customEvents`` for the host (its data as
/// ``WebCheckoutConfiguration/customEvents`` declares). A message that does not decode is
/// recorded as a ``BridgeRejection`` and changes nothing else.
public enum BridgeReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in
            guard case .bridge(let bridgeAction) = action, state.kind == .web else { return .none }
            guard state.web.mode == .bridge else {
                return record(.unknownEvent("bridge message in a parse-type checkout"), in: &state, environment)
            }
            let decoded: Result<BridgeEvent, BridgeRejection>
            switch bridgeAction {
            case .messageReceived(let text): decoded = BridgeEvent.decode(text)
            case .messagePosted(let message): decoded = BridgeEvent.decode(message)
            case .messageUnreadable(let reason): decoded = .failure(.malformedJSON(detail: reason))
            }
            switch decoded {
            case .failure(let rejection):
                return record(rejection, in: &state, environment)
            case .success(.order(let order)):
                guard !state.isFinished else { return .none }
                state.web.order = order
                if let currency = order.currency ?? state.orderSummary?.total.currencyCode {
                    state.orderSummary = OrderSummary(
                        itemCount: state.orderSummary?.itemCount ?? 0, subtotal: order.subTotal,
                        delivery: order.delivery, discount: order.discount,
                        total: Money(amount: order.total, currencyCode: currency))
                }
                return .none
            case .success(.paymentCompleted(let order)):
                let currency = order.currency ?? state.web.order?.currency ?? state.orderSummary?.total.currencyCode
                let completed: CompletedOrder
                if let orderID = order.orderID, !orderID.isEmpty {
                    completed = CompletedOrder(
                        orderID: orderID, total: currency.map { Money(amount: order.total, currencyCode: $0) },
                        idSource: .bridge)
                } else {
                    completed = CompletedOrder(
                        orderID: state.web.session?.reference ?? "unknown",
                        total: currency.map { Money(amount: order.total, currencyCode: $0) },
                        idSource: .internalReference)
                }
                state.web.order = order
                return CheckoutCommands.complete(completed, &state, environment: environment)
            case .success(.error(let message)):
                CheckoutCommands.showError(.page(message), retry: nil, in: &state)
                return .none
            case .success(.closeWebView):
                state.view = .dismissed
                return .none
            case .success(.ping), .success(.applePayRequested):
                return .none
            case .success(.custom(let name, let data, let isRedacted)):
                let keeps = state.web.configuration.recording(ofCustomEvent: name) == .record
                state.web.customEventCount = CheckoutCommands.successor(of: state.web.customEventCount)
                state.web.customEvents.append(
                    BridgeCustomEvent(
                        sequence: state.web.customEventCount, name: name, data: keeps ? data : nil,
                        isRedacted: isRedacted || (!keeps && data != nil)))
                let overflow = state.web.customEvents.count - WebCheckoutState.maximumRecordedCustomEvents
                if overflow > 0 { state.web.customEvents.removeFirst(overflow) }
                return .none
            }
        }
    }

    /// Records a rejection in the state (and so in the log) and reports it to the environment's
    /// log; nothing else changes.
    static func record(
        _ rejection: BridgeRejection, in state: inout CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        state.web.rejections.append(rejection)
        let overflow = state.web.rejections.count - WebCheckoutState.maximumRecordedRejections
        if overflow > 0 { state.web.rejections.removeFirst(overflow) }
        let log = environment.log
        let line = "[Checkout] \(rejection)"
        return .run { _ in log(line) }
    }
}

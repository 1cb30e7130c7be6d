public import StateStore

/// Messages from a bridge-type web checkout page: `order` updates the order summary,
/// `paymentcompleted` completes the checkout (once), `error` shows the page's message,
/// `closewebview` closes the checkout. A message that does not decode is recorded as a
/// ``BridgeRejection`` and changes nothing else.
public enum BridgeReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in
            guard case .bridge(.messageReceived(let json)) = action, state.kind == .web else { return .none }
            guard state.web.mode == .bridge else {
                return record(.unknownEvent("bridge message in a parse-type checkout"), in: &state, environment)
            }
            switch BridgeEvent.decode(json) {
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

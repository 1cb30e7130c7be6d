public import StateStore

/// Keeps a provider's status widget in step with the order total: when the total the user sees
/// differs from the total the widget was last told, it sends the widget an update and marks its
/// status as awaiting the answer, so capture waits for the new schedule (see
/// ``PaymentWidgetState``).
public enum PaymentWidgetReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard var widget = state.payment.widget, let total = state.displayedTotal, widget.amount != total else {
            return .none
        }
        widget.amount = total
        widget.status = .awaitingUpdate
        state.payment.widget = widget
        let sendUpdate = environment.sendWidgetUpdate
        return .run { _ in await sendUpdate(total) }
    }
}

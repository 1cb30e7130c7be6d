public import StateStore

/// Actions of any checkout: starting (loading the checkout), dismissing ("leave checkout?" unless
/// finished), errors and their retries, dynamic content.
public enum CommonReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .common(let action) = action else { return .none }
        switch action {
        case .started:
            guard !state.journey.hasStarted else { return .none }
            state.journey.hasStarted = true
            return CheckoutCommands.load(&state, environment: environment)

        case .loadProgressChanged:
            return .none  // WebCheckoutReducer

        case .relaunched:
            return .none  // RelaunchReducer

        case .dismissTapped:
            switch state.view {
            case .dismissed, .confirmingDismissal:
                return .none
            default:
                if state.isFinished {
                    state.view = .dismissed
                } else {
                    state.view = .confirmingDismissal
                }
                return .none
            }

        case .dismissConfirmed:
            guard state.view == .confirmingDismissal else { return .none }
            state.view = .dismissed
            var effects: [Effect<CheckoutAction>] = [
                .cancel(id: CheckoutEffectID.load), .cancel(id: CheckoutEffectID.sync),
            ]
            if state.payment.phase.locksCheckout {
                effects.append(.send(.payment(.appWentAway)))
            }
            return .merge(effects)

        case .dismissCancelled:
            guard state.view == .confirmingDismissal else { return .none }
            state.view = CheckoutCommands.resumeView(state)
            return .none

        case .errorDismissed(let id):
            state.errors.removeAll { $0.id == id }
            return .none

        case .retryTapped(let errorID):
            guard let error = state.errors.first(where: { $0.id == errorID }), let retry = error.retry else {
                return .none
            }
            state.errors.removeAll { $0.id == errorID }
            switch retry {
            case .load:
                return CheckoutCommands.load(&state, environment: environment)
            case .resendUpdates:
                return CheckoutCommands.resendUpdates(&state, environment: environment)
            case .restore:
                return CheckoutCommands.restore(&state, environment: environment)
            case .refresh:
                return CheckoutCommands.refresh(&state, environment: environment)
            case .recordCompletion:
                return CheckoutCommands.recordCompletion(&state, environment: environment)
            case .payment:
                return PaymentReducer.start(&state, environment: environment)
            case .placeOrder:
                return OrderCommands.retry(&state, environment: environment)
            case .confirmPayment:
                return PaymentReducer.reduce(&state, .confirmationRequested, environment: environment)
            case .applePay:
                return WebApplePayCommands.retry(&state)
            }

        case .userChanged(let user):
            guard !state.isFinished else { return .none }
            state.user = user
            // An open address book shows the new entries, with the current address preselected.
            if let editor = state.native.addressEditor, case .selection = editor.mode {
                let current = editor.purpose == .shipping ? state.shippingContact : state.billingContact
                state.native.addressEditor = NativeSectionsReducer.editor(
                    for: editor.purpose, current: current, user: user)
            }
            return .none

        case .dynamicContentLoaded(let slotID, let content):
            if let index = state.dynamicContent.firstIndex(where: { $0.id == slotID }) {
                state.dynamicContent[index].content = content
            } else {
                state.dynamicContent.append(DynamicContentSlot(id: slotID, content: content))
            }
            return .none
        }
    }
}

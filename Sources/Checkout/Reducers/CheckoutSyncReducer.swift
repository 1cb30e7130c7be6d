public import StateStore

/// The Checkout API's answers for a native checkout: the loaded checkout (with logged-in users'
/// default addresses), accepted and failed edits, and the money-protecting rules: a 410 rebuilds
/// the checkout from the user's progress, a 409 fetches the new cart, anything else is an error
/// with retry that keeps what the user entered.
public enum CheckoutSyncReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .result(let result) = action, state.kind == .native else { return .none }
        switch result {
        case .checkoutLoaded(let details, let requestID):
            guard state.loadInFlight == requestID else { return .none }
            state.loadInFlight = nil
            CheckoutCommands.apply(details, to: &state)
            if state.view == .loading { state.view = .nativeCheckout }
            return applyDefaults(&state, environment: environment)

        case .checkoutLoadFailed(let error, let requestID):
            guard state.loadInFlight == requestID else { return .none }
            state.loadInFlight = nil
            if state.view == .loading { state.view = .failed(error) }
            CheckoutCommands.showError(.request(error), retry: .load, in: &state)
            return .none

        case .updateAccepted(let details, let requestID):
            guard state.native.updateInFlight == requestID else { return .none }
            state.native.updateInFlight = nil
            if !state.native.pendingUpdates.isEmpty { state.native.pendingUpdates.removeFirst() }
            CheckoutCommands.apply(details, to: &state)
            return CheckoutCommands.sendNextUpdate(&state, environment: environment)

        case .updateFailed(let error, let requestID):
            guard state.native.updateInFlight == requestID else { return .none }
            state.native.updateInFlight = nil
            switch error {
            case .cartExpired, .conflict:
                return CheckoutCommands.handleFailure(
                    error, retry: .resendUpdates, &state, environment: environment)
            default:
                state.native.syncFailure = error
                CheckoutCommands.showError(.request(error), retry: .resendUpdates, in: &state)
                return .none
            }

        case .checkoutRestored(let details, let requestID):
            guard state.native.recoveryInFlight == requestID else { return .none }
            state.native.recoveryInFlight = nil
            CheckoutCommands.apply(details, to: &state)
            CheckoutCommands.showError(.cartExpired, retry: nil, in: &state)
            return .merge(
                CheckoutCommands.sendNextUpdate(&state, environment: environment),
                OrderCommands.resumeAfterRecovery(&state, environment: environment))

        case .restoreFailed(let error, let requestID):
            guard state.native.recoveryInFlight == requestID else { return .none }
            state.native.recoveryInFlight = nil
            CheckoutCommands.showError(.request(error), retry: .restore, in: &state)
            return .none

        case .checkoutRefreshed(let details, let requestID):
            guard state.native.refreshInFlight == requestID else { return .none }
            state.native.refreshInFlight = nil
            CheckoutCommands.apply(details, to: &state)
            return .merge(
                CheckoutCommands.sendNextUpdate(&state, environment: environment),
                OrderCommands.resumeAfterRecovery(&state, environment: environment))

        case .refreshFailed(let error, let requestID):
            guard state.native.refreshInFlight == requestID else { return .none }
            state.native.refreshInFlight = nil
            if error == .cartExpired { return CheckoutCommands.restore(&state, environment: environment) }
            CheckoutCommands.showError(.request(error), retry: .refresh, in: &state)
            return .none

        case .webSessionLoaded, .webSessionFailed, .completionRecorded, .completionRecordFailed, .orderPlaced,
            .orderPlacementFailed, .orderStatusUpdated, .orderStatusUpdateFailed:
            return .none
        }
    }

    /// After the first load: logged-in users start with their default address for shipping (and
    /// billing) when the cart has none; without a default, the address book opens in selection
    /// mode.
    static func applyDefaults(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effect<CheckoutAction>
    {
        guard !state.user.isGuest else { return .none }
        var effects: [Effect<CheckoutAction>] = []
        if let entry = state.user.defaultAddress {
            if state.shippingContact == nil {
                effects.append(
                    CheckoutCommands.enqueue(.shippingContact(entry.address), &state, environment: environment))
            }
            if state.billingContact == nil {
                effects.append(
                    CheckoutCommands.enqueue(.billingContact(entry.address), &state, environment: environment))
            }
        } else if state.shippingContact == nil {
            state.native.addressEditor = NativeSectionsReducer.editor(
                for: .shipping, current: nil, user: state.user)
        }
        return .merge(effects)
    }
}

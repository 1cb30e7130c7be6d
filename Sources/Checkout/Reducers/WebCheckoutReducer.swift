public import StateStore

/// The web checkout's session and page: what to load, the load progress the progress view
/// follows, and recording the completed order with the complete endpoint.
public enum WebCheckoutReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        switch action {
        case .common(.loadProgressChanged(let progress)):
            guard state.kind == .web, progress.isFinite else { return .none }
            state.web.loadProgress = min(max(progress, 0), 1)
            return .none

        case .result(.webSessionLoaded(let session, let requestID)):
            guard state.kind == .web, state.loadInFlight == requestID else { return .none }
            state.loadInFlight = nil
            state.web.session = state.web.configuration.addingBridgeCookies(to: session, mode: state.web.mode)
            state.web.loadProgress = 0
            if state.view == .loading { state.view = .webCheckout }
            return .none

        case .result(.webSessionFailed(let error, let requestID)):
            guard state.kind == .web, state.loadInFlight == requestID else { return .none }
            state.loadInFlight = nil
            if state.view == .loading { state.view = .failed(error) }
            CheckoutCommands.showError(.request(error), retry: .load, in: &state)
            return .none

        case .result(.completionRecorded):
            guard state.web.completionRecord == .recording else { return .none }
            state.web.completionRecord = .recorded
            return .none

        case .result(.completionRecordFailed(let error, _)):
            guard state.web.completionRecord == .recording else { return .none }
            state.web.completionRecord = .failed(error)
            CheckoutCommands.showError(.request(error), retry: .recordCompletion, in: &state)
            return .none

        default:
            return .none
        }
    }
}

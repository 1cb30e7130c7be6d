public import StateStore

/// Placing a native checkout's order after its payment (see ``OrderPlacementState``): the key the
/// effect made, the Checkout API's answers, and the retry timer. Every answer carries the request
/// it answers; answers to requests no longer awaited are ignored, so a duplicate answer never
/// places or completes anything twice.
///
/// - Placed or updated: the backend's order is checked (the amount paid, the status asked for,
///   the same order) and shown: confirmed or pending completes the checkout; cancelled unlocks
///   paying again.
/// - 409 or 410 while placing: the checkout is fetched again or rebuilt (the existing rules), and
///   placing resumes with the same key; no payment is taken again.
/// - A failure that may pass (timeout, network, 5xx, 408, 429): placed again with the same key on
///   ``BackoffSchedule/orderPlacementRetries``, on the environment's clock.
/// - Anything else, or retries used up: the error shows with a retry (``RetryAction/placeOrder``).
public enum OrderPlacementReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        // The action first: most are none of this reducer's, and the placement is copied.
        guard state.kind == .native, concernsPlacement(action), let placement = state.orderPlacement else {
            return .none
        }
        switch action {
        case .order(.placementKeyMade(let key, let reference)):
            guard placement.step == .makingKey, placement.idempotencyKey == nil,
                placement.paymentReference == reference, !key.isEmpty
            else { return .none }
            state.orderPlacement?.idempotencyKey = key
            return OrderCommands.advance(&state, environment: environment)

        case .order(.retryTapped):
            return OrderCommands.retry(&state, environment: environment)

        case .order(.retryDue(let retry)):
            guard placement.step == .retryScheduled(retry: retry) else { return .none }
            state.orderPlacement?.step = .settled
            return OrderCommands.advance(&state, environment: environment)

        case .result(.orderPlaced(let order, let requestID)):
            guard placement.step == .placing(requestID: requestID) else { return .none }
            return OrderCommands.receive(order, &state, environment: environment)

        case .result(.orderStatusUpdated(let order, let requestID)):
            guard placement.step == .updating(requestID: requestID) else { return .none }
            return OrderCommands.receive(order, &state, environment: environment)

        case .result(.orderPlacementFailed(let error, let requestID)):
            guard placement.step == .placing(requestID: requestID) else { return .none }
            return OrderCommands.failed(error, &state, environment: environment)

        case .result(.orderStatusUpdateFailed(let error, let requestID)):
            guard placement.step == .updating(requestID: requestID) else { return .none }
            return OrderCommands.failed(error, &state, environment: environment)

        default:
            return .none
        }
    }

    /// Whether `action` is one the placement answers: an order action, or the answer to a
    /// placement or status call.
    private static func concernsPlacement(_ action: CheckoutAction) -> Bool {
        switch action {
        case .order, .result(.orderPlaced), .result(.orderStatusUpdated), .result(.orderPlacementFailed),
            .result(.orderStatusUpdateFailed):
            return true
        default:
            return false
        }
    }
}

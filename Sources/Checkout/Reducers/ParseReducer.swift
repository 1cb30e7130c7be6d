public import StateStore

/// Navigations of a parse-type web checkout: the configured ``ParseRules`` decide completion (by
/// title or URL), the order number (URL query parameter, then the host's extracted value, then
/// the backend's internal reference when parsing failed), and "continue shopping" (close).
public enum ParseReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in
            guard case .parse(.pageLoaded(let page)) = action, state.kind == .web,
                case .parse(let rules) = state.web.mode
            else { return .none }
            state.web.currentURL = page.url
            // The rules read the URL as the log holds it (secret query values redacted), so a
            // replay, which never knew the secrets, decides exactly as the recording did.
            let url = page.url.redactedString
            if rules.isContinueShopping(url: url) {
                state.view = .dismissed
                return .none
            }
            guard rules.isCompletion(url: url, title: page.title) else { return .none }
            let order: CompletedOrder
            // An extracted order with a negative or unreadable total is ignored, not shown.
            let extractedOrder = page.extractedOrder.flatMap { $0.totalProblem == nil ? $0 : nil }
            let total = extractedOrder.flatMap { extracted in
                (extracted.currency ?? state.cart?.currencyCode).map {
                    Money(amount: extracted.total, currencyCode: $0)
                }
            }
            if let number = rules.orderNumber(in: url) {
                order = CompletedOrder(orderID: number, total: total, idSource: .urlQuery)
            } else if let number = page.extractedOrderNumber?.trimmingWhitespace, !number.isEmpty {
                order = CompletedOrder(orderID: number, total: total, idSource: .extracted)
            } else if let reference = state.web.session?.reference, !reference.isEmpty {
                // The completion page loaded but parsing failed: the order still completes.
                order = CompletedOrder(orderID: reference, total: total, idSource: .internalReference)
            } else {
                // No id and no session to stand in: never record "unknown".
                return BridgeReducer.record(
                    .missingField(event: "pageLoaded", field: "orderNumber"), in: &state, environment)
            }
            if let extracted = extractedOrder, !state.isFinished { state.web.order = extracted }
            return CheckoutCommands.complete(order, &state, environment: environment)
        }
    }
}

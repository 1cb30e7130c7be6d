public import StateStore

/// Navigations of a parse-type web checkout, decided by its ``ParseRules``:
///
/// - a "continue shopping" URL closes the checkout;
/// - a confirmation URL's query parameter gives the order number (kept until completion);
/// - the completion page (by title or URL) completes the checkout, once. When the rules configure
///   scripts the page must answer first (order number, order summary, a guest's email), the
///   checkout asks the host's page to run them and completes when the last result arrives
///   (``CompletionParsing``), each one an action in the log;
/// - the order id is the confirmation URL's number, else the host's extracted value, else the
///   order-number script's answer, else (parsing failed) the session's own reference.
public enum ParseReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .parse(let parseAction) = action, state.kind == .web, case .parse(let rules) = state.web.mode
        else { return .none }
        switch parseAction {
        case .pageLoaded(let page):
            return pageLoaded(page, rules: rules, &state, environment)
        case .scriptAnswered(let result, let requestID):
            return scriptAnswered(result, requestID: requestID, &state, environment)
        }
    }

    private typealias Effects = Effect<CheckoutAction>

    private static func pageLoaded(
        _ page: ParsedPage, rules: ParseRules, _ state: inout CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effects {
        state.web.currentURL = page.url
        // The rules read the URL as the log holds it (secret query values redacted), so a
        // replay, which never knew the secrets, decides exactly as the recording did.
        let url = page.url.redactedString
        if rules.isContinueShopping(url: url) {
            state.view = .dismissed
            return .none
        }
        let confirmed = rules.confirmationOrderNumber(url: url, title: page.title)
        guard rules.isCompletion(url: url, title: page.title) else {
            if let confirmed, !state.isFinished { state.web.confirmedOrderNumber = confirmed }
            return .none
        }
        // The completion page is parsed once: a reload while its scripts run, or after
        // completion, changes nothing more.
        guard !state.isFinished, state.web.completionParsing == nil else { return .none }

        // An extracted order with a negative or unreadable total is ignored, not shown.
        let extractedOrder = page.extractedOrder.flatMap { $0.totalProblem == nil ? $0 : nil }
        let total = extractedOrder.flatMap { extracted in
            (extracted.currency ?? state.cart?.currencyCode).map { Money(amount: extracted.total, currencyCode: $0) }
        }
        var orderID: String?
        var idSource: CompletedOrder.IDSource?
        if let number = confirmed ?? state.web.confirmedOrderNumber {
            (orderID, idSource) = (number, .urlQuery)
        } else if let number = page.extractedOrderNumber?.trimmingWhitespace, !number.isEmpty {
            (orderID, idSource) = (number, .extracted)
        }

        var scripts: [(script: ParseScript, text: String)] = []
        if orderID == nil, let text = rules.script(for: .orderNumber) { scripts.append((.orderNumber, text)) }
        if extractedOrder == nil, let text = rules.script(for: .orderSummary) { scripts.append((.orderSummary, text)) }
        if state.user.isGuest, let text = rules.script(for: .guestEmail) { scripts.append((.guestEmail, text)) }
        guard !scripts.isEmpty else {
            return complete(
                orderID: orderID, idSource: idSource, total: total, order: extractedOrder, &state, environment)
        }
        if let extractedOrder { state.web.order = extractedOrder }
        let requestID = CheckoutCommands.takeRequestID(&state)
        state.web.completionParsing = CompletionParsing(
            requestID: requestID, pendingScripts: scripts.map(\.script), orderID: orderID, idSource: idSource,
            total: total)
        return PageScriptRunner.effect(scripts, requestID: requestID, environment: environment)
    }

    private static func scriptAnswered(
        _ result: ParseScriptResult, requestID: Int, _ state: inout CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effects {
        guard var parsing = state.web.completionParsing, parsing.requestID == requestID,
            let index = parsing.pendingScripts.firstIndex(of: result.script)
        else { return .none }
        parsing.pendingScripts.remove(at: index)
        var effects: [Effects] = []
        switch result {
        case .orderNumber(let number):
            if parsing.orderID == nil { (parsing.orderID, parsing.idSource) = (number, .script) }
        case .orderSummary(let order):
            if let problem = order.totalProblem {
                let rejection = ParseScriptRejection.invalid(reason: "summary field total: \(problem)")
                effects.append(BridgeReducer.record(.parseScript(.orderSummary, rejection), in: &state, environment))
                break
            }
            // Without a currency the summary is in the checkout's own currency, as a bridge
            // `order` is; with none at all the amounts mean nothing.
            guard
                let currency = order.currency ?? state.web.order?.currency ?? state.orderSummary?.total.currencyCode
                    ?? state.cart?.currencyCode
            else {
                let rejection = ParseScriptRejection.invalid(
                    reason: "summary field currency: missing, and the checkout has no currency of its own")
                effects.append(BridgeReducer.record(.parseScript(.orderSummary, rejection), in: &state, environment))
                break
            }
            let total = Money(amount: order.total, currencyCode: currency)
            state.web.order = order
            state.orderSummary = OrderSummary(
                itemCount: state.orderSummary?.itemCount ?? 0, subtotal: order.subTotal, delivery: order.delivery,
                discount: order.discount, total: total)
            parsing.total = total
        case .guestEmail(let email):
            // Personal data, kept as the checkout's email is: in the state and the log, never
            // in analytics or log lines.
            state.email = email
        case .rejected(let script, let rejection):
            effects.append(BridgeReducer.record(.parseScript(script, rejection), in: &state, environment))
        }
        guard parsing.pendingScripts.isEmpty else {
            state.web.completionParsing = parsing
            return .merge(effects)
        }
        state.web.completionParsing = nil
        effects.append(
            complete(
                orderID: parsing.orderID, idSource: parsing.idSource, total: parsing.total, order: nil, &state,
                environment))
        return .merge(effects)
    }

    /// Completes with the order id found, or the session's reference when parsing found none.
    private static func complete(
        orderID: String?, idSource: CompletedOrder.IDSource?, total: Money?, order: WebOrder?,
        _ state: inout CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effects {
        let completed: CompletedOrder
        if let orderID, let idSource {
            completed = CompletedOrder(orderID: orderID, total: total, idSource: idSource)
        } else if let reference = state.web.session?.reference, !reference.isEmpty {
            // The completion page loaded but parsing failed: the order still completes.
            completed = CompletedOrder(orderID: reference, total: total, idSource: .internalReference)
        } else {
            // No id and no session to stand in: never record "unknown".
            return BridgeReducer.record(
                .missingField(event: "pageLoaded", field: "orderNumber"), in: &state, environment)
        }
        if let order { state.web.order = order }
        return CheckoutCommands.complete(completed, &state, environment: environment)
    }
}

import ActionLog
public import StateStore

/// Messages from a bridge-type web checkout page, posted to the message handler or (Forms mode)
/// submitted as navigations: `order` updates the order summary,
/// `paymentcompleted` completes the checkout (once), `error` shows the page's message,
/// `closewebview` closes the checkout; `ping` and `applepay` are answered; `applepaypayment` and
/// `applepayupdate` drive the page's Apple Pay payment (see `WebApplePayCommands`: its
/// `paymentcompleted` and `error` also answer the sheet); any other event is a custom event kept in
/// ``WebCheckoutState/customEvents`` for the host (its data as
/// ``WebCheckoutConfiguration/customEvents`` declares). A message that does not decode is
/// recorded as a ``BridgeRejection`` and changes nothing else.
public enum BridgeReducer {
    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .bridge(let bridgeAction) = action, state.kind == .web else { return .none }
        guard state.web.mode.usesBridge else {
            return record(.unknownEvent("bridge message in a parse-type checkout"), in: &state, environment)
        }
        let decoded: Result<BridgeEvent, BridgeRejection>
        switch bridgeAction {
        case .messageReceived(let text): decoded = BridgeEvent.decode(text)
        case .messagePosted(let message), .formSubmitted(let message): decoded = BridgeEvent.decode(message)
        case .messageUnreadable(let reason): decoded = .failure(.malformedJSON(detail: reason))
        case .formRejected(let rejection): decoded = .failure(.formSubmission(rejection))
        }
        switch decoded {
        case .failure(let rejection):
            let recorded = record(rejection, in: &state, environment)
            switch rejection.eventName {
            case WebApplePayRequest.eventName?:
                // The page waits for its sheet: tell it there will be none, and why.
                return .merge(
                    recorded, WebApplePayCommands.rejectedRequest(rejection, state, environment: environment))
            case WebApplePayUpdate.eventName?:
                let requestID = WebApplePayUpdate.requestID(in: message(of: bridgeAction)?["data"])
                let answered = WebApplePayCommands.pageUpdateRejected(
                    rejection, requestID: requestID, &state, environment: environment)
                return .merge(recorded, answered)
            default:
                return recorded
            }
        case .success(.order(let order)):
            guard !state.isFinished else { return .none }
            if let problem = order.totalProblem {
                return record(
                    .invalidField(event: "order", field: "data.total", reason: problem), in: &state, environment)
            }
            // Without a currency the page's order is in the checkout's own currency: the one
            // the page gave before, or the cart's. With neither, the amounts mean nothing.
            guard
                let currency = order.currency ?? state.web.order?.currency ?? state.orderSummary?.total.currencyCode
                    ?? state.cart?.currencyCode
            else {
                return record(.missingField(event: "order", field: "data.currency"), in: &state, environment)
            }
            state.web.order = order
            state.orderSummary = OrderSummary(
                itemCount: state.orderSummary?.itemCount ?? 0, subtotal: order.subTotal,
                delivery: order.delivery, discount: order.discount,
                total: Money(amount: order.total, currencyCode: currency))
            return .none
        case .success(.paymentCompleted(let order)):
            if let problem = order.totalProblem {
                return record(
                    .invalidField(event: "paymentcompleted", field: "data.order.total", reason: problem),
                    in: &state,
                    environment)
            }
            let currency =
                order.currency ?? state.web.order?.currency ?? state.orderSummary?.total.currencyCode
                ?? state.cart?.currencyCode
            let total = currency.map { Money(amount: order.total, currencyCode: $0) }
            let completed: CompletedOrder
            if let orderID = order.orderID?.trimmingWhitespace, !orderID.isEmpty {
                completed = CompletedOrder(orderID: orderID, total: total, idSource: .bridge)
            } else if let reference = state.web.session?.reference, !reference.isEmpty {
                completed = CompletedOrder(orderID: reference, total: total, idSource: .internalReference)
            } else {
                // No id from the page and no session to stand in: never record "unknown".
                return record(
                    .missingField(event: "paymentcompleted", field: "data.order.orderId"), in: &state, environment)
            }
            if !state.isFinished { state.web.order = order }
            let completion = CheckoutCommands.complete(completed, &state, environment: environment)
            let sheet = WebApplePayCommands.pageCompleted(&state, environment: environment)
            return .merge(completion, sheet)
        case .success(.error(let message)):
            CheckoutCommands.showError(.page(message), retry: nil, in: &state)
            return WebApplePayCommands.pageFailed(message, &state, environment: environment)
        case .success(.closeWebView):
            state.view = .dismissed
            return .none
        case .success(.ping):
            let configuration = state.web.configuration
            return reply(
                .bridgeSettings(version: configuration.bridgeVersion, integrity: configuration.bridgeIntegrity),
                state, environment)
        case .success(.applePayRequested):
            return reply(.applePayEnabled(state.web.configuration.isApplePayAvailable), state, environment)
        case .success(.applePayPayment(let request)):
            return WebApplePayCommands.requested(request, &state, environment: environment)
        case .success(.applePayUpdate(let update)):
            return WebApplePayCommands.pageUpdated(update, &state, environment: environment)
        case .success(.custom(let name, let data, let isRedacted)):
            let keeps = state.web.configuration.recording(ofCustomEvent: name).recordsData
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

    /// The message a bridge action carries, as JSON (`nil` when it is not JSON).
    static func message(of action: BridgeAction) -> JSONValue? {
        switch action {
        case .messagePosted(let message), .formSubmitted(let message): return message
        case .messageReceived(let text): return try? JSONParser.parse(text)
        case .messageUnreadable, .formRejected: return nil
        }
    }

    /// Sends `reply` to the page, from an effect (a replay sends nothing).
    static func reply(
        _ reply: WebCheckoutReply, _ state: CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard let page = environment.webPage else { return .none }
        let script = reply.script(function: state.web.configuration.replyFunction)
        return .run { _ in _ = try? await page.evaluateJavaScript(script) }
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

import StateStore

/// A web checkout page's Apple Pay payment, on the wallet sheet machinery native express checkout
/// uses (``WalletSheetAction``s in, ``WalletSheetAnswer``s out through the host's
/// ``WalletSheet``), with the page in the place of the Checkout API and the payment provider:
///
/// - The page's `applepaypayment` request opens a sheet (``CheckoutState/walletSheet``, a new
///   session) showing the request's summary and methods; the host presents it
///   (``WebCheckoutState/applePay``). A request the engine cannot take is answered
///   `applepaycancelled` with the reason.
/// - The page owns the totals: a shipping contact or method change goes to the page
///   (`applepayshippingcontactchanged`, `applepayshippingmethodchanged`, with a `requestId`),
///   and the sheet is answered with the page's `applepayupdate` for that id, checked as the
///   request is. No answer within ``CheckoutEnvironment/walletSheetTimeout``, one that does not
///   read, or the page's `error`, answers the sheet with the totals it shows and an error, as
///   native updates are.
/// - An authorisation goes to the page (`paymentauthorized`, the token and the contacts it asked
///   for), unless its total is not the one the sheet shows or a contact part the page asked for
///   is missing (the sheet shows the failure; the page hears nothing). The page's
///   `paymentcompleted` answers the sheet with success (and completes the checkout, as always);
///   its `error` with failure (the page's message shows too). No answer within the timeout:
///   failure, and ``CheckoutErrorKind/applePayNotConfirmed`` with ``RetryAction/applePay``.
/// - Closing the sheet before authorising tells the page `applepaycancelled`. Closing it while
///   the page has the token tells it nothing: the page's answer (or the timeout) ends the payment.
///
/// Replies are built inside the effects that hand them to the page, so the token never reaches
/// the state's encoding, the log or analytics, and a replay sends nothing. Replies to the page
/// are not ordered among themselves, but the sheet is: it asks for its next change only once the
/// last is answered, so two shipping changes are never on their way to the page at once.
enum WebApplePayCommands {
    typealias Effects = Effect<CheckoutAction>

    // MARK: The page's request

    /// The page asks for a payment: the sheet opens for it, or the page hears why not.
    static func requested(
        _ request: WebApplePayRequest, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let refusal: WebApplePayCancellation?
        if state.isFinished {
            refusal = .finished
        } else if !state.web.configuration.isApplePayAvailable {
            refusal = .unavailable
        } else if let current = state.web.applePay, current.status == .sheetOpen || current.status == .awaitingPage {
            refusal = .inProgress
        } else {
            refusal = nil
        }
        if let refusal { return reply(state, environment) { .applePayCancelled(refusal) } }
        let sequence = CheckoutCommands.successor(of: state.web.applePay?.sequence ?? 0)
        state.web.applePay = WebApplePayState(request: request, sequence: sequence, sheetSession: 0)
        CheckoutCommands.clearErrors(retry: .applePay, in: &state)
        return present(&state)
    }

    /// The page's request did not read: the page hears why, and nothing else changes.
    static func rejectedRequest(
        _ rejection: BridgeRejection, _ state: CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let message = rejection.description
        return reply(state, environment) { .applePayCancelled(.invalidRequest, message: message) }
    }

    /// Opens a new sheet session for the page's request.
    static func present(_ state: inout CheckoutState) -> Effects {
        guard var applePay = state.web.applePay else { return .none }
        let request = applePay.request
        var sheet = WalletSheetState(
            session: CheckoutCommands.successor(of: state.walletSheet?.session ?? 0),
            providerID: WebApplePayState.providerID, merchantName: request.total.label,
            currencyCode: request.currencyCode, summaryItems: request.summaryItems,
            shippingMethods: request.sheetShippingMethods)
        // The sheet shows the request's summary: an authorisation must come with its total.
        sheet.hasSentSummary = true
        state.walletSheet = sheet
        applePay.sheetSession = sheet.session
        applePay.status = .sheetOpen
        applePay.awaitedRequestID = nil
        state.web.applePay = applePay
        return .cancel(id: CheckoutEffectID.walletSheetTimer)
    }

    /// ``RetryAction/applePay``: presents the sheet again once the last one closed.
    static func retry(_ state: inout CheckoutState) -> Effects {
        guard state.kind == .web, !state.isFinished, state.web.applePay?.status == .closed else { return .none }
        return present(&state)
    }

    // MARK: The sheet's callbacks

    /// A wallet sheet action in a web checkout.
    static func reduce(
        _ state: inout CheckoutState, _ action: WalletSheetAction, environment: CheckoutEnvironment
    ) -> Effects {
        switch action {
        case .sheetPresented(let providerID, let merchantName):
            // The page's request opens a web checkout's sheet: a host's presentation while it is
            // open changes nothing (otherwise it is refused, as it always was).
            if let status = state.web.applePay?.status, status == .sheetOpen || status == .awaitingPage {
                return .none
            }
            return WalletSheetReducer.present(
                providerID: providerID, merchantName: merchantName, &state, environment: environment)
        case .shippingContactSelected(let address, let requestID):
            return shippingChange(.shippingContact(address), requestID: requestID, &state, environment: environment)
        case .shippingMethodSelected(let id, let requestID):
            return shippingChange(.shippingMethod(id: id), requestID: requestID, &state, environment: environment)
        case .paymentMethodSelected(let method, let requestID):
            return paymentMethodSelected(method, requestID: requestID, &state, environment: environment)
        case .paymentAuthorized(let authorization, let requestID):
            return authorize(authorization, requestID: requestID, &state, environment: environment)
        case .sheetDismissed:
            return dismiss(&state, environment: environment)
        case .updateTimedOut(let timer):
            return timedOut(timer, &state, environment: environment)
        case .updateLoaded, .updateFailed:
            return .none  // a web checkout's sheet makes no Checkout API calls
        }
    }

    /// Whether the sheet is the page's open sheet.
    private static func isPageSheetOpen(_ state: CheckoutState) -> Bool {
        guard let applePay = state.web.applePay, let sheet = state.walletSheet else { return false }
        return applePay.status == .sheetOpen && applePay.sheetSession == sheet.session && sheet.status == .open
    }

    /// Answers the change still waiting for the page with the totals the sheet shows: a newer
    /// callback replaces it.
    private static func supersede(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        if let timer = state.walletSheet?.pending?.timer, timer == state.web.applePay?.awaitedRequestID {
            state.web.applePay?.awaitedRequestID = nil
        }
        return WalletSheetReducer.supersede(&state, environment: environment)
    }

    static func shippingChange(
        _ kind: WalletSheetRequest.Kind, requestID: Int, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects {
        let methods = state.walletSheet?.shippingMethods ?? []
        if let handled = WalletSheetReducer.admit(.init(kind), requestID: requestID, &state, environment: environment) {
            return handled
        }
        let superseded = supersede(&state, environment: environment)
        let request = WalletSheetRequest(requestID: requestID, kind: kind)
        let error: WalletSheetError?
        var method: ShippingMethod?
        switch kind {
        case .shippingContact(let address):
            state.walletSheet?.partialAddress = address
            error =
                address.hasCountry
                ? nil : .shippingAddressInvalid(field: .countryCode, message: "a country is required")
        case .shippingMethod(let id):
            method = methods.first { $0.id == id }
            error = method == nil ? .unknownShippingMethod(id: id) : nil
        case .authorization:
            return superseded
        }
        if let error = error ?? (isPageSheetOpen(state) ? nil : .checkoutNotReady) {
            let answered = WalletSheetCommands.answerWithLastTotals(
                request, errors: [error], &state, environment: environment)
            return .merge(superseded, answered)
        }
        var timed = request
        let id = CheckoutCommands.takeRequestID(&state)
        timed.timer = id
        state.walletSheet?.pending = timed
        state.web.applePay?.awaitedRequestID = id
        let message: Effects
        if let method {
            message = reply(state, environment) { .applePayShippingMethodChanged(method, requestID: id) }
        } else if case .shippingContact(let address) = kind {
            message = reply(state, environment) { .applePayShippingContactChanged(address, requestID: id) }
        } else {
            message = .none
        }
        return .merge(superseded, message, WalletSheetCommands.startTimer(id, environment: environment))
    }

    static func paymentMethodSelected(
        _ method: WalletPaymentMethod, requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        if let handled = WalletSheetReducer.admit(
            .paymentMethod, requestID: requestID, &state, environment: environment)
        {
            return handled
        }
        let superseded = supersede(&state, environment: environment)
        state.walletSheet?.paymentMethod = method
        // The page's totals do not depend on the card: the sheet keeps what it shows.
        let update = WalletSummaryUpdate(errors: [], summaryItems: state.walletSheet?.summaryItems ?? [])
        let answered = WalletSheetCommands.answer(
            .paymentMethod(update, requestID: requestID), &state, environment: environment)
        return .merge(superseded, answered)
    }

    static func authorize(
        _ authorization: WalletAuthorization, requestID: Int, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects {
        let closed = WalletSheetCommands.refusal(of: .authorization, requestID: requestID, shown: nil)
        if let handled = WalletSheetReducer.admit(
            requestID: requestID, answerClosed: closed, &state, environment: environment)
        {
            return handled
        }
        let superseded = supersede(&state, environment: environment)
        guard let sheet = state.walletSheet, let applePay = state.web.applePay else { return superseded }
        if let failure = problem(with: authorization, sheet: sheet, state) {
            let answered = WalletSheetCommands.answer(closed(failure), &state, environment: environment)
            return .merge(superseded, answered)
        }
        let id = CheckoutCommands.takeRequestID(&state)
        state.walletSheet?.status = .authorizing
        state.walletSheet?.authorization = authorization
        state.walletSheet?.refusal = nil
        state.walletSheet?.pending = WalletSheetRequest(requestID: requestID, kind: .authorization, timer: id)
        state.web.applePay?.status = .awaitingPage
        state.web.applePay?.awaitedRequestID = id
        let request = applePay.request
        let methods = sheet.shippingMethods
        let card = sheet.paymentMethod
        let message = reply(state, environment) {
            .paymentAuthorized(
                authorization, request: request, shippingMethods: methods, paymentMethod: card, requestID: id)
        }
        return .merge(superseded, message, WalletSheetCommands.startTimer(id, environment: environment))
    }

    /// Why the page must not be handed `authorization`, or `nil`.
    static func problem(
        with authorization: WalletAuthorization, sheet: WalletSheetState, _ state: CheckoutState
    ) -> WalletSheetError? {
        guard !state.isFinished, isPageSheetOpen(state), let request = state.web.applePay?.request else {
            return .checkoutNotReady
        }
        // Never a total other than the one the sheet shows: the request's, or the page's last update.
        guard authorization.shownTotal == sheet.shownTotal else {
            return .totalChanged(shown: authorization.shownTotal, current: sheet.shownTotal)
        }
        if let id = authorization.shippingMethodID, !sheet.shippingMethods.isEmpty,
            !sheet.shippingMethods.contains(where: { $0.id == id })
        {
            return .unknownShippingMethod(id: id)
        }
        return missingContact(in: authorization, for: request)
    }

    /// The first contact part the page asked for that the authorisation lacks.
    static func missingContact(
        in authorization: WalletAuthorization, for request: WebApplePayRequest
    ) -> WalletSheetError? {
        for field in request.requiredShippingContactFields {
            guard let missing = blank(field, in: authorization.shippingAddress, email: authorization.email) else {
                continue
            }
            let message = "\(description(of: missing)) is required"
            return missing.isPostalAddress
                ? .shippingAddressInvalid(field: missing, message: message)
                : .contactInvalid(field: missing, message: message)
        }
        // The request asks the billing contact for its postal address and name only.
        for field in request.requiredBillingContactFields {
            guard let missing = blank(field, in: authorization.effectiveBillingAddress, email: authorization.email)
            else { continue }
            return .billingAddressInvalid(field: missing, message: "\(description(of: missing)) is required")
        }
        return nil
    }

    /// The part of the contact `field` asks for that is blank in `address` (and `email`): for a
    /// postal address its street, locality or country (a postal code may be blank where there is
    /// none).
    private static func blank(
        _ field: WebApplePayContactField, in address: Address, email: String
    ) -> WalletContactField? {
        switch field {
        case .postalAddress:
            if address.line1.isBlank { return .street }
            if address.city.isBlank { return .city }
            return address.countryCode.isBlank ? .countryCode : nil
        case .name: return address.firstName.isBlank || address.lastName.isBlank ? .name : nil
        case .phone: return (address.phone ?? "").isBlank ? .phoneNumber : nil
        case .email: return email.isBlank ? .emailAddress : nil
        }
    }

    private static func description(of field: WalletContactField) -> String {
        switch field {
        case .name: return "a name"
        case .emailAddress: return "an email address"
        case .phoneNumber: return "a phone number"
        case .street: return "a street"
        case .city: return "a town or city"
        case .region: return "a region"
        case .postcode: return "a postal code"
        case .countryCode: return "a country"
        }
    }

    static func dismiss(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard var sheet = state.walletSheet, sheet.status != .dismissed else { return .none }
        sheet.status = .dismissed
        sheet.pending = nil
        state.walletSheet = sheet
        guard var applePay = state.web.applePay, applePay.sheetSession == sheet.session,
            applePay.status == .sheetOpen
        else {
            // Waiting for the page, which has the token: its answer (or the timer) ends the payment.
            return .none
        }
        applePay.status = .closed
        applePay.awaitedRequestID = nil
        state.web.applePay = applePay
        return .merge(
            .cancel(id: CheckoutEffectID.walletSheetTimer),
            reply(state, environment) { .applePayCancelled(.dismissed) })
    }

    /// The page did not answer `timer` in time.
    static func timedOut(_ timer: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let applePay = state.web.applePay, applePay.awaitedRequestID == timer else { return .none }
        if let pending = awaitedChange(timer, state) {
            state.web.applePay?.awaitedRequestID = nil
            return WalletSheetCommands.answerWithLastTotals(
                pending, errors: [.updateTimedOut], &state, environment: environment)
        }
        guard applePay.status == .awaitingPage else {
            state.web.applePay?.awaitedRequestID = nil
            return .none
        }
        CheckoutCommands.showError(.applePayNotConfirmed, retry: .applePay, in: &state)
        return answerAuthorization(succeeded: false, errors: [.pageTimedOut], &state, environment: environment)
    }

    // MARK: The page's answers

    /// The shipping change `requestID` the open sheet waits for the page to answer, if any.
    private static func awaitedChange(_ requestID: Int, _ state: CheckoutState) -> WalletSheetRequest? {
        guard isPageSheetOpen(state), state.web.applePay?.awaitedRequestID == requestID,
            let pending = state.walletSheet?.pending, pending.timer == requestID
        else { return nil }
        switch pending.kind {
        case .shippingContact, .shippingMethod: return pending
        case .authorization: return nil
        }
    }

    /// The page answered a shipping change: the sheet shows its totals.
    static func pageUpdated(
        _ update: WebApplePayUpdate, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let pending = awaitedChange(update.requestID, state), let sheet = state.walletSheet,
            let request = state.web.applePay?.request
        else {
            let stale = BridgeRejection.invalidField(
                event: WebApplePayUpdate.eventName, field: "data.requestId",
                reason: "no shipping change \(update.requestID) awaits an answer")
            return BridgeReducer.record(stale, in: &state, environment)
        }
        state.web.applePay?.awaitedRequestID = nil
        if let problem = update.problem(currencyCode: sheet.currencyCode) {
            let recorded = BridgeReducer.record(problem, in: &state, environment)
            let answered = WalletSheetCommands.answerWithLastTotals(
                pending, errors: [.inconsistentUpdate(detail: problem.description)], &state, environment: environment)
            return .merge(recorded, answered)
        }
        let summary = update.summaryItems(currencyCode: sheet.currencyCode)
        let answer: WalletSheetAnswer
        switch pending.kind {
        case .shippingContact:
            let methods =
                update.shippingMethods?.map { $0.shippingMethod(currencyCode: sheet.currencyCode) }
                ?? sheet.shippingMethods
            var errors = update.errors
            if methods.isEmpty, !request.shippingMethods.isEmpty, errors.isEmpty {
                errors = [.shippingAddressUnserviceable(message: "there is no delivery to this address")]
            }
            answer = .shippingContact(
                WalletShippingContactUpdate(errors: errors, summaryItems: summary, shippingMethods: methods),
                requestID: pending.requestID)
        case .shippingMethod, .authorization:
            answer = .shippingMethod(
                WalletSummaryUpdate(errors: update.errors, summaryItems: summary), requestID: pending.requestID)
        }
        return WalletSheetCommands.answer(answer, &state, environment: environment)
    }

    /// The page's answer to a shipping change did not read: the sheet keeps its totals, with the
    /// reason (when the answer named the change it answers).
    static func pageUpdateRejected(
        _ rejection: BridgeRejection, requestID: Int?, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let requestID, let pending = awaitedChange(requestID, state) else { return .none }
        state.web.applePay?.awaitedRequestID = nil
        return WalletSheetCommands.answerWithLastTotals(
            pending, errors: [.inconsistentUpdate(detail: rejection.description)], &state, environment: environment)
    }

    /// The page reported the payment completed (`paymentcompleted`, already applied to the
    /// checkout): the sheet shows success.
    static func pageCompleted(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let applePay = state.web.applePay else { return .none }
        switch applePay.status {
        case .awaitingPage:
            return answerAuthorization(succeeded: true, errors: [], &state, environment: environment)
        case .sheetOpen:
            // A late answer, after the timeout: the order is complete. A shipping change still
            // waiting is answered with what the sheet shows; the host closes the sheet.
            var effects: [Effects] = []
            if let timer = applePay.awaitedRequestID, let pending = awaitedChange(timer, state) {
                effects.append(
                    WalletSheetCommands.answerWithLastTotals(pending, errors: [], &state, environment: environment))
            }
            state.web.applePay?.status = .completed
            state.web.applePay?.awaitedRequestID = nil
            return .merge(effects)
        case .closed:
            state.web.applePay?.status = .completed
            return .none
        case .completed:
            return .none
        }
    }

    /// The page reported an error: a payment it was taking failed, or it could not price the
    /// shipping change waiting for it (the sheet keeps its totals, with the page's message).
    static func pageFailed(_ message: String, _ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects
    {
        guard let applePay = state.web.applePay else { return .none }
        if let timer = applePay.awaitedRequestID, let pending = awaitedChange(timer, state) {
            state.web.applePay?.awaitedRequestID = nil
            return WalletSheetCommands.answerWithLastTotals(
                pending, errors: [.pageError(message: message)], &state, environment: environment)
        }
        guard applePay.status == .awaitingPage else { return .none }
        return answerAuthorization(
            succeeded: false, errors: [.pageError(message: message)], &state, environment: environment)
    }

    /// Ends the authorisation the page was handed: the sheet, if it still waits, is answered
    /// (success closes it; after a failure it stays open for another try), and the token leaves
    /// the state.
    private static func answerAuthorization(
        succeeded: Bool, errors: [WalletSheetError], _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var applePay = state.web.applePay, applePay.status == .awaitingPage else { return .none }
        applePay.awaitedRequestID = nil
        var effects: [Effects] = [.cancel(id: CheckoutEffectID.walletSheetTimer)]
        guard var sheet = state.walletSheet, sheet.session == applePay.sheetSession else {
            applePay.status = succeeded ? .completed : .closed
            state.web.applePay = applePay
            return .merge(effects)
        }
        sheet.authorization = nil
        if sheet.status == .authorizing, let pending = sheet.pending, case .authorization = pending.kind {
            sheet.status = succeeded ? .authorized : .open
            state.walletSheet = sheet
            applePay.status = succeeded ? .completed : .sheetOpen
            state.web.applePay = applePay
            let result = WalletAuthorizationResult(status: succeeded ? .success : .failure, errors: errors)
            effects.append(
                WalletSheetCommands.answer(
                    .authorization(result, requestID: pending.requestID), &state, environment: environment))
        } else {
            // The sheet closed while the page had the token.
            state.walletSheet = sheet
            applePay.status = succeeded ? .completed : .closed
            state.web.applePay = applePay
        }
        return .merge(effects)
    }

    // MARK: Replies

    /// Sends the reply `make` builds to the page, from an effect (a replay sends nothing): the
    /// reply is built there, so what it carries (a token, a contact) exists only on its way to
    /// the page.
    static func reply(
        _ state: CheckoutState, _ environment: CheckoutEnvironment,
        _ make: @escaping @Sendable () -> WebCheckoutReply
    ) -> Effects {
        guard let page = environment.webPage else { return .none }
        let function = state.web.configuration.replyFunction
        return .run { _ in _ = try? await page.evaluateJavaScript(make().script(function: function)) }
    }
}

extension BridgeRejection {
    /// The event a rejected message named, when the rejection says.
    var eventName: String? {
        switch self {
        case .missingField(let event, _): return event
        case .invalidField(let event, _, _): return event
        default: return nil
        }
    }
}

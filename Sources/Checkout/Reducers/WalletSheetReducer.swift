public import StateStore

/// The wallet sheet (Apple Pay) while it is open. Each PassKit callback is a
/// ``WalletSheetAction`` with the host's request id, and is answered exactly once through the
/// host's ``WalletSheet`` (an effect):
///
/// - A shipping contact change (partial before authorisation: locality, postal code, country)
///   is priced by the Checkout API (``CheckoutAPI/updateShippingEstimate(_:cartID:)``); when the
///   answer offers methods but selects none, the first is selected
///   (``CheckoutAPI/updateShippingMethod(id:cartID:)``), since the sheet shows its first method as
///   selected. The answer carries the checkout's new summary and methods, so a total that
///   changes before authorisation updates the sheet.
/// - A shipping method change selects the method through the Checkout API; a method the sheet
///   was never offered is answered with ``WalletSheetError/unknownShippingMethod(id:)``.
/// - A payment method change is answered at once with the summary.
/// - An update not answered within ``CheckoutEnvironment/walletSheetTimeout`` on the
///   environment's clock is answered with the totals the sheet shows and
///   ``WalletSheetError/updateTimedOut``; so is a failed call, and, with
///   ``WalletSheetError/inconsistentUpdate(detail:)``, an answer that contradicts itself (which
///   the checkout does not take). The call's late answer still updates the checkout (the backend
///   did it), so a later authorisation sees the true total.
/// - An update a newer callback replaces is answered at once with the totals the sheet shows;
///   a callback whose request id is not greater than one seen, or that comes while an
///   authorisation is being processed, is not answered (an answer to an older request is never
///   sent after one to a newer request) and is recorded in ``WalletSheetState/lastIgnored``.
/// - An authorisation is applied with the native checkout's own actions and paid (see
///   `WalletAuthorizationDriver`); a second one is refused, and nothing is paid unless the
///   checkout's total is the one the sheet showed.
/// - Dismissal ends the sheet: nothing more is answered, and a payment the authorisation started
///   that the provider does not hold yet is cancelled.
///
/// In a web checkout the sheet is the page's Apple Pay payment (``WebApplePayState``): the same
/// actions and answers, with the page pricing the shipping changes and taking the payment.
public enum WalletSheetReducer {
    typealias Effects = Effect<CheckoutAction>

    /// The most actions an authorisation may dispatch before it is refused (each section needs
    /// one to three, paying two).
    public static let maximumSteps = 24

    /// The reducer. It runs after the others (before section progression), so the authorisation
    /// it drives sees every change an action made.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        if state.kind == .web {
            // A web checkout's sheet is the page's: no Checkout API call, no provider.
            guard case .wallet(let walletAction) = action else { return .none }
            return WebApplePayCommands.reduce(&state, walletAction, environment: environment)
        }
        let isWallet: Bool
        if case .wallet = action { isWallet = true } else { isWallet = false }
        // Any other action only matters to a sheet that is open (a waiting call) or
        // authorising (the authorisation's next step); a closed sheet stays in the state.
        // Optional chaining, not `map(\.isInProgress)`: the key path is projected by the runtime
        // on every action.
        guard isWallet || state.walletSheet?.isInProgress == true else { return .none }
        // No array unless two of the three have work (most have none).
        var effects = EffectsInOrder()
        if case .wallet(let action) = action {
            effects.add(reduce(&state, action, environment: environment))
        }
        effects.add(WalletSheetCommands.makeWaitingCall(&state, environment: environment))
        effects.add(WalletAuthorizationDriver.advance(&state, after: action, environment: environment))
        return effects.merged
    }

    static func reduce(
        _ state: inout CheckoutState, _ action: WalletSheetAction, environment: CheckoutEnvironment
    ) -> Effects {
        switch action {
        case .sheetPresented(let providerID, let merchantName):
            return present(providerID: providerID, merchantName: merchantName, &state, environment: environment)
        case .shippingContactSelected(let address, let requestID):
            return receiveUpdate(.shippingContact(address), requestID: requestID, &state, environment: environment)
        case .shippingMethodSelected(let id, let requestID):
            return receiveUpdate(.shippingMethod(id: id), requestID: requestID, &state, environment: environment)
        case .paymentMethodSelected(let method, let requestID):
            return paymentMethodSelected(method, requestID: requestID, &state, environment: environment)
        case .paymentAuthorized(let authorization, let requestID):
            return WalletAuthorizationDriver.authorize(
                authorization, requestID: requestID, &state, environment: environment)
        case .sheetDismissed:
            return dismiss(&state, environment: environment)
        case .updateLoaded(let details, let requestID):
            return updateLoaded(details, requestID: requestID, &state, environment: environment)
        case .updateFailed(let error, let requestID):
            return updateFailed(error, requestID: requestID, &state, environment: environment)
        case .updateTimedOut(let timer):
            guard let sheet = state.walletSheet, sheet.status == .open, let pending = sheet.pending,
                pending.timer == timer
            else { return .none }
            return WalletSheetCommands.answerWithLastTotals(
                pending, errors: [.updateTimedOut], &state, environment: environment)
        }
    }

    // MARK: Presenting and dismissing

    static func present(
        providerID: String, merchantName: String, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let previous = state.walletSheet
        let session = CheckoutCommands.successor(of: previous?.session ?? 0)
        var sheet = WalletSheetState(
            session: session, providerID: providerID, merchantName: merchantName,
            currencyCode: state.cart?.currencyCode ?? "",
            summaryItems: WalletSheetCommands.currentSummary(state, merchantName: merchantName),
            shippingMethods: WalletSheetCommands.currentMethods(state))
        // A call the last sheet made is still the one in flight: the next waits for its answer.
        sheet.callInFlight = previous?.callInFlight
        if let refusal = refusal(providerID: providerID, state) { sheet.status = .refused(refusal) }
        state.walletSheet = sheet
        var effects: [Effects] = [.cancel(id: CheckoutEffectID.walletSheetTimer)]
        if sheet.status == .open {
            switch state.payment.phase {
            case .presenting, .declined:
                // The shopper chose the wallet over the drop-in left open: close it, as its
                // cancel button would.
                effects.append(PaymentReducer.abandon(&state, to: .cancelled, environment: environment))
            default:
                break
            }
        }
        return .merge(effects)
    }

    /// Why a sheet for `providerID` cannot open, or `nil`.
    static func refusal(providerID: String, _ state: CheckoutState) -> WalletSheetError? {
        guard state.kind == .native, let cart = state.cart, !state.isFinished else { return .checkoutNotReady }
        guard let provider = state.paymentProviders.first(where: { $0.id == providerID }) else {
            return .unknownProvider(id: providerID)
        }
        do throws(PaymentGuardViolation) {
            _ = try PaymentGuards.checkStart(
                shown: cart.total, provider: provider, merchantCurrencies: state.merchantCurrencies)
        } catch {
            return .paymentRefused(error)
        }
        switch state.payment.phase {
        case .idle, .cancelled, .failed, .presenting, .declined: return nil
        default: return .paymentInProgress
        }
    }

    static func dismiss(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard var sheet = state.walletSheet, sheet.status != .dismissed else { return .none }
        var effects: [Effects] = [.cancel(id: CheckoutEffectID.walletSheetTimer)]
        if sheet.status == .authorizing, let attempt = sheet.progress?.paymentAttempt, attempt == state.payment.attempt
        {
            switch state.payment.phase {
            case .preparing, .presenting, .declined:
                // Nothing the provider holds yet: the payment stops with the sheet. A payment the
                // provider holds goes on to its outcome, as in the regular checkout.
                effects.append(PaymentReducer.abandon(&state, to: .cancelled, environment: environment))
            default:
                break
            }
        }
        sheet.status = .dismissed
        sheet.pending = nil
        sheet.progress = nil
        state.walletSheet = sheet
        return .merge(effects)
    }

    // MARK: Callbacks

    /// ``admit(requestID:answerClosed:_:environment:)`` for `callback`, refused (when it must be)
    /// with what the sheet shows.
    static func admit(
        _ callback: WalletSheetCommands.Callback, requestID: Int, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects? {
        let refusal = WalletSheetCommands.refusal(of: callback, requestID: requestID, shown: state.walletSheet)
        return admit(requestID: requestID, answerClosed: refusal, &state, environment: environment)
    }

    /// Checks a callback's request id and the sheet's status. Returns the effects of answering
    /// or ignoring it when it goes no further, or `nil` when it is to be handled.
    static func admit(
        requestID: Int, answerClosed: (WalletSheetError) -> WalletSheetAnswer, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects? {
        guard var sheet = state.walletSheet else {
            return WalletSheetCommands.answer(answerClosed(.sheetClosed), &state, environment: environment)
        }
        if let last = sheet.lastRequestID, requestID <= last {
            sheet.lastIgnored = WalletSheetIgnoredRequest(
                requestID: requestID, reason: .requestOutOfOrder(requestID: requestID, lastRequestID: last))
            state.walletSheet = sheet
            return Effects.none
        }
        sheet.lastRequestID = requestID
        state.walletSheet = sheet
        let error: WalletSheetError
        switch sheet.status {
        case .open: return nil
        case .authorizing:
            state.walletSheet?.lastIgnored = WalletSheetIgnoredRequest(
                requestID: requestID, reason: .authorizationInProgress)
            return Effects.none
        case .authorized: error = .alreadyAuthorized
        case .dismissed: error = .sheetClosed
        case .refused(let reason): error = reason
        }
        return WalletSheetCommands.answer(answerClosed(error), &state, environment: environment)
    }

    /// Answers the update being answered with the totals the sheet shows: a newer callback
    /// replaces it.
    static func supersede(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let pending = state.walletSheet?.pending else { return .none }
        return WalletSheetCommands.answerWithLastTotals(pending, errors: [], &state, environment: environment)
    }

    static func receiveUpdate(
        _ kind: WalletSheetRequest.Kind, requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        if let handled = admit(.init(kind), requestID: requestID, &state, environment: environment) {
            return handled
        }
        let superseded = supersede(&state, environment: environment)
        let request = WalletSheetRequest(requestID: requestID, kind: kind)
        switch kind {
        case .shippingContact(let address):
            state.walletSheet?.partialAddress = address
            guard address.hasCountry else {
                let error = WalletSheetError.shippingAddressInvalid(
                    field: .countryCode, message: "a country is required")
                return .merge(
                    superseded,
                    WalletSheetCommands.answerWithLastTotals(request, errors: [error], &state, environment: environment)
                )
            }
        case .shippingMethod(let id):
            guard state.walletSheet?.shippingMethods.contains(where: { $0.id == id }) == true else {
                return .merge(
                    superseded,
                    WalletSheetCommands.answerWithLastTotals(
                        request, errors: [.unknownShippingMethod(id: id)], &state, environment: environment))
            }
            if id == state.selectedShippingMethodID, state.walletSheet?.callInFlight == nil {
                // Already the checkout's: nothing to ask the backend.
                return .merge(superseded, answerSummary(requestID: requestID, &state, environment: environment))
            }
        case .authorization:
            return superseded
        }
        var timed = request
        timed.timer = CheckoutCommands.takeRequestID(&state)
        state.walletSheet?.pending = timed
        return .merge(superseded, WalletSheetCommands.startTimer(timed.timer ?? 0, environment: environment))
    }

    static func paymentMethodSelected(
        _ method: WalletPaymentMethod, requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        if let handled = admit(.paymentMethod, requestID: requestID, &state, environment: environment) {
            return handled
        }
        let superseded = supersede(&state, environment: environment)
        state.walletSheet?.paymentMethod = method
        let summary: [WalletSummaryItem]
        if let sheet = state.walletSheet, sheet.callInFlight == nil {
            summary = WalletSheetCommands.currentSummary(state, merchantName: sheet.merchantName)
        } else {
            summary = state.walletSheet?.summaryItems ?? []
        }
        let update = WalletSummaryUpdate(errors: [], summaryItems: summary)
        return .merge(
            superseded,
            WalletSheetCommands.answer(.paymentMethod(update, requestID: requestID), &state, environment: environment))
    }

    /// Answers a shipping method change with the checkout's summary.
    static func answerSummary(
        requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let summary = WalletSheetCommands.currentSummary(state, merchantName: state.walletSheet?.merchantName ?? "")
        let update = WalletSummaryUpdate(errors: [], summaryItems: summary)
        return WalletSheetCommands.answer(
            .shippingMethod(update, requestID: requestID), &state, environment: environment)
    }

    // MARK: The Checkout API's answers

    static func updateLoaded(
        _ details: CheckoutDetails, requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let sheet = state.walletSheet, sheet.callInFlight == requestID else { return .none }
        state.walletSheet?.callInFlight = nil
        let pending = sheet.status == .open && sheet.pending?.call == requestID ? sheet.pending : nil
        var expectedMethodID: String?
        if let pending {
            switch pending.kind {
            case .shippingMethod(let id): expectedMethodID = id
            case .shippingContact: expectedMethodID = pending.selectingMethodID
            case .authorization: break
            }
        }
        if let problem = WalletSheetUpdateCheck.problem(
            in: details, currencyCode: sheet.currencyCode, expectedMethodID: expectedMethodID)
        {
            guard let pending else { return .none }
            return WalletSheetCommands.answerWithLastTotals(
                pending, errors: [.inconsistentUpdate(detail: problem)], &state, environment: environment)
        }
        // The backend holds this now, answered or not: the checkout shows it.
        CheckoutCommands.apply(details, to: &state)
        guard let pending else { return .none }
        switch pending.kind {
        case .shippingContact:
            if pending.selectingMethodID == nil, state.selectedShippingMethodID == nil,
                let first = state.shippingMethods.first
            {
                return WalletSheetCommands.makeCall(.selectMethod(first.id), &state, environment: environment)
            }
            let methods = WalletSheetCommands.currentMethods(state)
            let errors: [WalletSheetError] =
                methods.isEmpty ? [.shippingAddressUnserviceable(message: "there is no delivery to this address")] : []
            let update = WalletShippingContactUpdate(
                errors: errors,
                summaryItems: WalletSheetCommands.currentSummary(state, merchantName: sheet.merchantName),
                shippingMethods: methods)
            return WalletSheetCommands.answer(
                .shippingContact(update, requestID: pending.requestID), &state, environment: environment)
        case .shippingMethod:
            return answerSummary(requestID: pending.requestID, &state, environment: environment)
        case .authorization:
            return .none
        }
    }

    static func updateFailed(
        _ error: CheckoutAPIError, requestID: Int, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let sheet = state.walletSheet, sheet.callInFlight == requestID else { return .none }
        state.walletSheet?.callInFlight = nil
        var effects: [Effects] = []
        switch error {
        case .cartExpired, .conflict:
            // The checkout's own rules: rebuild (410) or fetch the new cart (409).
            effects.append(CheckoutCommands.handleFailure(error, retry: .refresh, &state, environment: environment))
        default:
            break
        }
        if sheet.status == .open, let pending = sheet.pending, pending.call == requestID {
            let sheetError: WalletSheetError
            if case .shippingContact = pending.kind, case .client(422, let message) = error {
                sheetError = .shippingAddressInvalid(field: nil, message: message ?? "the address is not usable")
            } else {
                sheetError = .updateFailed(error)
            }
            effects.append(
                WalletSheetCommands.answerWithLastTotals(
                    pending, errors: [sheetError], &state, environment: environment))
        }
        return .merge(effects)
    }
}

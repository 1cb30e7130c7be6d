public import StateStore

extension CheckoutEffectID {
    /// A Checkout API call made for the wallet sheet (they go one at a time).
    public static let walletSheetUpdate: EffectID = "checkout.walletSheet.update"
    /// The timer of the wallet sheet's update being answered.
    public static let walletSheetTimer: EffectID = "checkout.walletSheet.timer"
}

/// The steps the wallet sheet's reducer and its authorisation driver share: the summaries the
/// sheet is shown, answering, the calls made for the sheet, and its timer.
enum WalletSheetCommands {
    typealias Effects = Effect<CheckoutAction>

    // MARK: What the sheet shows

    /// The checkout's summary as the sheet shows it; empty without a cart.
    static func currentSummary(_ state: CheckoutState, merchantName: String) -> [WalletSummaryItem] {
        guard let cart = state.cart else { return [] }
        let selected = state.shippingMethods.first { $0.id == state.selectedShippingMethodID }
        return WalletSummaryItem.summary(of: cart, shippingMethod: selected, merchantName: merchantName)
    }

    /// The checkout's shipping methods as the sheet offers them: the selected one first (the
    /// sheet selects its first); none while none is selected.
    static func currentMethods(_ state: CheckoutState) -> [ShippingMethod] {
        guard let selected = state.shippingMethods.first(where: { $0.id == state.selectedShippingMethodID }) else {
            return []
        }
        return [selected] + state.shippingMethods.filter { $0.id != selected.id }
    }

    /// Whether the checkout is between calls, so a call made for the sheet neither races an edit
    /// of the native sections nor a rebuild, and its answer is the whole truth.
    static func isSettled(_ state: CheckoutState) -> Bool {
        state.hasCart && state.loadInFlight == nil && state.native.updateInFlight == nil
            && state.native.recoveryInFlight == nil && state.native.refreshInFlight == nil
    }

    // MARK: Answering

    /// A sheet callback, by what its answer carries.
    enum Callback {
        case shippingContact, shippingMethod, paymentMethod, authorization

        /// The callback of an update request (a shipping contact's answer for anything else).
        init(_ kind: WalletSheetRequest.Kind) {
            if case .shippingMethod = kind { self = .shippingMethod } else { self = .shippingContact }
        }
    }

    /// The answer refusing `callback` `requestID` with an error, the sheet keeping what `sheet`
    /// shows: an update keeps its totals (and methods), an authorisation fails.
    static func refusal(
        of callback: Callback, requestID: Int, shown sheet: WalletSheetState?
    ) -> @Sendable (WalletSheetError) -> WalletSheetAnswer {
        let summary = sheet?.summaryItems ?? []
        let methods = sheet?.shippingMethods ?? []
        return { error in
            switch callback {
            case .shippingContact:
                let update = WalletShippingContactUpdate(
                    errors: [error], summaryItems: summary, shippingMethods: methods)
                return .shippingContact(update, requestID: requestID)
            case .shippingMethod:
                return .shippingMethod(
                    WalletSummaryUpdate(errors: [error], summaryItems: summary), requestID: requestID)
            case .paymentMethod:
                return .paymentMethod(WalletSummaryUpdate(errors: [error], summaryItems: summary), requestID: requestID)
            case .authorization:
                return .authorization(
                    WalletAuthorizationResult(status: .failure, errors: [error]), requestID: requestID)
            }
        }
    }

    /// Records `answer` as sent and delivers it (an effect, in order; see `WalletSheetOutbox`).
    /// Answering the request being answered ends it, with its timer.
    static func answer(
        _ answer: WalletSheetAnswer, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var sheet = state.walletSheet else {
            guard let outbox = environment.walletSheetOutbox else { return .none }
            return .run { _ in outbox.deliverUnordered(answer) }
        }
        sheet.answerCount = CheckoutCommands.successor(of: sheet.answerCount)
        sheet.lastAnswer = answer
        switch answer {
        case .shippingContact(let update, _):
            sheet.summaryItems = update.summaryItems
            sheet.shippingMethods = update.shippingMethods
            sheet.hasSentSummary = true
        case .shippingMethod(let update, _), .paymentMethod(let update, _):
            sheet.summaryItems = update.summaryItems
            sheet.hasSentSummary = true
        case .authorization:
            break
        }
        var effects: [Effects] = []
        if let pending = sheet.pending, pending.requestID == answer.requestID {
            if pending.timer != nil { effects.append(.cancel(id: CheckoutEffectID.walletSheetTimer)) }
            sheet.pending = nil
        }
        state.walletSheet = sheet
        if let outbox = environment.walletSheetOutbox {
            let session = sheet.session
            let sequence = sheet.answerCount
            effects.append(.run { _ in outbox.deliver(answer, session: session, sequence: sequence) })
        }
        return .merge(effects)
    }

    /// Answers the update `request` with what the sheet shows already, and `errors`: for a
    /// timeout, a failed or inconsistent call, or a request a newer one replaced.
    static func answerWithLastTotals(
        _ request: WalletSheetRequest, errors: [WalletSheetError], _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects {
        guard let sheet = state.walletSheet else { return .none }
        let summary = sheet.summaryItems
        switch request.kind {
        case .shippingContact:
            let update = WalletShippingContactUpdate(
                errors: errors, summaryItems: summary, shippingMethods: sheet.shippingMethods)
            return answer(.shippingContact(update, requestID: request.requestID), &state, environment: environment)
        case .shippingMethod:
            let update = WalletSummaryUpdate(errors: errors, summaryItems: summary)
            return answer(.shippingMethod(update, requestID: request.requestID), &state, environment: environment)
        case .authorization:
            let result = WalletAuthorizationResult(status: .failure, errors: errors)
            return answer(.authorization(result, requestID: request.requestID), &state, environment: environment)
        }
    }

    // MARK: Calls and the timer

    /// What a call made for the sheet does.
    enum Call {
        case estimate(PartialAddress)
        case selectMethod(String)
    }

    /// Makes the Checkout API call for the request being answered; the sheet's calls go one at
    /// a time, and none goes while the native sections' edits are on their way.
    static func makeCall(_ call: Call, _ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let cartID = state.cart?.id else { return .none }
        let requestID = CheckoutCommands.takeRequestID(&state)
        state.walletSheet?.pending?.call = requestID
        state.walletSheet?.callInFlight = requestID
        if case .selectMethod(let id) = call { state.walletSheet?.pending?.selectingMethodID = id }
        let api = environment.api
        return .run(id: CheckoutEffectID.walletSheetUpdate) { send in
            do throws(CheckoutAPIError) {
                let details: CheckoutDetails
                switch call {
                case .estimate(let address): details = try await api.updateShippingEstimate(address, cartID: cartID)
                case .selectMethod(let id): details = try await api.updateShippingMethod(id: id, cartID: cartID)
                }
                send(.wallet(.updateLoaded(details, requestID: requestID)))
            } catch {
                send(.wallet(.updateFailed(error, requestID: requestID)))
            }
        }
    }

    /// Makes the call of an update that waits for one, once the checkout is settled.
    static func makeWaitingCall(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let sheet = state.walletSheet, sheet.status == .open, let pending = sheet.pending, pending.call == nil,
            sheet.callInFlight == nil, isSettled(state)
        else { return .none }
        switch pending.kind {
        case .shippingContact(let address): return makeCall(.estimate(address), &state, environment: environment)
        case .shippingMethod(let id): return makeCall(.selectMethod(id), &state, environment: environment)
        case .authorization: return .none
        }
    }

    /// Starts the timer of update `timer` on the environment's clock.
    static func startTimer(_ timer: Int, environment: CheckoutEnvironment) -> Effects {
        let clock = environment.clock
        let timeout = environment.walletSheetTimeout
        return .run(id: CheckoutEffectID.walletSheetTimer, cancelInFlight: true) { send in
            do {
                try await clock.sleep(for: timeout)
            } catch {
                return  // answered (or the store went away) first
            }
            send(.wallet(.updateTimedOut(requestID: timer)))
        }
    }
}

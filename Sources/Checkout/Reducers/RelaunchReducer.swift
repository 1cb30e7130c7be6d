public import StateStore

/// The app was killed during a checkout and relaunched (``CommonAction/relaunched(_:)``): the
/// store starts from the state read back (``CheckoutRestore``), and this restarts exactly the
/// work that died with the app, from the state alone (see the table on ``CheckoutInFlight``):
///
/// - Checkout API calls in flight are made again: the load; an edit (edits set values, so sending
///   one twice changes nothing); a fetch after a 409, or a rebuild after a 410, as a fetch (it
///   rebuilds only if the cart is still expired, so a rebuild that reached the backend is not
///   made twice); a wallet sheet's call, as a fetch.
/// - The order placement goes on with its recorded key: a call whose answer was lost is made
///   again, a retry that was waiting is made now. A key that was being made was never recorded,
///   so no call carried it: a new one is made.
/// - The payment goes on where it can, and where it cannot, ends where the customer understands
///   it: a redirect keeps waiting for its return; a payment the provider held is checked with
///   its lookup ("we're checking your payment"); a voucher shown goes on as the pending family;
///   polling resumes; a payment not submitted yet is interrupted, with nothing charged.
/// - A wallet sheet that was open is closed: it died with the app.
///
/// ``CheckoutState/relaunch`` records what was found. A web checkout restarts nothing (its
/// payment runs on the merchant's page).
public enum RelaunchReducer {
    typealias Effects = Effect<CheckoutAction>

    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .common(.relaunched(let source)) = action else { return .none }
        return relaunch(from: source, &state, environment: environment)
    }

    static func relaunch(
        from source: CheckoutRestoreSource, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let found = CheckoutInFlight(state)
        let count = CheckoutCommands.saturatingIncrement(state.relaunch?.count ?? 0)
        state.relaunch = CheckoutRelaunch(count: count, source: source, found: found)
        guard state.kind == .native else { return .none }
        // The placement first, from what was found before anything changed: resuming the payment
        // may start a placement of its own (a voucher's pending order), which runs by itself.
        let placement = resumePlacement(found, &state, environment: environment)
        let calls = resumeCalls(&state, environment: environment)
        let payment = resumePayment(found.payment, &state, environment: environment)
        // After the payment: closing a sheet that was authorising would otherwise cancel a payment
        // that was only being prepared, which the payment's own rule ends as interrupted.
        var sheet: Effects = .none
        if let walletSheet = state.walletSheet, walletSheet.status != .dismissed {
            sheet = WalletSheetReducer.dismiss(&state, environment: environment)
        }
        return .merge(placement, calls, payment, sheet)
    }

    /// Makes again the Checkout API calls whose answers died with the app.
    static func resumeCalls(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        var effects: [Effects] = []
        if state.loadInFlight != nil {
            effects.append(CheckoutCommands.load(&state, environment: environment))
        }
        let sheetCall = state.walletSheet?.callInFlight != nil
        state.walletSheet?.callInFlight = nil
        if state.native.refreshInFlight != nil || state.native.recoveryInFlight != nil || sheetCall {
            state.native.refreshInFlight = nil
            state.native.recoveryInFlight = nil
            effects.append(CheckoutCommands.refresh(&state, environment: environment))
        } else if state.native.updateInFlight != nil {
            state.native.updateInFlight = nil
            effects.append(CheckoutCommands.sendNextUpdate(&state, environment: environment))
        }
        return .merge(effects)
    }

    /// Goes on with the order placement that was under way, with its key.
    static func resumePlacement(
        _ found: CheckoutInFlight, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let step = found.orderPlacement, var placement = state.orderPlacement else { return .none }
        switch step {
        case .makingKey:
            return OrderCommands.makeKey(for: placement.paymentReference, environment: environment)
        case .placing, .updating, .retryScheduled:
            placement.step = .settled
            state.orderPlacement = placement
            return OrderCommands.advance(&state, environment: environment)
        case .recovering, .failed, .settled:
            // Recovering goes on when the fetch made again answers (`resumeCalls`).
            return .none
        }
    }

    /// Goes on with the payment, or ends it where nothing was charged.
    static func resumePayment(
        _ payment: CheckoutInFlight.Payment?, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        switch payment {
        case nil, .awaitingReturn:
            // A redirect's return comes through the host (`actionCompleted`), or the host asks the
            // provider (`confirmationRequested`), or the shopper cancels.
            return .none
        case .notSubmitted:
            // Abandoning the session cancels a partly paid order, which refunds its paid part.
            let message =
                state.payment.paidAmount == nil
                ? "the app was closed before the payment reached the provider; nothing was charged"
                : "the app was closed before the rest of the payment reached the provider; the part paid is refunded"
            return PaymentReducer.fail(PaymentFailure(kind: .interrupted, message: message), &state, environment)
        case .outcomeUnknown:
            return PaymentReducer.verify(&state, environment: environment)
        case .shownToPayLater:
            return PaymentReducer.reduce(&state, .actionFinishedWithoutDetails, environment: environment)
        case .awaitingConfirmation:
            return PaymentReducer.resumePolling(&state, environment: environment)
        }
    }
}

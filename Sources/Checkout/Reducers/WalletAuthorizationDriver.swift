import StateStore

/// Applies an authorised wallet payment to the checkout and pays, with the actions a shopper's
/// taps would dispatch, one at a time: each is dispatched (an effect), and the next is chosen
/// when the one before has been reduced and the checkout has settled (its API calls answered).
/// No step waits for the store's effects; a replay reduces the same actions from the log.
///
/// 1. A drop-in payment left open (presenting, declined, an action pending) is cancelled, and a
///    call made for the sheet that has not answered yet is waited for.
/// 2. ``ExpressCheckoutPlanner`` brings the checkout in line with the wallet's full contact:
///    email, shipping and billing contact (validated as typed ones are), the shipping method, the
///    provider. A failed edit is retried once the planner has nothing left to change.
/// 3. The total the sheet showed must be the checkout's (``PaymentGuards``): otherwise the
///    authorisation fails with ``WalletSheetError/totalChanged(shown:current:)`` and nothing is
///    charged.
/// 4. Pay; submit the wallet's token only if the amount due is still that total.
/// 5. Answer the sheet: success when paid (or awaiting confirmation, or handed to the provider's
///    next step, as 3-D Secure); failure with the reason when the checkout refused the data (an
///    error it showed) or the payment was declined, failed or cancelled. After a failure the
///    sheet stays open and the shopper may authorise again; a payment the provider does not
///    hold yet is cancelled.
enum WalletAuthorizationDriver {
    typealias Effects = Effect<CheckoutAction>

    /// Starts applying an authorisation.
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
        let superseded = WalletSheetReducer.supersede(&state, environment: environment)
        guard let sheet = state.walletSheet else { return superseded }
        var failure: WalletSheetError?
        if sheet.hasSentSummary, authorization.shownTotal != sheet.shownTotal {
            failure = .totalChanged(shown: authorization.shownTotal, current: sheet.shownTotal)
        } else if state.isFinished {
            failure = .checkoutNotReady
        } else {
            switch state.payment.phase {
            case .idle, .cancelled, .failed, .presenting, .declined, .actionRequired: break
            default: failure = .paymentInProgress
            }
        }
        if let failure {
            return .merge(
                superseded, WalletSheetCommands.answer(closed(failure), &state, environment: environment))
        }
        state.walletSheet?.status = .authorizing
        state.walletSheet?.authorization = authorization
        state.walletSheet?.refusal = nil
        state.walletSheet?.pending = WalletSheetRequest(requestID: requestID, kind: .authorization)
        state.walletSheet?.progress = WalletAuthorizationProgress(knownErrorIDs: state.errors.map(\.id))
        // `advance` runs next, in the same reduction.
        return superseded
    }

    /// Takes the next step of the authorisation being applied, if `action` lets it.
    static func advance(
        _ state: inout CheckoutState, after action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effects {
        guard let sheet = state.walletSheet, sheet.status == .authorizing, let authorization = sheet.authorization,
            var progress = sheet.progress
        else { return .none }
        if let awaited = progress.awaitedAction {
            guard awaited == action else { return .none }
            progress.awaitedAction = nil
            if awaited == .payment(.payTapped), let before = progress.attemptBeforePay,
                state.payment.attempt != before
            {
                progress.paymentAttempt = state.payment.attempt
            }
            state.walletSheet?.progress = progress
        }
        if let error = state.errors.first(where: { !progress.knownErrorIDs.contains($0.id) }) {
            return refuse(error.kind, &state, environment: environment)
        }
        if let attempt = progress.paymentAttempt {
            return followPayment(attempt: attempt, authorization, &state, environment: environment)
        }
        if progress.attemptBeforePay != nil {
            // Pay was tapped and no payment started, with no error shown.
            return fail(
                .checkoutRefused(.sectionIncomplete(state.native.currentSection ?? .payment)), &state,
                environment: environment)
        }
        switch state.payment.phase {
        case .presenting, .declined, .actionRequired:
            return step(.payment(.cancelTapped), &state, environment: environment)
        case .idle, .cancelled, .failed:
            break
        default:
            return fail(.paymentInProgress, &state, environment: environment)
        }
        // A call made for the sheet before the authorisation lands first: the backend may change
        // the total with it, and the data steps and the payment must see that.
        guard WalletSheetCommands.isSettled(state), sheet.callInFlight == nil else { return .none }
        if let next = ExpressCheckoutPlanner.nextAction(for: authorization, providerID: sheet.providerID, in: state) {
            return step(next, &state, environment: environment)
        }
        if let failed = state.native.syncFailure {
            guard let error = state.errors.last(where: { $0.retry == .resendUpdates }) else {
                return refuse(.request(failed), &state, environment: environment)
            }
            return step(.common(.retryTapped(errorID: error.id)), &state, environment: environment)
        }
        guard state.native.isInSync else { return .none }
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requireShownAmount(asked: authorization.shownTotal, shown: state.displayedTotal)
        } catch {
            return fail(
                .totalChanged(shown: authorization.shownTotal, current: state.displayedTotal), &state,
                environment: environment)
        }
        state.walletSheet?.progress?.attemptBeforePay = state.payment.attempt
        return step(.payment(.payTapped), &state, environment: environment)
    }

    /// Follows the payment the authorisation started.
    static func followPayment(
        attempt: Int, _ authorization: WalletAuthorization, _ state: inout CheckoutState,
        environment: CheckoutEnvironment
    ) -> Effects {
        guard state.payment.attempt == attempt else {
            // The payment restarted for a new total: not the one the shopper authorised.
            return fail(
                .totalChanged(shown: authorization.shownTotal, current: state.displayedTotal), &state,
                environment: environment)
        }
        switch state.payment.phase {
        case .preparing, .submitting, .submittingDetails:
            return .none
        case .presenting:
            guard state.walletSheet?.progress?.isSubmitted == false else { return .none }
            do throws(PaymentGuardViolation) {
                // The provider takes what is due: it must be the total the shopper authorised.
                try PaymentGuards.requireShownAmount(
                    asked: state.payment.amountDue ?? authorization.shownTotal, shown: authorization.shownTotal)
                try PaymentGuards.requireShownAmount(asked: authorization.shownTotal, shown: state.displayedTotal)
            } catch {
                return fail(
                    .totalChanged(shown: authorization.shownTotal, current: state.displayedTotal), &state,
                    environment: environment)
            }
            state.walletSheet?.progress?.isSubmitted = true
            return step(.payment(.submitted(authorization.payment)), &state, environment: environment)
        case .succeeded, .awaitingConfirmation, .actionRequired:
            return succeed(&state, environment: environment)
        case .declined(let reason):
            return fail(.paymentDeclined(reason: reason), &state, environment: environment)
        case .failed(let failure):
            return fail(.paymentFailed(failure), &state, environment: environment)
        case .idle, .cancelled:
            return fail(.paymentCancelled, &state, environment: environment)
        }
    }

    /// Dispatches `action` on the shopper's behalf and waits to see it reduced.
    static func step(
        _ action: CheckoutAction, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var progress = state.walletSheet?.progress else { return .none }
        progress.steps += 1
        guard progress.steps <= WalletSheetReducer.maximumSteps, progress.lastAction != action else {
            // An action that changed nothing, chosen again: the checkout will not take the data.
            return fail(
                .checkoutRefused(.sectionIncomplete(state.native.currentSection ?? .payment)), &state,
                environment: environment)
        }
        progress.awaitedAction = action
        progress.lastAction = action
        state.walletSheet?.progress = progress
        return .send(action)
    }

    // MARK: Answers

    static func succeed(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let request = state.walletSheet?.pending else { return .none }
        state.walletSheet?.status = .authorized
        state.walletSheet?.progress?.awaitedAction = nil
        let result = WalletAuthorizationResult(status: .success)
        return WalletSheetCommands.answer(
            .authorization(result, requestID: request.requestID), &state, environment: environment)
    }

    /// Fails the authorisation because the checkout showed an error about the wallet's data or
    /// the payment.
    static func refuse(
        _ kind: CheckoutErrorKind, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let error = sheetError(for: kind, state)
        let effect = fail(error, &state, environment: environment)
        state.walletSheet?.refusal = kind
        return effect
    }

    /// Answers the authorisation with failure: the sheet stays open for another. A payment it
    /// started that the provider does not hold is cancelled.
    static func fail(
        _ error: WalletSheetError, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let sheet = state.walletSheet, let request = sheet.pending else { return .none }
        var effects: [Effects] = []
        if let attempt = sheet.progress?.paymentAttempt, attempt == state.payment.attempt {
            switch state.payment.phase {
            case .preparing, .presenting, .declined:
                effects.append(PaymentReducer.abandon(&state, to: .cancelled, environment: environment))
            default:
                break
            }
        }
        state.walletSheet?.status = .open
        state.walletSheet?.progress = nil
        state.walletSheet?.authorization = nil
        let result = WalletAuthorizationResult(status: .failure, errors: [error])
        effects.append(
            WalletSheetCommands.answer(
                .authorization(result, requestID: request.requestID), &state, environment: environment))
        return .merge(effects)
    }

    /// The sheet's error for a checkout error the wallet's data or payment caused.
    static func sheetError(for kind: CheckoutErrorKind, _ state: CheckoutState) -> WalletSheetError {
        switch kind {
        case .paymentDeclined(let reason):
            return .paymentDeclined(reason: reason)
        case .paymentFailed(let failure):
            return .paymentFailed(failure)
        case .totalChanged:
            return .totalChanged(shown: state.walletSheet?.authorization?.shownTotal, current: state.displayedTotal)
        case .invalidInput(let field, let reason):
            guard let contactField = WalletContactField(checkoutField: field) else { return .checkoutRefused(kind) }
            guard contactField.isPostalAddress else { return .contactInvalid(field: contactField, message: reason) }
            if state.native.addressEditor?.purpose == .billing {
                return .billingAddressInvalid(field: contactField, message: reason)
            }
            return .shippingAddressInvalid(field: contactField, message: reason)
        case .request(let error) where error == state.native.syncFailure:
            // The backend refused an edit (the one first in the queue) for what it holds; a
            // failure of the backend itself says nothing about the shopper's data.
            guard case .client = error, !error.isRetryable else { return .updateFailed(error) }
            switch state.native.pendingUpdates.first {
            case .email: return .contactInvalid(field: .emailAddress, message: error.description)
            case .shippingContact: return .shippingAddressInvalid(field: nil, message: error.description)
            case .billingContact: return .billingAddressInvalid(field: nil, message: error.description)
            case .shippingMethod, nil: return .checkoutRefused(kind)
            }
        default:
            return .checkoutRefused(kind)
        }
    }
}

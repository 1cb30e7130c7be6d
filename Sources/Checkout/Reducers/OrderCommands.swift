import StateStore

/// The steps of placing a native checkout's order (see ``OrderPlacementState``), shared by the
/// payment reducer (which starts a placement and changes what it calls for), the order placement
/// reducer (the Checkout API's answers, the retry timer), the sync reducer (after a 409 or 410)
/// and retries. Each changes the state and returns the effect that goes with it.
enum OrderCommands {
    typealias Effects = Effect<CheckoutAction>

    // MARK: Starting and retargeting

    /// Starts placing the order of the payment in progress as `target` (``OrderStatus/confirmed``
    /// or ``OrderStatus/pending``); for the same payment, only changes the target. The key is made
    /// by an effect and arrives in ``OrderAction/placementKeyMade(idempotencyKey:paymentReference:)``.
    static func begin(
        _ target: OrderStatus, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard let intent = state.payment.intent, let amount = state.payment.amount else { return .none }
        if let placement = state.orderPlacement, placement.isActive, placement.paymentReference == intent.reference {
            return retarget(target, &state, environment: environment)
        }
        state.orderPlacement = OrderPlacementState(paymentReference: intent.reference, amount: amount, target: target)
        clearErrors(&state)
        return makeKey(for: intent.reference, environment: environment)
    }

    /// The effect that makes the key of the order placement for payment `reference`, once: it
    /// arrives recorded, in ``OrderAction/placementKeyMade(idempotencyKey:paymentReference:)``.
    static func makeKey(for reference: String, environment: CheckoutEnvironment) -> Effects {
        let makeKey = environment.makeIdempotencyKey
        return .run(id: CheckoutEffectID.orderPlacementKey) { send in
            send(.order(.placementKeyMade(idempotencyKey: makeKey(), paymentReference: reference)))
        }
    }

    /// The payment's result changed what the order should be (a pending payment was confirmed or
    /// refused): calls follow once nothing is under way.
    static func retarget(
        _ target: OrderStatus, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var placement = state.orderPlacement, placement.isActive, placement.target != target else {
            return .none
        }
        placement.target = target
        let wasSettled = placement.step == .settled
        state.orderPlacement = placement
        // A call, timer or recovery under way calls `advance` when it ends; a failed step waits
        // for the customer's retry (the error shows). Only a settled placement moves now.
        return wasSettled ? advance(&state, environment: environment) : .none
    }

    // MARK: Calls

    /// Makes the call that brings the backend's order to the target (see the table on
    /// ``OrderPlacementState``), or settles.
    static func advance(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard var placement = state.orderPlacement, let key = placement.idempotencyKey else { return .none }
        let api = environment.api
        if let placed = placement.placed {
            guard placed.status != placement.target else {
                placement.step = .settled
                state.orderPlacement = placement
                return settle(&state, environment: environment)
            }
            let requestID = CheckoutCommands.takeRequestID(&state)
            placement.step = .updating(requestID: requestID)
            placement.callsMade = CheckoutCommands.saturatingIncrement(placement.callsMade)
            state.orderPlacement = placement
            let orderID = placed.id
            let status = placement.target
            return .run(id: CheckoutEffectID.orderPlacement) { send in
                do throws(CheckoutAPIError) {
                    let order = try await api.updateOrderStatus(orderID: orderID, status: status)
                    send(.result(.orderStatusUpdated(order, requestID: requestID)))
                } catch {
                    send(.result(.orderStatusUpdateFailed(error, requestID: requestID)))
                }
            }
        }
        if placement.target == .cancelled && placement.callsMade == 0 {
            // No call ever left: the backend has no order to cancel.
            placement.step = .settled
            state.orderPlacement = placement
            return settle(&state, environment: environment)
        }
        guard let cartID = state.cart?.id else {
            placement.step = .failed(.invalidRequest("no cart to place the order on"))
            state.orderPlacement = placement
            return showFailure(&state)
        }
        let requestID = CheckoutCommands.takeRequestID(&state)
        placement.step = .placing(requestID: requestID)
        placement.callsMade = CheckoutCommands.saturatingIncrement(placement.callsMade)
        state.orderPlacement = placement
        // An order the payment now says to cancel is still placed as pending first: a call made
        // before may have created it, and only the key finds it.
        let status: OrderStatus = placement.target == .confirmed ? .confirmed : .pending
        let reference = placement.paymentReference
        let amount = placement.amount
        return .run(id: CheckoutEffectID.orderPlacement) { send in
            do throws(CheckoutAPIError) {
                let order = try await api.placeOrder(
                    cartID: cartID, paymentReference: reference, amount: amount, status: status,
                    idempotencyKey: key)
                send(.result(.orderPlaced(order, requestID: requestID)))
            } catch {
                send(.result(.orderPlacementFailed(error, requestID: requestID)))
            }
        }
    }

    /// Takes the backend's order (placed or updated), after checking it is the order asked for:
    /// the amount paid, a status the call allows, and (for an update) the same order.
    static func receive(
        _ order: PlacedOrder, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var placement = state.orderPlacement else { return .none }
        if let problem = problem(with: order, placement) {
            return failed(.malformedResponse(detail: problem), &state, environment: environment)
        }
        placement.placed = order
        placement.automaticRetries = 0
        state.orderPlacement = placement
        clearErrors(&state)
        return advance(&state, environment: environment)
    }

    /// What is wrong with the backend's answer, if anything (untrusted input: never a completed
    /// order for another amount or another order).
    static func problem(with order: PlacedOrder, _ placement: OrderPlacementState) -> String? {
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requireShownAmount(asked: order.total, shown: placement.amount)
        } catch {
            return "the order \(order.number) is for \(order.total), but \(placement.amount) was paid"
        }
        switch placement.step {
        case .updating:
            if let placed = placement.placed, placed.id != order.id {
                return "the update answered order \(order.id), not \(placed.id)"
            }
            if order.status != placement.target {
                return "the order \(order.number) is \(order.status.rawValue), not \(placement.target.rawValue)"
            }
        default:
            // The call asked for the target as it was when the call left: confirmed, or pending
            // (for a pending or a cancelled target). The target may have changed since (a pending
            // payment's confirmation that arrives while the call is under way makes it
            // confirmed), so a pending answer is taken whatever the target now is, and `advance`
            // then updates the order to the target (an update must answer exactly that, so a
            // backend that keeps it pending fails, never loops). Only a cancelled order for a
            // target that is not cancelled is refused here.
            if order.status == .cancelled && placement.target != .cancelled {
                return "the order \(order.number) was placed as \(order.status.rawValue)"
            }
        }
        return nil
    }

    // MARK: Failures

    /// A call failed: 409 or 410 while placing recover the checkout and place again; an error
    /// that may pass is retried on ``BackoffSchedule/orderPlacementRetries``; anything else shows
    /// with a retry.
    static func failed(
        _ error: CheckoutAPIError, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard var placement = state.orderPlacement else { return .none }
        let placing = placement.placed == nil
        switch error {
        case .cartExpired where placing && placement.target == .cancelled,
            .conflict where placing && placement.target == .cancelled:
            // Placed only to find an order a lost answer may have made, so as to cancel it: the
            // backend looks the key up before the cart, so a 409 or 410 means it has no order for
            // it. Nothing to cancel.
            placement.step = .settled
            state.orderPlacement = placement
            return settle(&state, environment: environment)
        case .cartExpired where placing, .conflict where placing:
            // The existing rules: 410 rebuilds the checkout, 409 fetches it again. No payment is
            // taken again: placing resumes after it with the same key (`resumeAfterRecovery`).
            placement.step = .recovering
            state.orderPlacement = placement
            let effect =
                error == .cartExpired
                ? CheckoutCommands.restore(&state, environment: environment)
                : CheckoutCommands.refresh(&state, environment: environment)
            if state.native.recoveryInFlight == nil && state.native.refreshInFlight == nil {
                // Nothing could recover (no cart): show the error instead of waiting for nothing.
                placement.step = .failed(error)
                state.orderPlacement = placement
                return .merge(effect, showFailure(&state))
            }
            return effect
        default:
            let retry = CheckoutCommands.saturatingIncrement(placement.automaticRetries)
            if error.isRetryable, let delay = BackoffSchedule.orderPlacementRetries.delay(beforeTry: retry) {
                placement.automaticRetries = retry
                placement.step = .retryScheduled(retry: retry)
                state.orderPlacement = placement
                return CheckoutCommands.timer(
                    CheckoutEffectID.orderPlacementRetry, after: delay, on: environment.clock,
                    send: .order(.retryDue(retry: retry)))
            }
            placement.step = .failed(error)
            state.orderPlacement = placement
            return showFailure(&state)
        }
    }

    /// The customer tapped retry on the placement's failure: the same call again, with the same
    /// key, and a fresh set of automatic retries. While recovering from a 409 or 410 whose fetch or
    /// rebuild failed (nothing in flight), the checkout is fetched again instead (a 410 answer to
    /// that rebuilds it), and placing resumes after it.
    static func retry(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard var placement = state.orderPlacement else { return .none }
        switch placement.step {
        case .failed:
            clearErrors(&state)
            placement.automaticRetries = 0
            placement.step = .settled
            state.orderPlacement = placement
            return advance(&state, environment: environment)
        case .recovering where state.native.refreshInFlight == nil && state.native.recoveryInFlight == nil:
            state.errors.removeAll { $0.retry == .refresh || $0.retry == .restore }
            return CheckoutCommands.refresh(&state, environment: environment)
        default:
            return .none
        }
    }

    /// After the checkout was fetched again (409) or rebuilt (410) while placing: place again
    /// with the same key when the total is still the amount paid. When it is not, the order
    /// cannot be placed for that payment: the payment is voided through the provider (as a
    /// payment whose total changed is abandoned), any order an earlier call with the key may have
    /// made (its answer lost) is cancelled, and once that settled the customer can pay the new
    /// total.
    static func resumeAfterRecovery(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard var placement = state.orderPlacement, placement.step == .recovering else { return .none }
        placement.step = .settled
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requireShownAmount(asked: placement.amount, shown: state.displayedTotal)
        } catch {
            placement.target = .cancelled
            state.orderPlacement = placement
            let failure = PaymentFailure(
                kind: .guardViolation,
                message: "\(error) after the payment was taken; the payment was voided and no order was placed")
            let void = PaymentReducer.fail(failure, &state, environment)
            CheckoutCommands.clearErrors(retry: .payment, in: &state)
            CheckoutCommands.showError(.totalChanged, retry: nil, in: &state)
            return .merge(void, advance(&state, environment: environment))
        }
        state.orderPlacement = placement
        return advance(&state, environment: environment)
    }

    // MARK: Settling

    /// The backend's order has the status the payment calls for: show it. A confirmed or pending
    /// order completes the checkout (the thank-you or "we'll email you" view; the cart is cleared
    /// then); a cancelled one leaves no completed order behind and unlocks paying again.
    static func settle(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let placement = state.orderPlacement, placement.step == .settled else { return .none }
        if let placed = placement.placed, placed.status != .cancelled {
            let completed = CompletedOrder(placed: placed)
            guard state.completedOrder != nil else {
                return CheckoutCommands.complete(completed, &state, environment: environment)
            }
            state.completedOrder = completed
            return .none
        }
        state.completedOrder = nil
        if state.view == .completed { state.view = .nativeCheckout }
        if let placed = placement.placed {
            CheckoutCommands.showError(.orderCancelled(orderNumber: placed.number), retry: .payment, in: &state)
        } else if case .failed(let failure) = state.payment.phase {
            CheckoutCommands.showError(.paymentFailed(failure), retry: .payment, in: &state)
        }
        return .none
    }

    static func showFailure(_ state: inout CheckoutState) -> Effects {
        guard let placement = state.orderPlacement, case .failed(let error) = placement.step else { return .none }
        CheckoutCommands.showError(.orderPlacementFailed(error), retry: .placeOrder, in: &state)
        return .none
    }

    private static func clearErrors(_ state: inout CheckoutState) {
        state.errors.removeAll {
            if case .orderPlacementFailed = $0.kind { return true }
            return false
        }
    }
}

import StateStore

/// The steps several reducers share: each changes the state and returns the effect that goes with
/// it. Kept here so a retry and the first attempt run exactly the same code.
enum CheckoutCommands {
    typealias Effects = Effect<CheckoutAction>

    // MARK: Requests and errors

    /// The id that follows `id` in a counter of ids (requests, errors, payment attempts): one
    /// more, and 1 again after `Int.max`. A counter that a log's header or a long-lived state
    /// brings to its limit goes on, the same way in every replay, instead of trapping.
    @inline(__always)
    static func successor(of id: Int) -> Int {
        id == .max ? 1 : id + 1
    }

    /// One more, stopping at `Int.max`: for counts (not ids), which must never trap.
    @inline(__always)
    static func saturatingIncrement(_ count: Int) -> Int {
        count == .max ? .max : count + 1
    }

    /// A timer: waits `delay` on `clock`, then sends `action` (nothing when cancelled first). The
    /// reducer decided the delay; only the waiting runs here.
    static func timer(
        _ id: EffectID, after delay: Duration, on clock: any Clock<Duration>, send action: CheckoutAction
    ) -> Effects {
        .run(id: id) { send in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return  // cancelled
            }
            send(action)
        }
    }

    static func takeRequestID(_ state: inout CheckoutState) -> Int {
        let id = state.nextRequestID
        state.nextRequestID = successor(of: id)
        return id
    }

    /// Shows an error; an error of the same kind already shown is replaced, not repeated. Its id
    /// is one no error shown has (only after the counter wrapped can the next one be taken).
    static func showError(_ kind: CheckoutErrorKind, retry: RetryAction?, in state: inout CheckoutState) {
        state.errors.removeAll { $0.kind == kind }
        var id = state.nextErrorID
        while state.errors.contains(where: { $0.id == id }) { id = successor(of: id) }
        state.errors.append(CheckoutErrorMessage(id: id, kind: kind, retry: retry))
        state.nextErrorID = successor(of: id)
    }

    static func clearErrors(retry: RetryAction, in state: inout CheckoutState) {
        state.errors.removeAll { $0.retry == retry }
    }

    // MARK: Loading

    static func load(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        let requestID = takeRequestID(&state)
        state.loadInFlight = requestID
        state.view = .loading
        clearErrors(retry: .load, in: &state)
        let api = environment.api
        switch state.kind {
        case .web:
            let apiType = state.web.apiType
            // The cart the host gave the builder: a cart transfer posts its items.
            let cart = state.cart
            return .run(id: CheckoutEffectID.load, cancelInFlight: true) { send in
                do throws(CheckoutAPIError) {
                    let session = try await api.beginWebCheckout(apiType: apiType, cart: cart)
                    send(.result(.webSessionLoaded(session, requestID: requestID)))
                } catch {
                    send(.result(.webSessionFailed(error, requestID: requestID)))
                }
            }
        case .native:
            return .run(id: CheckoutEffectID.load, cancelInFlight: true) { send in
                do throws(CheckoutAPIError) {
                    let details = try await api.fetchCheckout()
                    send(.result(.checkoutLoaded(details, requestID: requestID)))
                } catch {
                    send(.result(.checkoutLoadFailed(error, requestID: requestID)))
                }
            }
        }
    }

    /// The view to return to after "leave checkout?" is cancelled.
    static func resumeView(_ state: CheckoutState) -> CheckoutViewState {
        if state.isFinished { return .completed }
        if state.loadInFlight != nil { return .loading }
        let loaded = state.kind == .web ? state.web.session != nil : state.cart != nil
        if !loaded {
            for error in state.errors.reversed() where error.retry == .load {
                if case .request(let apiError) = error.kind { return .failed(apiError) }
            }
            return .loading
        }
        return state.kind == .web ? .webCheckout : .nativeCheckout
    }

    // MARK: Applying the backend's checkout

    /// Takes the backend's checkout, then re-applies the edits it has not seen yet, so nothing
    /// the user entered is lost.
    static func apply(_ details: CheckoutDetails, to state: inout CheckoutState) {
        state.cart = details.cart
        state.email = details.email
        state.shippingContact = details.shippingContact
        state.billingContact = details.billingContact
        state.shippingMethods = details.shippingMethods
        state.selectedShippingMethodID = details.selectedShippingMethodID
        for update in state.native.pendingUpdates {
            update.apply(to: &state)
        }
        let offered = Set(state.shippingMethods.map(\.id))
        // A method the cart no longer offers cannot be selected: drop queued selections of it
        // (the one in flight, if any, gets the backend's own answer).
        let keepFirst = state.native.updateInFlight != nil
        state.native.pendingUpdates = state.native.pendingUpdates.enumerated().compactMap { index, update in
            if keepFirst && index == 0 { return update }
            if case .shippingMethod(let id) = update, !offered.contains(id) { return nil }
            return update
        }
        if let selected = state.selectedShippingMethodID, !offered.contains(selected) {
            state.selectedShippingMethodID = nil
        }
        state.orderSummary = OrderSummary(cart: details.cart)
    }

    // MARK: Edits

    /// Applies an edit locally and queues it for the backend.
    static func enqueue(
        _ update: CheckoutUpdate, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        update.apply(to: &state)
        let firstQueued = state.native.updateInFlight == nil ? 0 : 1
        if let index = state.native.pendingUpdates.indices.dropFirst(firstQueued).first(where: {
            state.native.pendingUpdates[$0].section == update.section
        }) {
            state.native.pendingUpdates[index] = update
        } else {
            state.native.pendingUpdates.append(update)
        }
        return sendNextUpdate(&state, environment: environment)
    }

    /// Sends the first queued edit, unless one is in flight, a rebuild or refresh runs, or the
    /// last attempt failed (then only a retry sends it).
    static func sendNextUpdate(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let update = state.native.pendingUpdates.first, state.native.updateInFlight == nil,
            state.native.recoveryInFlight == nil, state.native.refreshInFlight == nil,
            state.native.syncFailure == nil, let cartID = state.cart?.id
        else { return .none }
        let requestID = takeRequestID(&state)
        state.native.updateInFlight = requestID
        let api = environment.api
        return .run(id: CheckoutEffectID.sync) { send in
            do throws(CheckoutAPIError) {
                let details: CheckoutDetails
                switch update {
                case .email(let email): details = try await api.updateEmail(email, cartID: cartID)
                case .shippingContact(let address):
                    details = try await api.updateShippingContact(address, cartID: cartID)
                case .billingContact(let address): details = try await api.updateBillingContact(address, cartID: cartID)
                case .shippingMethod(let id): details = try await api.updateShippingMethod(id: id, cartID: cartID)
                }
                send(.result(.updateAccepted(details, requestID: requestID)))
            } catch {
                send(.result(.updateFailed(error, requestID: requestID)))
            }
        }
    }

    static func resendUpdates(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        state.native.syncFailure = nil
        clearErrors(retry: .resendUpdates, in: &state)
        return sendNextUpdate(&state, environment: environment)
    }

    // MARK: 410 and 409

    /// Rebuilds an expired checkout from the user's progress (the local state holds every edit,
    /// queued ones included, so the queue is folded into it).
    static func restore(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let progress = state.progress, state.native.recoveryInFlight == nil else { return .none }
        let requestID = takeRequestID(&state)
        state.native.recoveryInFlight = requestID
        state.native.pendingUpdates = []
        state.native.updateInFlight = nil
        state.native.syncFailure = nil
        clearErrors(retry: .restore, in: &state)
        let api = environment.api
        return .run(id: CheckoutEffectID.sync, cancelInFlight: true) { send in
            do throws(CheckoutAPIError) {
                send(.result(.checkoutRestored(try await api.restoreCheckout(progress), requestID: requestID)))
            } catch {
                send(.result(.restoreFailed(error, requestID: requestID)))
            }
        }
    }

    /// Fetches the checkout again after a conflict; queued edits wait and are resent after it.
    static func refresh(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard state.native.refreshInFlight == nil else { return .none }
        let requestID = takeRequestID(&state)
        state.native.refreshInFlight = requestID
        state.native.updateInFlight = nil
        clearErrors(retry: .refresh, in: &state)
        let api = environment.api
        return .run(id: CheckoutEffectID.sync, cancelInFlight: true) { send in
            do throws(CheckoutAPIError) {
                send(.result(.checkoutRefreshed(try await api.fetchCheckout(), requestID: requestID)))
            } catch {
                send(.result(.refreshFailed(error, requestID: requestID)))
            }
        }
    }

    /// What a failed request does: 410 rebuilds, 409 refreshes, anything else shows the error
    /// with `retry`.
    static func handleFailure(
        _ error: CheckoutAPIError, retry: RetryAction, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        switch error {
        case .cartExpired:
            return restore(&state, environment: environment)
        case .conflict:
            showError(.cartChanged, retry: nil, in: &state)
            return refresh(&state, environment: environment)
        default:
            showError(.request(error), retry: retry, in: &state)
            return .none
        }
    }

    // MARK: Completion

    /// Completes the checkout, once: later completions are ignored.
    static func complete(
        _ order: CompletedOrder, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        guard state.completedOrder == nil else { return .none }
        state.completedOrder = order
        // A checkout the user already left stays closed; the order is still recorded.
        if state.view != .dismissed { state.view = .completed }
        // Errors about the cart or the page mean nothing on the web checkout's thank-you view.
        if state.kind == .web { state.errors.removeAll(where: isStaleAfterCompletion) }
        state.journey.isCartCleared = true
        let clearCart = environment.clearCart
        var effects: [Effects] = [.run { _ in await clearCart() }]
        if state.kind == .web {
            state.cart = nil
            effects.append(recordCompletion(&state, environment: environment))
        }
        return .merge(effects)
    }

    static func isStaleAfterCompletion(_ error: CheckoutErrorMessage) -> Bool {
        switch error.kind {
        case .cartExpired, .cartChanged, .totalChanged, .page, .request(.cartExpired), .request(.conflict),
            .applePayNotConfirmed:
            return true
        default:
            return false
        }
    }

    static func recordCompletion(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let order = state.completedOrder else { return .none }
        let requestID = takeRequestID(&state)
        state.web.completionRecord = .recording
        clearErrors(retry: .recordCompletion, in: &state)
        let api = environment.api
        let apiType = state.web.apiType
        let reference = state.web.session?.reference
        return .run(id: CheckoutEffectID.completion, cancelInFlight: true) { send in
            do throws(CheckoutAPIError) {
                try await api.completeWebCheckout(apiType: apiType, order: order, reference: reference)
                send(.result(.completionRecorded(requestID: requestID)))
            } catch {
                send(.result(.completionRecordFailed(error, requestID: requestID)))
            }
        }
    }
}

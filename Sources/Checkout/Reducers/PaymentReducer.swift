public import StateStore

/// The provider-neutral payment state machine (see ``PaymentPhase``) and the guards that protect
/// the user's money:
///
/// - a payment starts only when every section before payment is complete and the backend has
///   every edit;
/// - the amount asked is the total the user was last shown, greater than zero, in a currency the
///   provider and merchant take, representable in the provider's minor units;
/// - the backend confirms cart and amount first (409: the new cart is fetched and no payment is
///   taken; 410: the checkout is rebuilt);
/// - a session for another amount is refused; a total that changed between presenting and the
///   result restarts the payment with the new total, and the user is told;
/// - cancelling, the app going away and timeouts always end in a defined phase, with the
///   provider's session abandoned;
/// - an authorised payment places the order as confirmed; a payment in the pending family
///   (awaiting confirmation, or a voucher shown) places it as pending and polls the provider's
///   authoritative lookup on ``BackoffSchedule/confirmationPolling``: confirmed, the order is
///   confirmed; refused, it is cancelled and paying unlocks (see ``OrderPlacementReducer``);
/// - a second result for a payment that already has one changes nothing: never a second order;
/// - a payment whose answer the checkout does not have (the app was killed while the provider
///   held it, or the shopper did not come back from a redirect) is checked with the provider's
///   lookup before anything else happens (``CheckoutState/isCheckingPayment``): never a lost
///   payment, never a second one.
public enum PaymentReducer {
    typealias Effects = Effect<CheckoutAction>

    /// The reducer.
    public static func make(environment: CheckoutEnvironment) -> CheckoutReducerType {
        CheckoutReducerType { state, action in reduce(into: &state, action, environment: environment) }
    }

    /// The reducer's work for one action: ``CheckoutReducer`` calls it directly, without a closure.
    static func reduce(
        into state: inout CheckoutState, _ action: CheckoutAction, environment: CheckoutEnvironment
    ) -> Effect<CheckoutAction> {
        guard case .payment(let action) = action, state.kind == .native else { return .none }
        return reduce(&state, action, environment: environment)
    }

    static func reduce(
        _ state: inout CheckoutState, _ action: PaymentAction, environment: CheckoutEnvironment
    ) -> Effects {
        let phase = state.payment.phase
        switch action {
        case .providerSelected(let id):
            guard phase.canStart, state.paymentProviders.contains(where: { $0.id == id }) else { return .none }
            state.payment.providerID = id
            return .none

        case .methodSelected(let id):
            guard phase.canStart else { return .none }
            state.payment.selectedMethodID = id
            return .none

        case .payTapped:
            return start(&state, environment: environment)

        case .retryTapped:
            guard case .failed = phase else { return .none }
            return start(&state, environment: environment)

        case .abortTapped:
            guard case .failed = phase else { return .none }
            reset(&state, to: .idle)
            return .none

        case .intentCreated(let intent, let attempt):
            guard attempt == state.payment.attempt, phase == .preparing, state.payment.intent == nil,
                let amount = state.payment.amount
            else { return .none }
            do throws(PaymentGuardViolation) {
                try PaymentGuards.requireShownAmount(asked: intent.amount, shown: amount)
                try PaymentGuards.requireShownAmount(asked: intent.amount, shown: state.displayedTotal)
            } catch {
                return fail(PaymentFailure(kind: .guardViolation, message: error.description), &state, environment)
            }
            state.payment.intent = intent
            return prepare(&state, environment: environment)

        case .intentFailed(let error, let attempt):
            guard attempt == state.payment.attempt, phase == .preparing else { return .none }
            switch error {
            case .cartExpired, .conflict:
                // No payment is taken: back to idle, and the cart is rebuilt (410) or refreshed (409).
                reset(&state, to: .idle)
                return CheckoutCommands.handleFailure(error, retry: .payment, &state, environment: environment)
            default:
                state.payment.phase = .failed(PaymentFailure(kind: .api, message: error.description))
                CheckoutCommands.showError(.request(error), retry: .payment, in: &state)
                return .none
            }

        case .sessionPrepared(let session, let attempt):
            guard attempt == state.payment.attempt, phase == .preparing, let due = state.payment.amountDue else {
                return .none
            }
            state.payment.session = session
            do throws(PaymentGuardViolation) {
                try PaymentGuards.requireShownAmount(asked: session.amount, shown: due)
            } catch {
                return fail(PaymentFailure(kind: .guardViolation, message: error.description), &state, environment)
            }
            if let restart = restartIfTotalChanged(&state, environment: environment) { return restart }
            state.payment.phase = .presenting
            return .none

        case .submitted(let submission):
            switch phase {
            case .presenting, .declined: break
            default: return .none
            }
            if let restart = restartIfTotalChanged(&state, environment: environment) { return restart }
            guard let session = state.payment.session else {
                return fail(PaymentFailure(kind: .configuration, message: "no prepared session"), &state, environment)
            }
            state.payment.phase = .submitting
            let attempt = state.payment.attempt
            return providerCall(session.providerID, attempt: attempt, environment: environment) { provider in
                .outcomeReceived(try await provider.submit(submission, in: session), attempt: attempt)
            }

        case .widgetStatusChanged(let report):
            var widget =
                state.payment.widget ?? PaymentWidgetState(status: .awaitingUpdate, amount: state.displayedTotal)
            widget.status =
                report.isValid
                ? .valid(checksum: report.checksum) : .invalid(errorCode: report.errorCode, message: report.message)
            state.payment.widget = widget
            return .none

        case .actionCompleted(let completed):
            guard case .actionRequired = phase, let session = state.payment.session else { return .none }
            var withChecksum = completed
            if state.paymentProviders.first(where: { $0.id == session.providerID })?.usesStatusWidget == true {
                // Capture waits for the widget's valid schedule for the current total, and carries
                // its checksum.
                guard let checksum = state.payment.widget?.captureChecksum else {
                    CheckoutCommands.showError(.paymentRefused(.widgetNotReady), retry: nil, in: &state)
                    return .none
                }
                withChecksum.widgetChecksum = checksum
            }
            let details = withChecksum
            state.payment.phase = .submittingDetails
            let attempt = state.payment.attempt
            return providerCall(session.providerID, attempt: attempt, environment: environment) { provider in
                .outcomeReceived(try await provider.submitDetails(details, in: session), attempt: attempt)
            }

        case .actionFinishedWithoutDetails:
            // The shopper was shown what to pay later (a voucher, a QR code, bank details): the
            // pending family. The action stays in the state for the host to show again.
            guard case .actionRequired(let request) = phase, request.finishesWithoutDetails else { return .none }
            state.payment.phase = .awaitingConfirmation
            state.payment.shopperAction = request
            state.payment.isConfirmed = false
            return awaitConfirmation(&state, environment: environment)

        case .dropInCompleted(let result):
            // Only a presented drop-in reports. A second report for the same payment (or one for a
            // payment that already moved on) changes nothing: never a second lookup or order.
            switch phase {
            case .presenting, .declined: break
            default: return .none
            }
            guard let session = state.payment.session else {
                return fail(PaymentFailure(kind: .configuration, message: "no prepared session"), &state, environment)
            }
            // The money may have moved already: the provider's lookup decides, as for any result.
            state.payment.phase = .submitting
            state.payment.dropInResultCode = result.resultCode
            let attempt = state.payment.attempt
            return providerCall(session.providerID, attempt: attempt, environment: environment) { provider in
                .outcomeReceived(try await provider.confirm(session, dropInResult: result), attempt: attempt)
            }

        case .dropInFailed(let message):
            // The drop-in, or one of its action components (a 3-D Secure challenge), failed.
            switch phase {
            case .presenting, .declined, .actionRequired: break
            default: return .none
            }
            return fail(PaymentFailure(kind: .provider, message: "the drop-in failed: \(message)"), &state, environment)

        case .outcomeReceived(let outcome, let attempt):
            guard attempt == state.payment.attempt else { return .none }
            switch phase {
            case .submitting, .submittingDetails:
                return receive(outcome, &state, environment: environment)
            case .awaitingConfirmation:
                // Only the answer to the lookup asked: a second answer changes nothing.
                guard state.payment.confirmation?.isLookupInFlight == true else { return .none }
                return receiveLookup(outcome, &state, environment: environment)
            default:
                return .none
            }

        case .providerFailed(let failure, let attempt):
            guard attempt == state.payment.attempt, phase.locksCheckout, phase != .succeeded else { return .none }
            if phase == .awaitingConfirmation {
                // The lookup failed, not the payment: it stays awaiting confirmation (its order
                // pending), and the next poll asks again.
                guard state.payment.confirmation?.isLookupInFlight == true else { return .none }
                return scheduleNextPoll(&state, environment: environment)
            }
            return fail(failure, &state, environment)

        case .declineAcknowledged:
            guard case .declined = phase else { return .none }
            if let restart = restartIfTotalChanged(&state, environment: environment) { return restart }
            state.payment.phase = .presenting
            return .none

        case .cancelTapped:
            switch phase {
            case .preparing, .presenting, .declined, .actionRequired:
                return abandon(&state, to: .cancelled, environment: environment)
            default:
                return .none
            }

        case .appWentAway:
            switch phase {
            case .preparing, .presenting, .declined, .actionRequired:
                return abandon(&state, to: .cancelled, environment: environment)
            case .submitting, .submittingDetails:
                let failure = PaymentFailure(kind: .interrupted, message: "the app went away during the payment")
                return fail(failure, &state, environment)
            default:
                return .none
            }

        case .timedOut:
            switch phase {
            case .preparing, .presenting, .declined, .actionRequired, .submitting, .submittingDetails:
                return fail(PaymentFailure(kind: .timeout, message: "the payment step timed out"), &state, environment)
            default:
                return .none
            }

        case .confirmationRequested:
            if case .actionRequired = phase {
                // The shopper did not come back from the action (a redirect whose return never
                // came): the provider may hold a payment the checkout has no answer for.
                return verify(&state, environment: environment)
            }
            guard phase == .awaitingConfirmation, state.payment.confirmation?.isLookupInFlight != true else {
                return .none
            }
            // The host asks now: the timer of the next poll waits for this answer instead.
            return .merge(.cancel(id: CheckoutEffectID.confirmationPoll), lookUp(&state, environment: environment))

        case .confirmationPollDue(let poll):
            guard phase == .awaitingConfirmation, var confirmation = state.payment.confirmation,
                confirmation.nextPoll == poll, !confirmation.isLookupInFlight
            else { return .none }
            confirmation.polls = poll
            state.payment.confirmation = confirmation
            return lookUp(&state, environment: environment)
        }
    }

    /// Runs a provider step as an effect. The provider is looked up inside the effect, so the
    /// state never depends on what the environment holds (a replay, with no providers, reduces to
    /// the same state); a missing provider comes back as a failure action.
    static func providerCall(
        _ providerID: String, attempt: Int, environment: CheckoutEnvironment,
        _ step: @escaping @Sendable (any PaymentProvider) async throws -> PaymentAction
    ) -> Effects {
        .run(id: CheckoutEffectID.payment, cancelInFlight: true) { send in
            guard let provider = environment.provider(id: providerID) else {
                let failure = PaymentFailure(kind: .configuration, message: "no payment provider \(providerID)")
                send(.payment(.providerFailed(failure, attempt: attempt)))
                return
            }
            do {
                send(.payment(try await withTimeout(environment.paymentStepTimeout) { try await step(provider) }))
            } catch {
                send(.payment(.providerFailed(PaymentFailure(error), attempt: attempt)))
            }
        }
    }

    /// Runs `work`, failing with a timeout ``PaymentFailure`` when it takes longer than `limit`
    /// (the work is cancelled).
    static func withTimeout<Value: Sendable>(
        _ limit: Duration?, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let limit else { return try await work() }
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw PaymentFailure(kind: .timeout, message: "the payment provider did not answer within \(limit)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw PaymentFailure(kind: .timeout, message: "the payment provider did not answer")
            }
            return first
        }
    }

    // MARK: Starting

    /// Starts a payment of the displayed total, if every rule allows it.
    static func start(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        // An order still being placed, or being cancelled, holds the checkout: a new payment
        // waits for it (never two orders).
        guard state.kind == .native, state.payment.phase.canStart, !state.isFinished, let cart = state.cart,
            state.orderPlacement?.isActive != true
        else {
            return .none
        }
        let statuses = SectionProgression.statuses(for: state)
        if let incomplete = statuses.first(where: { $0.section != .payment && !$0.isComplete }) {
            CheckoutCommands.showError(.sectionIncomplete(incomplete.section), retry: nil, in: &state)
            return .none
        }
        guard state.native.isInSync, state.native.syncFailure == nil else {
            let section = state.native.pendingUpdates.first?.section ?? .orderSummary
            CheckoutCommands.showError(.sectionIncomplete(section), retry: nil, in: &state)
            return .none
        }
        guard let provider = state.selectedProvider else {
            let failure = PaymentFailure(kind: .configuration, message: "no payment provider selected")
            state.payment.phase = .failed(failure)
            CheckoutCommands.showError(.paymentFailed(failure), retry: nil, in: &state)
            return .none
        }
        if state.native.paymentPresentation == .methodsSection, state.payment.selectedMethodID == nil {
            // Without a pay button, the user must pick a method in the methods section first.
            CheckoutCommands.showError(.sectionIncomplete(.payment), retry: nil, in: &state)
            return .none
        }
        let shown = cart.total
        do throws(PaymentGuardViolation) {
            _ = try PaymentGuards.checkStart(
                shown: shown, provider: provider, merchantCurrencies: state.merchantCurrencies)
        } catch {
            CheckoutCommands.showError(.paymentRefused(error), retry: nil, in: &state)
            return .none
        }
        CheckoutCommands.clearErrors(retry: .payment, in: &state)
        reset(&state, to: .preparing)
        state.payment.attempt = CheckoutCommands.successor(of: state.payment.attempt)
        state.payment.amount = shown
        let attempt = state.payment.attempt
        let api = environment.api
        let cartID = cart.id
        return .run(id: CheckoutEffectID.payment, cancelInFlight: true) { send in
            do throws(CheckoutAPIError) {
                let intent = try await api.startPayment(cartID: cartID, expectedAmount: shown)
                send(.payment(.intentCreated(intent, attempt: attempt)))
            } catch {
                send(.payment(.intentFailed(error, attempt: attempt)))
            }
        }
    }

    /// Asks the provider to prepare a session for what is due.
    static func prepare(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let descriptor = state.selectedProvider, let due = state.payment.amountDue,
            let intent = state.payment.intent
        else {
            let failure = PaymentFailure(
                kind: .configuration, message: "no payment provider \(state.payment.providerID ?? "")")
            return fail(failure, &state, environment)
        }
        let minorUnits: Int64
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requirePositive(due)
            minorUnits = try PaymentGuards.minorUnits(of: due, provider: descriptor)
        } catch {
            return fail(PaymentFailure(kind: .guardViolation, message: error.description), &state, environment)
        }
        let request = PaymentRequest(
            amount: due, minorUnits: minorUnits, reference: intent.reference, cartID: intent.cartID,
            countryCode: state.shippingContact?.countryCode, methodID: state.payment.selectedMethodID)
        let attempt = state.payment.attempt
        return providerCall(descriptor.id, attempt: attempt, environment: environment) { provider in
            .sessionPrepared(try await provider.prepare(request), attempt: attempt)
        }
    }

    // MARK: Results

    /// The provider's answer to a submission or to an action's details.
    static func receive(
        _ outcome: PaymentOutcome, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        switch outcome {
        case .authorised(let receipt), .awaitingConfirmation(let receipt):
            if let restart = restartIfTotalChanged(&state, environment: environment) { return restart }
            do throws(PaymentGuardViolation) {
                try PaymentGuards.requireShownAmount(asked: receipt.amount, shown: state.payment.amountDue)
            } catch {
                return fail(PaymentFailure(kind: .guardViolation, message: error.description), &state, environment)
            }
            state.payment.receipt = receipt
            // A result code informs; only the authoritative lookup confirms. A drop-in's result
            // was answered by the lookup.
            state.payment.isConfirmed = false
            if case .authorised = outcome {
                state.payment.isConfirmed = state.payment.dropInResultCode != nil
                state.payment.phase = .succeeded
                return OrderCommands.begin(.confirmed, &state, environment: environment)
            }
            state.payment.phase = .awaitingConfirmation
            return awaitConfirmation(&state, environment: environment)

        case .actionRequired where state.payment.dropInResultCode != nil,
            .partiallyAuthorised where state.payment.dropInResultCode != nil:
            // The drop-in made the payment and finished: there is no further step to take.
            let failure = PaymentFailure(
                kind: .provider, message: "the drop-in finished its payment, yet the provider asked for another step")
            return fail(failure, &state, environment)

        case .actionRequired(let request):
            state.payment.phase = .actionRequired(request)
            return .none

        case .refused(let reason) where state.payment.dropInResultCode != nil:
            return dropInRefused(reason: reason, &state, environment: environment)

        case .refused(let reason):
            state.payment.phase = .declined(reason: reason)
            CheckoutCommands.showError(.paymentDeclined(reason: reason), retry: nil, in: &state)
            return .none

        case .cancelled:
            return abandon(&state, to: .cancelled, environment: environment)

        case .error(let message):
            return fail(PaymentFailure(kind: .provider, message: message), &state, environment)

        case .partiallyAuthorised(let receipt, let remaining):
            guard state.selectedProvider?.supportsPartialPayments == true, let amount = state.payment.amount,
                receipt.amount.currencyCode == amount.currencyCode
            else {
                let failure = PaymentFailure(kind: .provider, message: "partial payment not supported")
                return fail(failure, &state, environment)
            }
            let paid = (state.payment.paidAmount?.amount ?? 0) + receipt.amount.amount
            state.payment.paidAmount = Money(amount: paid, currencyCode: amount.currencyCode)
            // The part paid and the rest are both more than zero (so neither is NaN, and the rest
            // is less than what was due), and add up to what was due: a part "paid" of a negative
            // amount would otherwise ask the provider for more than the total shown.
            do throws(PaymentGuardViolation) {
                try PaymentGuards.requirePositive(receipt.amount)
                try PaymentGuards.requirePositive(remaining)
                try PaymentGuards.requireShownAmount(asked: remaining, shown: state.payment.amountDue)
            } catch {
                let failure = PaymentFailure(
                    kind: .guardViolation, message: "remaining amount \(remaining) does not add up: \(error)")
                return fail(failure, &state, environment)
            }
            // Keep the paid session until the remainder's arrives: if the shopper leaves, the
            // app goes away or a step times out meanwhile, abandoning must still reach the
            // provider with it, so the part already paid (an open order) is cancelled and refunded.
            state.payment.phase = .preparing
            return prepare(&state, environment: environment)
        }
    }

    // MARK: Awaiting confirmation

    /// The pending family: the order is placed as pending, and the authoritative lookup is polled.
    static func awaitConfirmation(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        state.payment.confirmation = PaymentConfirmationState()
        return .merge(
            OrderCommands.begin(.pending, &state, environment: environment),
            scheduleNextPoll(&state, environment: environment))
    }

    /// Checks a payment whose answer the checkout does not have with the provider's lookup: now,
    /// then on ``BackoffSchedule/confirmationPolling``. No order is placed before it answers
    /// (``CheckoutState/isCheckingPayment``): authorised places it as confirmed, pending as
    /// pending (and polling goes on), refused or cancelled unlocks paying again; no definite answer
    /// by the schedule's end shows ``CheckoutErrorKind/paymentUnconfirmed``, whose retry asks again.
    static func verify(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        state.payment.phase = .awaitingConfirmation
        state.payment.isConfirmed = false
        state.payment.confirmation = PaymentConfirmationState()
        return .merge(.cancel(id: CheckoutEffectID.confirmationPoll), lookUp(&state, environment: environment))
    }

    /// Polling goes on after the app was relaunched, where it stopped: a lookup whose answer was
    /// lost is asked again; the poll that was due is scheduled again (its timer died with the
    /// app); polling that had ended stays ended.
    static func resumePolling(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard state.payment.phase == .awaitingConfirmation, let confirmation = state.payment.confirmation else {
            return scheduleNextPoll(&state, environment: environment)
        }
        if confirmation.isLookupInFlight { return lookUp(&state, environment: environment) }
        if let poll = confirmation.nextPoll {
            guard let delay = BackoffSchedule.confirmationPolling.delay(beforeTry: poll) else {
                return endPolling(&state)
            }
            return CheckoutCommands.timer(
                CheckoutEffectID.confirmationPoll, after: delay, on: environment.clock,
                send: .payment(.confirmationPollDue(poll: poll)))
        }
        return confirmation.hasEnded ? .none : scheduleNextPoll(&state, environment: environment)
    }

    /// Asks the provider's authoritative lookup now (a poll, or the host's request); the next poll
    /// is scheduled from its answer.
    ///
    /// Effects, here and in the order placement: an effect whose action is reduced on its own task
    /// must not be cancelled by that reduction (a cancelled effect stops counting as running while
    /// its task still reduces the actions queued behind it, so `waitForEffects` could return
    /// early). So the timers, the key and the calls each have their own id, none cancels work in
    /// flight when it starts, and a timer that fires late is ignored by the state (its poll or
    /// retry number is no longer the one awaited). Only the host's request cancels the sleeping
    /// poll timer, from the host's thread.
    static func lookUp(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        guard let session = state.payment.session else {
            // Nothing to look up with: polling ends, and the order stays pending for the backend.
            return endPolling(&state)
        }
        var confirmation = state.payment.confirmation ?? PaymentConfirmationState()
        confirmation.nextPoll = nil
        confirmation.isLookupInFlight = true
        state.payment.confirmation = confirmation
        let attempt = state.payment.attempt
        return providerCall(session.providerID, attempt: attempt, environment: environment) { provider in
            .outcomeReceived(try await provider.confirm(session), attempt: attempt)
        }
    }

    /// Schedules the next poll on ``BackoffSchedule/confirmationPolling`` (the timer waits on the
    /// environment's clock), or ends polling when the schedule ran out: the order stays pending.
    static func scheduleNextPoll(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects {
        var confirmation = state.payment.confirmation ?? PaymentConfirmationState()
        let next = CheckoutCommands.saturatingIncrement(confirmation.polls)
        guard !confirmation.hasEnded, let delay = BackoffSchedule.confirmationPolling.delay(beforeTry: next) else {
            return endPolling(&state)
        }
        confirmation.isLookupInFlight = false
        confirmation.nextPoll = next
        state.payment.confirmation = confirmation
        return CheckoutCommands.timer(
            CheckoutEffectID.confirmationPoll, after: delay, on: environment.clock,
            send: .payment(.confirmationPollDue(poll: next)))
    }

    /// Polling ends with the payment still awaiting confirmation: its order stays pending, and the
    /// backend (its webhook) settles it; the host may still ask. A payment being checked, with no
    /// order, says so: ``CheckoutErrorKind/paymentUnconfirmed`` with a retry that asks again.
    static func endPolling(_ state: inout CheckoutState) -> Effects {
        var confirmation = state.payment.confirmation ?? PaymentConfirmationState()
        confirmation.isLookupInFlight = false
        confirmation.nextPoll = nil
        confirmation.hasEnded = true
        state.payment.confirmation = confirmation
        if state.isCheckingPayment {
            CheckoutCommands.showError(.paymentUnconfirmed, retry: .confirmPayment, in: &state)
        }
        return .none
    }

    /// The authoritative lookup's answer for a payment awaiting confirmation. Only a definite
    /// answer moves it: authorised (for the amount due) confirms the order; refused or cancelled
    /// cancels it and unlocks paying again. Anything else (still pending, an error, an action, a
    /// partial payment, an authorisation for another amount) settles nothing: the next poll asks
    /// again.
    static func receiveLookup(
        _ outcome: PaymentOutcome, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        switch outcome {
        case .authorised(let receipt):
            do throws(PaymentGuardViolation) {
                try PaymentGuards.requireShownAmount(asked: receipt.amount, shown: state.payment.amountDue)
            } catch {
                let log = environment.log
                let message = "checkout: ignored a confirmation: \(error)"
                return .merge(.run { _ in log(message) }, scheduleNextPoll(&state, environment: environment))
            }
            state.payment.confirmation?.isLookupInFlight = false
            state.payment.confirmation?.nextPoll = nil
            state.payment.receipt = receipt
            state.payment.phase = .succeeded
            state.payment.isConfirmed = true
            clearUnconfirmed(&state)
            return OrderCommands.begin(.confirmed, &state, environment: environment)

        case .refused(let reason):
            return refuse(reason: reason, &state, environment: environment)

        case .cancelled:
            return refuse(reason: "cancelled", &state, environment: environment)

        case .awaitingConfirmation(let receipt) where state.isCheckingPayment:
            // A payment being checked turns out pending: the pending family from here (its order
            // placed as pending), if it is for the amount due.
            guard (try? PaymentGuards.requireShownAmount(asked: receipt.amount, shown: state.payment.amountDue)) != nil
            else { return scheduleNextPoll(&state, environment: environment) }
            state.payment.receipt = receipt
            clearUnconfirmed(&state)
            return .merge(
                OrderCommands.begin(.pending, &state, environment: environment),
                scheduleNextPoll(&state, environment: environment))

        case .awaitingConfirmation, .error, .actionRequired, .partiallyAuthorised:
            return scheduleNextPoll(&state, environment: environment)
        }
    }

    /// A definite answer came for a payment being checked: "we could not confirm" no longer holds.
    static func clearUnconfirmed(_ state: inout CheckoutState) {
        state.errors.removeAll { $0.kind == .paymentUnconfirmed }
    }

    /// A payment awaiting confirmation was refused: the payment fails (sections unlock), and its
    /// pending order is cancelled; paying again is possible once the backend cancelled it.
    ///
    /// The lookup that answered is the running payment effect (this runs on its task), so it is
    /// not cancelled; the provider's session is abandoned as ``abandon(_:to:environment:)`` does.
    static func refuse(
        reason: String, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let session = state.payment.session
        let failure = PaymentFailure(kind: .refused, message: reason)
        if state.isCheckingPayment {
            // No order to cancel, whose settling would say so: say it now.
            clearUnconfirmed(&state)
            CheckoutCommands.showError(.paymentFailed(failure), retry: .payment, in: &state)
        }
        reset(&state, to: .failed(failure))
        var effects: [Effects] = []
        if let session, let provider = environment.provider(id: session.providerID) {
            effects.append(.run { _ in await provider.cancel(session) })
        }
        effects.append(OrderCommands.retarget(.cancelled, &state, environment: environment))
        return .merge(effects)
    }

    /// The provider refused a payment its drop-in made: that drop-in is over, so the payment fails
    /// (the sections unlock) with the decline shown, and paying again starts a new session. The
    /// lookup that answered is the running payment effect, so it is not cancelled (as in
    /// ``refuse(reason:_:environment:)``).
    static func dropInRefused(
        reason: String, _ state: inout CheckoutState, environment: CheckoutEnvironment
    ) -> Effects {
        let session = state.payment.session
        reset(&state, to: .failed(PaymentFailure(kind: .declined, message: reason)))
        CheckoutCommands.showError(.paymentDeclined(reason: reason), retry: .payment, in: &state)
        guard let session, let provider = environment.provider(id: session.providerID) else { return .none }
        return .run { _ in await provider.cancel(session) }
    }

    // MARK: Ending

    /// Restarts the payment when the displayed total is no longer the amount being paid: the old
    /// session is abandoned, the user is told, and a new payment starts for the new total.
    static func restartIfTotalChanged(_ state: inout CheckoutState, environment: CheckoutEnvironment) -> Effects? {
        guard let amount = state.payment.amount else { return nil }
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requireUnchangedTotal(presented: amount, current: state.displayedTotal)
            return nil
        } catch {
            let abandonEffect = abandon(&state, to: .idle, environment: environment)
            // A count, not an id: it stops at its limit.
            if state.payment.restarts < .max { state.payment.restarts += 1 }
            CheckoutCommands.showError(.totalChanged, retry: nil, in: &state)
            return .merge(abandonEffect, start(&state, environment: environment))
        }
    }

    static func fail(
        _ failure: PaymentFailure, _ state: inout CheckoutState, _ environment: CheckoutEnvironment
    ) -> Effects {
        let effect = abandon(&state, to: .failed(failure), environment: environment)
        CheckoutCommands.showError(.paymentFailed(failure), retry: .payment, in: &state)
        return effect
    }

    /// Ends the running payment in `phase`: running work is cancelled and the provider's session
    /// abandoned, so nothing is left half-started.
    static func abandon(
        _ state: inout CheckoutState, to phase: PaymentPhase, environment: CheckoutEnvironment
    ) -> Effects {
        let session = state.payment.session
        reset(&state, to: phase)
        var effects: [Effects] = [.cancel(id: CheckoutEffectID.payment)]
        if let session, let provider = environment.provider(id: session.providerID) {
            effects.append(.run { _ in await provider.cancel(session) })
        }
        return .merge(effects)
    }

    static func reset(_ state: inout CheckoutState, to phase: PaymentPhase) {
        state.payment.phase = phase
        state.payment.intent = nil
        state.payment.session = nil
        state.payment.paidAmount = nil
        state.payment.receipt = nil
        state.payment.isConfirmed = false
        state.payment.shopperAction = nil
        state.payment.confirmation = nil
        state.payment.dropInResultCode = nil
        if phase == .idle || phase == .cancelled { state.payment.amount = nil }
    }
}

/// What a native checkout had under way when the app was killed, read from its state alone: what
/// ``CommonAction/relaunched(_:)`` restarts, and what ``CheckoutRestore`` tells the host before
/// it starts a store.
///
/// | Under way | On relaunch |
/// | --- | --- |
/// | a redirect (bank app, 3-D Secure page) | keeps waiting for the return: the host sends `.payment(.actionCompleted(…))` when the app opens with the return URL; `.payment(.confirmationRequested)` asks the provider instead, `cancelTapped` gives up |
/// | the provider held the shopper's choice (submitting, details, an approval in another app or SDK) | the answer is lost and money may have moved: the provider's authoritative lookup decides, "we're checking your payment" (``CheckoutState/isCheckingPayment``) |
/// | a voucher, QR code or document being shown | the pending family: the order is placed as pending and the lookup polled |
/// | awaiting confirmation | polling resumes: the poll that was due is scheduled again on the clock, a lookup in flight is asked again |
/// | not with the provider yet (preparing, the drop-in, a decline shown, an in-app 3-D Secure step) | no money moved: the payment ends as interrupted (``PaymentFailure/Kind/interrupted``), its session abandoned; the customer pays again |
/// | an order placement making its key, placing, updating or waiting to retry | resumed with the recorded key: never a second order |
/// | Checkout API calls (the load, an edit, a fetch or rebuild after a 409 or 410, a wallet sheet's call) | made again (a rebuild is asked as a fetch first, which rebuilds only if the cart is still expired) |
///
/// A web checkout has nothing to resume: its payment runs on the merchant's page, whose session
/// (cookies, headers) is a secret no log holds; start it again.
public struct CheckoutInFlight: Sendable, Hashable, Codable {
    /// The payment's part.
    public enum Payment: Sendable, Hashable, Codable {
        /// Waiting for the shopper to come back from a redirect: keeps waiting for the return.
        case awaitingReturn(PaymentActionRequest.Kind)
        /// The provider held the shopper's choice and its answer was lost: the lookup decides.
        case outcomeUnknown
        /// Something to pay later was being shown: the payment goes on as the pending family.
        case shownToPayLater(PaymentActionRequest.Kind)
        /// Awaiting confirmation: polling resumes.
        case awaitingConfirmation
        /// Not with the provider yet: no money moved; the payment ends as interrupted.
        case notSubmitted
    }

    /// The payment under way, if any.
    public var payment: Payment?
    /// Where the order placement under way was (making its key, placing, updating, waiting to
    /// retry, or recovering with a fetch or rebuild in flight), if one was.
    public var orderPlacement: OrderPlacementState.Step?
    /// The key every call of that placement carries, once made (the relaunch places with it).
    public var idempotencyKey: String?
    /// Whether Checkout API calls were in flight (the load, an edit, a fetch or rebuild, a wallet
    /// sheet's call).
    public var hasCheckoutCalls: Bool

    /// Nothing under way.
    public init() {
        payment = nil
        orderPlacement = nil
        idempotencyKey = nil
        hasCheckoutCalls = false
    }

    /// What `state` has under way.
    public init(_ state: CheckoutState) {
        self.init()
        guard state.kind == .native else { return }
        payment = Self.payment(state.payment)
        if let placement = state.orderPlacement {
            switch placement.step {
            case .makingKey, .placing, .updating, .retryScheduled:
                orderPlacement = placement.step
            case .recovering where state.native.refreshInFlight != nil || state.native.recoveryInFlight != nil:
                orderPlacement = placement.step
            case .recovering, .failed, .settled:
                break
            }
            if orderPlacement != nil { idempotencyKey = placement.idempotencyKey }
        }
        hasCheckoutCalls =
            state.loadInFlight != nil || state.native.updateInFlight != nil || state.native.refreshInFlight != nil
            || state.native.recoveryInFlight != nil || state.walletSheet?.callInFlight != nil
    }

    /// Whether nothing was under way: the checkout can start afresh (the backend holds what the
    /// customer entered, and any order).
    public var isEmpty: Bool { payment == nil && orderPlacement == nil && !hasCheckoutCalls }

    /// The payment's part of `payment`'s phase.
    static func payment(_ payment: PaymentState) -> Payment? {
        switch payment.phase {
        case .idle, .cancelled, .failed, .succeeded:
            return nil
        case .preparing, .presenting, .declined:
            return .notSubmitted
        case .submitting, .submittingDetails:
            return .outcomeUnknown
        case .actionRequired(let request):
            switch request.kind {
            case .redirect:
                return .awaitingReturn(request.kind)
            case .threeDSFingerprint, .threeDSChallenge:
                // The 3-D Secure component lived in the app, and its data is a secret no log
                // holds: it cannot be shown again, and without its result no money moves.
                return .notSubmitted
            case .sdk, .await:
                // The shopper approves in another app: money may move without the app.
                return .outcomeUnknown
            case .voucher, .qrCode, .document:
                return .shownToPayLater(request.kind)
            }
        case .awaitingConfirmation:
            guard let confirmation = payment.confirmation else { return .awaitingConfirmation }
            let running = confirmation.isLookupInFlight || confirmation.nextPoll != nil || !confirmation.hasEnded
            return running ? .awaitingConfirmation : nil
        }
    }
}

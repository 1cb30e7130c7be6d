public import Checkout
import Foundation
public import StateStore

/// Runs an express checkout from the cart screen on the regular checkout store, for a wallet
/// that hands over everything at once (PayPal, or Apple Pay without the sheet's callbacks): it
/// presents a wallet sheet to the engine and authorises it with `wallet`, so the checkout's
/// `WalletSheetReducer` applies the wallet's contact and addresses with the native actions
/// that set them (`ExpressCheckoutPlanner`), then pays with the wallet's token. Express and
/// regular checkout therefore share every rule: section validation, the Checkout API's 409/410
/// recovery, the payment guards, the amount shown.
///
/// ```swift
/// let express = ExpressCheckout(store: checkoutStore, providerID: braintree.descriptor.id)
/// switch await express.run(walletResult) {
/// case .completed(let order, _): showConfirmation(order)
/// case .totalChanged(_, let current): updateWalletSheet(total: current)
/// case .actionRequired(let action): perform(action)
/// default: showCheckoutErrors()
/// }
/// ```
///
/// A host that shows Apple Pay's sheet dispatches its callbacks as `WalletSheetAction`s
/// instead and gets the answers through its `WalletSheet`; `run` is that flow with the
/// authorisation only. Either way the flow is driven by actions and their results, not by
/// waiting for the store's effects, and a recorded log replays like any other.
public struct ExpressCheckout: Sendable {
    /// The checkout store (the same one the checkout screen uses).
    public let store: Store<CheckoutState>
    /// The provider taking the wallet's payment.
    public let providerID: String
    /// The name the sheet's total line shows.
    public var merchantName: String

    /// Creates an express checkout on `store` paying with `providerID`.
    public init(store: Store<CheckoutState>, providerID: String, merchantName: String = "Total") {
        self.store = store
        self.providerID = providerID
        self.merchantName = merchantName
    }

    /// Brings the checkout in line with `wallet`, then pays; returns once the engine answered
    /// the authorisation and the checkout settled (the store's state changes tell when: this
    /// never waits for the store's effects).
    ///
    /// A payment left in the drop-in by an earlier attempt (declined, or presented and never
    /// submitted) is cancelled first, as closing its sheet would: the checkout can only be edited
    /// with no payment under way.
    public func run(_ wallet: ExpressWalletResult) async -> ExpressCheckoutOutcome {
        if store.state.cart == nil {
            let shown = Set(store.state.errors.map(\.id))
            if store.state.loadInFlight == nil { store.dispatch(.common(.started)) }
            let loaded = await firstState { state in
                state.cart != nil || state.errors.contains { $0.retry == .load && !shown.contains($0.id) }
            }
            guard loaded.cart != nil else {
                let error = loaded.errors.last { $0.retry == .load }
                return .rejected(error?.kind ?? .sectionIncomplete(.contactInformation))
            }
        }
        let previous = store.state.walletSheet?.session ?? 0
        store.dispatch(.wallet(.sheetPresented(providerID: providerID, merchantName: merchantName)))
        let presented = await firstState { ($0.walletSheet?.session ?? 0) != previous }
        guard let session = presented.walletSheet?.session else { return .cancelled }
        if case .refused(let reason) = presented.walletSheet?.status {
            return .rejected(Self.checkoutError(for: reason, in: presented))
        }
        let requestID = 1
        store.dispatch(.wallet(.paymentAuthorized(wallet, requestID: requestID)))
        let answered = await firstState { state in
            guard let sheet = state.walletSheet, sheet.session == session else { return true }
            return sheet.lastAnswer?.requestID == requestID || sheet.status == .dismissed
        }
        // The wallet's sheet is done. Return once the dismissal is reduced and the checkout has
        // settled (a 409's refresh or a 410's rebuild answered), so the caller reads the state
        // the outcome describes.
        store.dispatch(.wallet(.sheetDismissed))
        let settled = await firstState { state in
            state.walletSheet?.session != session || state.walletSheet?.status == .dismissed
                ? state.loadInFlight == nil && state.native.updateInFlight == nil
                    && state.native.recoveryInFlight == nil && state.native.refreshInFlight == nil
                : false
        }
        // A paid authorisation places the order next: wait until the placement settles (the
        // backend's order, or a failure the customer can retry), never for the store's effects.
        var paid = answered
        if case .authorization(let result, requestID)? = answered.walletSheet?.lastAnswer, result.status == .success {
            paid.completedOrder = await firstState { !($0.orderPlacement?.isWaiting ?? false) }.completedOrder
        }
        var outcome = Self.outcome(of: paid, session: session, requestID: requestID, wallet: wallet)
        if case .totalChanged(let shown, _) = outcome {
            outcome = .totalChanged(shown: shown, current: settled.displayedTotal)
        }
        return outcome
    }

    /// The first state (the current one included) that satisfies `predicate`; the current state
    /// when the waiting task is cancelled.
    ///
    /// A plain subscription, cancelled here before returning: a stream's subscription would end
    /// later, on another thread, and that thread could then process actions the caller
    /// dispatches next, out of sight of `Store.waitForEffects()`.
    private func firstState(_ predicate: @escaping @Sendable (CheckoutState) -> Bool) async -> CheckoutState {
        let match = FirstMatch()
        let store = self.store
        let state = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<CheckoutState, Never>) in
                match.wait(with: continuation)
                match.keep(
                    store.subscribe({ $0 }) { state in
                        if predicate(state) { match.resume(with: state) }
                    })
            }
        } onCancel: {
            match.resume(with: store.state)
        }
        match.cancelSubscription()
        return state
    }

    /// Where the authorisation ended, read from the state the engine answered it in.
    static func outcome(
        of state: CheckoutState, session: Int, requestID: Int, wallet: ExpressWalletResult
    ) -> ExpressCheckoutOutcome {
        guard let sheet = state.walletSheet, sheet.session == session,
            case .authorization(let result, requestID)? = sheet.lastAnswer
        else { return .cancelled }
        if result.status == .success {
            switch state.payment.phase {
            case .actionRequired(let request):
                return .actionRequired(request)
            case .succeeded, .awaitingConfirmation:
                guard let order = state.completedOrder else {
                    return .failed(PaymentFailure(kind: .api, message: "no order"))
                }
                return .completed(order, awaitingConfirmation: state.payment.phase == .awaitingConfirmation)
            default:
                return .failed(PaymentFailure(kind: .provider, message: "paid, then \(state.payment.phase.name)"))
            }
        }
        switch sheet.refusal {
        case .paymentDeclined(let reason)?: return .declined(reason: reason)
        case .paymentFailed(let failure)?: return .failed(failure)
        case .totalChanged?: return .totalChanged(shown: wallet.shownTotal, current: state.displayedTotal)
        case let refusal?: return .rejected(refusal)
        case nil: break
        }
        switch result.errors.first {
        case .totalChanged(let shown, let current)?:
            return .totalChanged(shown: shown ?? wallet.shownTotal, current: current)
        case .paymentDeclined(let reason)?: return .declined(reason: reason)
        case .paymentFailed(let failure)?: return .failed(failure)
        case .paymentCancelled?: return .cancelled
        case .checkoutRefused(let kind)?: return .rejected(kind)
        case let error?: return .rejected(checkoutError(for: error, in: state))
        case nil: return .rejected(.sectionIncomplete(state.native.currentSection ?? .payment))
        }
    }

    /// The checkout error that stands for a sheet error no checkout error caused.
    static func checkoutError(for error: WalletSheetError, in state: CheckoutState) -> CheckoutErrorKind {
        switch error {
        case .paymentRefused(let violation): return .paymentRefused(violation)
        case .checkoutRefused(let kind): return kind
        default: return .sectionIncomplete(state.native.currentSection ?? .payment)
        }
    }
}

/// One wait for a state: the continuation, resumed once, and the subscription that feeds it.
private final class FirstMatch: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<CheckoutState, Never>?
    private var resumedWith: CheckoutState?
    private var subscription: StoreSubscription?

    func wait(with continuation: CheckedContinuation<CheckoutState, Never>) {
        let ready: CheckoutState? = lock.withLock {
            if let resumedWith { return resumedWith }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func keep(_ subscription: StoreSubscription) {
        lock.withLock { self.subscription = subscription }
    }

    func resume(with state: CheckoutState) {
        let waiting: CheckedContinuation<CheckoutState, Never>? = lock.withLock {
            guard resumedWith == nil else { return nil }
            resumedWith = state
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: state)
    }

    func cancelSubscription() {
        let subscription = lock.withLock {
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}

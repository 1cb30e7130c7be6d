public import Checkout
public import StateStore

/// Runs an express checkout from the cart screen on the regular checkout store: the wallet's
/// contact and addresses become the native actions that set them (``ExpressCheckoutPlanner``),
/// then pay, submitting the wallet's token to the provider. Express and regular checkout
/// therefore share every rule: section validation, the Checkout API's 409/410 recovery, the
/// payment guards, the amount shown.
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
/// Every step is an ordinary dispatched action, so a recorded log of an express checkout
/// replays like any other.
public struct ExpressCheckout: Sendable {
    /// The checkout store (the same one the checkout screen uses).
    public let store: Store<CheckoutState>
    /// The provider taking the wallet's payment.
    public let providerID: String
    /// The most actions the data steps may take before giving up (each section needs one to
    /// three).
    public var maximumSteps: Int

    /// Creates an express checkout on `store` paying with `providerID`.
    public init(store: Store<CheckoutState>, providerID: String, maximumSteps: Int = 16) {
        self.store = store
        self.providerID = providerID
        self.maximumSteps = maximumSteps
    }

    /// Brings the checkout in line with `wallet`, then pays.
    ///
    /// A payment left in the drop-in by an earlier attempt (declined, or presented and never
    /// submitted) is cancelled first, as closing its sheet would: the checkout can only be edited
    /// with no payment under way.
    public func run(_ wallet: ExpressWalletResult) async -> ExpressCheckoutOutcome {
        switch store.state.payment.phase {
        case .presenting, .declined: await send(.payment(.cancelTapped))
        default: break
        }
        for _ in 0..<maximumSteps {
            let before = store.state
            guard let action = ExpressCheckoutPlanner.nextAction(for: wallet, providerID: providerID, in: before)
            else { return await pay(wallet) }
            let seen = Set(before.errors.map(\.id))
            await send(action)
            let after = store.state
            if let error = after.errors.first(where: { !seen.contains($0.id) }) { return .rejected(error.kind) }
            if after == before { return .rejected(.sectionIncomplete(after.native.currentSection ?? .payment)) }
        }
        return .rejected(.sectionIncomplete(store.state.native.currentSection ?? .payment))
    }

    private func pay(_ wallet: ExpressWalletResult) async -> ExpressCheckoutOutcome {
        do throws(PaymentGuardViolation) {
            try PaymentGuards.requireShownAmount(asked: wallet.shownTotal, shown: store.state.displayedTotal)
        } catch {
            return .totalChanged(shown: wallet.shownTotal, current: store.state.displayedTotal)
        }
        let seen = Set(store.state.errors.map(\.id))
        await send(.payment(.payTapped))
        if store.state.payment.phase == .presenting {
            await send(.payment(.submitted(wallet.payment)))
        }
        let state = store.state
        switch state.payment.phase {
        case .succeeded, .awaitingConfirmation:
            guard let order = state.completedOrder else {
                return .failed(PaymentFailure(kind: .api, message: "no order"))
            }
            return .completed(order, awaitingConfirmation: state.payment.phase == .awaitingConfirmation)
        case .actionRequired(let request): return .actionRequired(request)
        case .declined(let reason): return .declined(reason: reason)
        case .cancelled: return .cancelled
        case .failed(let failure): return .failed(failure)
        default:
            if let error = state.errors.first(where: { !seen.contains($0.id) }) { return .rejected(error.kind) }
            return .rejected(.sectionIncomplete(state.native.currentSection ?? .payment))
        }
    }

    private func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }
}

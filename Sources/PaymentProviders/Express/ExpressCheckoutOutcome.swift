public import Checkout

/// Where an express checkout ended.
public enum ExpressCheckoutOutcome: Sendable, Hashable {
    /// The order is placed (`awaitingConfirmation`: the provider's result informs, the lookup
    /// will confirm).
    case completed(CompletedOrder, awaitingConfirmation: Bool)
    /// The provider needs an action (3-D Secure…): the host performs it exactly as in the
    /// regular checkout (`.payment(.actionCompleted(...))`).
    case actionRequired(PaymentActionRequest)
    /// The provider declined; the shopper may try another wallet or card.
    case declined(reason: String)
    /// The payment was cancelled.
    case cancelled
    /// The payment failed.
    case failed(PaymentFailure)
    /// The checkout's total is no longer the one the sheet showed: show the sheet again with
    /// `current`. No payment was attempted.
    case totalChanged(shown: Money, current: Money?)
    /// The checkout refused the wallet's data (an invalid address, a method not offered, a
    /// failed update, a section it could not complete): shown as the checkout's error.
    case rejected(CheckoutErrorKind)
}

/// What retrying an error does.
public enum RetryAction: String, Sendable, Hashable, Codable {
    /// Load the checkout again (fetch it, or begin the web checkout).
    case load
    /// Send the edits the backend has not accepted.
    case resendUpdates
    /// Rebuild the expired checkout again.
    case restore
    /// Record the completed web checkout with the complete endpoint again.
    case recordCompletion
    /// Start the payment again.
    case payment
    /// Fetch the checkout again after a conflict.
    case refresh
    /// Make the failed order placement call again (same idempotency key: never a second order).
    case placeOrder
    /// Ask the payment provider again whether a payment went through
    /// (``PaymentAction/confirmationRequested``).
    case confirmPayment
    /// Present the Apple Pay sheet again for the web checkout page's last payment request
    /// (``WebApplePayState``), once the sheet before it closed.
    case applePay
}

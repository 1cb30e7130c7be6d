/// The order placement's own actions (the Checkout API's answers are
/// ``CheckoutResultAction``s). Effects send them; a replay reads them from the log.
public enum OrderAction: Sendable, Hashable, Codable {
    /// The effect made the idempotency key for placing the order of payment `paymentReference`:
    /// every call for that order carries it.
    case placementKeyMade(idempotencyKey: String, paymentReference: String)
    /// The retry timer fired: make the failed call again, with the same key.
    case retryDue(retry: Int)
    /// The customer tapped retry on the order placement's failure (as the error's retry does):
    /// the failed call again, with the same key; or, when fetching or rebuilding the checkout after
    /// a 409 or 410 failed, that again. Works whether or not the error is still shown.
    case retryTapped
}

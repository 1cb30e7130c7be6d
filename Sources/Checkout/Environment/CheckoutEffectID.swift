public import StateStore

/// The identifiers of the checkout's long-running effects, for cancelling them.
public enum CheckoutEffectID {
    /// Fetching the checkout or beginning the web checkout.
    public static let load: EffectID = "checkout.load"
    /// Sending an edit, rebuilding or refreshing the checkout.
    public static let sync: EffectID = "checkout.sync"
    /// Recording a completed web checkout.
    public static let completion: EffectID = "checkout.completion"
    /// Any payment step (API start, provider calls).
    public static let payment: EffectID = "checkout.payment"
    /// The timer of the next confirmation lookup of a payment awaiting confirmation.
    public static let confirmationPoll: EffectID = "checkout.confirmationPoll"
    /// Making an order placement's idempotency key.
    public static let orderPlacementKey: EffectID = "checkout.orderPlacementKey"
    /// An order placement's Checkout API call (placing the order, or updating its status).
    public static let orderPlacement: EffectID = "checkout.orderPlacement"
    /// The timer of an order placement's next automatic retry.
    public static let orderPlacementRetry: EffectID = "checkout.orderPlacementRetry"
}

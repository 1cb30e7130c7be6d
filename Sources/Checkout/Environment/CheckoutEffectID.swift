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
}

/// What the checkout screen shows.
public enum CheckoutViewState: Sendable, Hashable, Codable {
    /// Loading the checkout (fetching it, or beginning the web checkout).
    case loading
    /// The web view with the checkout page.
    case webCheckout
    /// The native sections.
    case nativeCheckout
    /// "Leave checkout?": the user tapped dismiss before finishing.
    case confirmingDismissal
    /// The checkout completed.
    case completed
    /// Loading failed; the error is in ``CheckoutState/errors`` with a retry.
    case failed(CheckoutAPIError)
    /// The checkout was closed; the host dismisses the screen.
    case dismissed
}

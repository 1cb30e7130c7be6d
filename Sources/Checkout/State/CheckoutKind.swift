/// Which kind of checkout runs.
public enum CheckoutKind: String, Sendable, Hashable, Codable {
    /// The website's checkout in a web view.
    case web
    /// Native sections on the Checkout API.
    case native
}

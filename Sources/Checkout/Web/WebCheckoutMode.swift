/// How the app learns what happens in the web checkout page.
public enum WebCheckoutMode: Sendable, Hashable, Codable {
    /// The page talks to the app through the JavaScript bridge (`order`, `paymentcompleted`,
    /// `error`, `closewebview` messages).
    case bridge
    /// No bridge: the app watches each navigation and applies ``ParseRules``.
    case parse(ParseRules)
}

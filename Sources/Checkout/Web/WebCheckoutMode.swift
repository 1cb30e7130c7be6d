/// How the app learns what happens in the web checkout page. The mode is announced to the page
/// by the `poq.webcheckout.platform` cookie (``platformCookieValue``).
public enum WebCheckoutMode: Sendable, Hashable, Codable {
    /// The page talks to the app through the JavaScript bridge's message handler (`order`,
    /// `paymentcompleted`, `error`, `closewebview` messages). Platform cookie `javascript`.
    case bridge
    /// No bridge: the app watches each navigation and applies ``ParseRules``. No bridge cookies.
    case parse(ParseRules)
    /// The bridge's second method, for pages where JavaScript message handlers must stay off
    /// (they blocked Apple Pay): the page sends the same events as navigations the app cancels
    /// and decodes (``BridgeFormSubmission``, ``WebCheckoutConfiguration/navigationDecision(for:)``).
    /// Platform cookie `forms`.
    case forms

    /// Whether the page sends bridge events (``bridge`` or ``forms``). Both accept a message from
    /// either route: the events are the same.
    public var usesBridge: Bool {
        switch self {
        case .bridge, .forms: return true
        case .parse: return false
        }
    }

    /// The `poq.webcheckout.platform` cookie's value: `javascript`, `forms`, or `nil` (parse
    /// mode sends no bridge cookies).
    public var platformCookieValue: String? {
        switch self {
        case .bridge: return "javascript"
        case .forms: return "forms"
        case .parse: return nil
        }
    }
}

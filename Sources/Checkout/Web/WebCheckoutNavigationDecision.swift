/// What the host does with a navigation, from
/// ``WebCheckoutConfiguration/navigationDecision(for:)``: let it load, or cancel it and dispatch
/// the action it carried (a Forms-mode bridge message, or the rejection of a malformed one).
///
/// ```swift
/// func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
///              decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {
///     switch configuration.navigationDecision(for: WebCheckoutNavigationRequest(navigationAction.request)) {
///     case .allow:
///         decisionHandler(.allow)
///     case .cancel(let action):
///         decisionHandler(.cancel)
///         store.dispatch(action)
///     }
/// }
/// ```
public enum WebCheckoutNavigationDecision: Sendable, Hashable {
    /// An ordinary navigation: let the web view load it.
    case allow
    /// A Forms-mode submission: cancel the navigation (it must never load) and dispatch `action`.
    case cancel(dispatch: CheckoutAction)

    /// Whether the web view should load the navigation.
    public var allowsNavigation: Bool { self == .allow }

    /// The action to dispatch, for a cancelled navigation.
    public var action: CheckoutAction? {
        if case .cancel(let action) = self { return action }
        return nil
    }
}

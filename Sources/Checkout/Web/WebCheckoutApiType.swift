/// Which backend endpoints begin and complete a web checkout.
///
/// | Storage | Begin | Complete | Type |
/// | --- | --- | --- | --- |
/// | Old | `CartTransfer/apps/{appId}/BeginCartTransfer` | `CartTransfer/apps/{appId}/Complete` | ``cartTransfer`` |
/// | New | `checkout/start` | `checkout/complete` | ``checkout`` |
///
/// Both begin endpoints answer a ``WebCheckoutSession``. ``cartTransfer``'s begin posts the app's
/// cart (``WebCheckoutBuilder/cart``) and its answer describes the request the web view performs
/// (method, URL, headers, body); ``checkout``'s begin posts nothing and its answer is a `GET` of
/// the page. ``cartTransfer`` is the default; inject another in ``WebCheckoutBuilder``.
public enum WebCheckoutApiType: String, Sendable, Hashable, Codable, CaseIterable {
    /// The old storage's cart-transfer endpoints (the default): the begin posts the cart's items.
    case cartTransfer
    /// The new storage's checkout endpoints.
    case checkout

    /// The path, relative to the API's base URL, that begins a web checkout.
    public func beginPath(appID: String) -> String {
        switch self {
        case .cartTransfer: return "CartTransfer/apps/\(appID)/BeginCartTransfer"
        case .checkout: return "checkout/start"
        }
    }

    /// The path, relative to the API's base URL, that completes a web checkout.
    public func completePath(appID: String) -> String {
        switch self {
        case .cartTransfer: return "CartTransfer/apps/\(appID)/Complete"
        case .checkout: return "checkout/complete"
        }
    }
}

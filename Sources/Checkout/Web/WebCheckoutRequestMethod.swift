/// The HTTP method of the request a web view performs to open the checkout page
/// (``WebCheckoutSession/method``).
///
/// A ``WebCheckoutApiType/checkout`` session is always ``get``: the web view loads its URL. A
/// ``WebCheckoutApiType/cartTransfer`` session is what the backend's begin answer says, usually
/// ``post`` with a body (the transferred cart's token).
public enum WebCheckoutRequestMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// `GET`: load the URL.
    case get = "GET"
    /// `POST`: send the session's body to the URL.
    case post = "POST"
}

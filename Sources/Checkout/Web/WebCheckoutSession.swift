public import StateStore

/// What the backend returns to begin a web checkout, for both ``WebCheckoutApiType``s: the page to
/// load and the cookies and headers that carry the user's session into it.
///
/// Cookie and header values carry the user's session, so they are ``Sensitive``: they never show
/// in a log or a description. A session read back from a log has them redacted, which is fine:
/// a replay loads no page.
public struct WebCheckoutSession: Sendable, Hashable, Codable {
    /// The checkout page's URL.
    public var url: String
    /// The cookies to inject before loading the page.
    public var cookies: [WebCheckoutCookie]
    /// The headers to send with the first request.
    public var headers: [String: Sensitive<String>]
    /// The backend's reference for this checkout; used as the order id when a parsed completion
    /// page gave none.
    public var reference: String

    /// Creates a session.
    public init(
        url: String, cookies: [WebCheckoutCookie] = [], headers: [String: Sensitive<String>] = [:],
        reference: String
    ) {
        self.url = url
        self.cookies = cookies
        self.headers = headers
        self.reference = reference
    }
}

/// A cookie the app injects into the web view before loading the checkout page.
public struct WebCheckoutCookie: Sendable, Hashable, Codable {
    /// The cookie's name, for example `poq.webcheckout.platform`.
    public var name: String
    /// The cookie's value (secret: it may carry the session).
    public var value: Sensitive<String>
    /// The domain the cookie is for.
    public var domain: String
    /// The path the cookie is for.
    public var path: String

    /// Creates a cookie.
    public init(name: String, value: Sensitive<String>, domain: String, path: String = "/") {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
    }
}

public import StateStore

/// What the backend returns to begin a web checkout, for both ``WebCheckoutApiType``s: the page to
/// load and the cookies and headers that carry the user's session into it.
///
/// Cookie and header values carry the user's session, so they are `Sensitive`: they never show
/// in a log or a description; the URL is a `SensitiveURL`, so a token or session id in its query
/// never shows either. A session read back from a log has them redacted, which is fine: a replay
/// loads no page.
public struct WebCheckoutSession: Sendable, Hashable, Codable {
    /// The checkout page's URL (secret query items, such as a session token, are redacted in
    /// logs).
    public var url: SensitiveURL
    /// The cookies to inject before loading the page.
    public var cookies: [WebCheckoutCookie]
    /// The headers to send with the first request.
    public var headers: [String: Sensitive<String>]
    /// The backend's reference for this checkout; used as the order id when a parsed completion
    /// page gave none.
    public var reference: String

    /// Creates a session.
    public init(
        url: SensitiveURL, cookies: [WebCheckoutCookie] = [], headers: [String: Sensitive<String>] = [:],
        reference: String
    ) {
        self.url = url
        self.cookies = cookies
        self.headers = headers
        self.reference = reference
    }
}

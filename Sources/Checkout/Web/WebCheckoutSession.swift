public import StateStore

/// What the backend returns to begin a web checkout, for both ``WebCheckoutApiType``s: the HTTP
/// request the web view performs to open the checkout page (method, URL, headers, body) and the
/// cookies that carry the user's session into it.
///
/// A ``WebCheckoutApiType/checkout`` session is a `GET` of ``url`` (no body). A
/// ``WebCheckoutApiType/cartTransfer`` session is the request the backend described after
/// receiving the cart: usually a `POST` whose body carries the transferred cart. The host loads
/// it with ``urlRequest`` once the cookies are set:
///
/// ```swift
/// for cookie in session.cookies { await cookieStore.setCookie(…) }   // wait for every one
/// if let request = session.urlRequest { webView.load(request) }
/// ```
///
/// Cookie and header values carry the user's session, and so may the body (a form field with a
/// transfer token, the cart's id): they are `Sensitive`, never shown in a log or a description.
/// The URL is a `SensitiveURL`, so a token or session id in its query never shows either; the
/// method, the header names, the cookie names and whether there is a body do show. A session read
/// back from a log has its secrets redacted, which is fine: a replay loads no page.
public struct WebCheckoutSession: Sendable, Hashable {
    /// The checkout page's URL (secret query items, such as a session token, are redacted in
    /// logs).
    public var url: SensitiveURL
    /// The request's method: ``WebCheckoutRequestMethod/get`` unless the begin answer said
    /// otherwise.
    public var method: WebCheckoutRequestMethod
    /// The cookies to inject before loading the page.
    public var cookies: [WebCheckoutCookie]
    /// The headers to send with the first request.
    public var headers: [String: Sensitive<String>]
    /// The request's body, sent as UTF-8 (`nil`: none; a `GET` never has one). Always redacted in
    /// logs: it may carry a session or transfer token. At most ``maximumBodyBytes``.
    public var body: Sensitive<String>?
    /// The backend's reference for this checkout; used as the order id when a parsed completion
    /// page gave none.
    public var reference: String

    /// The largest body a begin answer may describe, in UTF-8 bytes (256 KiB). A cart transfer's
    /// form body is a few kilobytes; a larger one is a broken backend, refused rather than held in
    /// the state.
    public static let maximumBodyBytes = 256 * 1024

    /// Creates a session.
    public init(
        url: SensitiveURL, method: WebCheckoutRequestMethod = .get, cookies: [WebCheckoutCookie] = [],
        headers: [String: Sensitive<String>] = [:], body: Sensitive<String>? = nil, reference: String
    ) {
        self.url = url
        self.method = method
        self.cookies = cookies
        self.headers = headers
        self.body = body
        self.reference = reference
    }
}

extension WebCheckoutSession: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, method, cookies, headers, body, reference
    }

    /// Decodes a session. `method` and `body` may be absent, as in logs recorded before sessions
    /// carried them (and in every `GET` session): absent is `GET` with no body.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(SensitiveURL.self, forKey: .url)
        method = try container.decodeIfPresent(WebCheckoutRequestMethod.self, forKey: .method) ?? .get
        cookies = try container.decode([WebCheckoutCookie].self, forKey: .cookies)
        headers = try container.decode([String: Sensitive<String>].self, forKey: .headers)
        body = try container.decodeIfPresent(Sensitive<String>.self, forKey: .body)
        reference = try container.decode(String.self, forKey: .reference)
    }

    /// Encodes a session, leaving out `method` when it is `GET` and `body` when there is none, so
    /// that a `GET` session encodes (and fingerprints) exactly as before sessions carried them:
    /// logs recorded then still verify. Headers are written in sorted order, so a session gives the
    /// same bytes in every process.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        if method != .get { try container.encode(method, forKey: .method) }
        try container.encode(cookies, forKey: .cookies)
        try container.encodeSortingKeys(headers, forKey: .headers)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encode(reference, forKey: .reference)
    }
}

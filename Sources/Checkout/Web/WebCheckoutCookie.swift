public import StateStore

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

public import Foundation
import StateStore

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A navigation the web view is about to perform, as `decidePolicyFor` hands it: URL, method,
/// headers and body. ``WebCheckoutConfiguration/navigationDecision(for:)`` reads it to tell a
/// Forms submission from an ordinary navigation.
///
/// It is never recorded: only the bridge message a submission's URL carries reaches an action.
/// Its description shows the URL with secret query values redacted, and neither header values
/// nor the body.
///
/// ```swift
/// let request = WebCheckoutNavigationRequest(navigationAction.request)
/// ```
public struct WebCheckoutNavigationRequest: Sendable, Hashable, CustomStringConvertible {
    /// The URL's text (`URL.absoluteString`).
    public var url: String
    /// The HTTP method, `GET` for a link or a `method="get"` form.
    public var method: String
    /// The request's headers.
    public var headers: [String: String]
    /// The request's body, if WebKit handed one over (it usually does not for navigations).
    public var body: Data?

    /// Creates a request.
    public init(url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The request of a `URLRequest` (`WKNavigationAction.request`).
    public init(_ request: URLRequest) {
        self.init(
            url: request.url?.absoluteString ?? "", method: request.httpMethod ?? "GET",
            headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
    }

    /// The method and URL (secret query values redacted), and how many headers and body bytes.
    public var description: String {
        "\(method) \(SensitiveURL(url).redactedString) (\(headers.count) headers, \(body?.count ?? 0)-byte body)"
    }
}

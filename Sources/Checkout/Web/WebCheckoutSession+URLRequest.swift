// `URLRequest` is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension WebCheckoutSession {
    /// The request the web view performs to open the checkout page: ``url`` with ``method``,
    /// ``headers`` and ``body`` (UTF-8). Load it after the ``cookies`` are set:
    ///
    /// ```swift
    /// if let request = store.state.web.session?.urlRequest {
    ///     webView.load(request)   // a cart transfer's POST, or the checkout page's GET
    /// }
    /// ```
    ///
    /// `nil` when a secret it needs is unknown: a session read back from a log (its URL, header
    /// values or body redacted) cannot be loaded, and a replay loads no page. Also `nil` when the
    /// URL is not one `URL` accepts. The cookies are not in the request: WebKit sends the ones
    /// the host put in its cookie store.
    public var urlRequest: URLRequest? {
        guard let url = url.url else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        // Sorted, so the same session always gives the same request.
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard let value = value.value else { return nil }
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            guard let text = body.value else { return nil }
            request.httpBody = Data(text.utf8)
        }
        return request
    }
}

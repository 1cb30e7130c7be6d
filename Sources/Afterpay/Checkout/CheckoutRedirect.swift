public import Foundation

/// Reads an Afterpay checkout web page's navigations: has the checkout finished, and is the page
/// still on Afterpay's own hosts?
///
/// Feed it every top-level navigation of the checkout web view, starting with the checkout URL
/// itself:
///
/// ```swift
/// switch CheckoutRedirect.result(for: navigationURL) {
/// case .some(let result): finish(with: result)   // stop loading, report the result
/// case nil: allowNavigation()                      // still checking out
/// }
/// ```
///
/// The rules, in order:
/// 1. a URL whose query has `status=SUCCESS` and a non-empty `orderToken` (or, failing that,
///    `token`) is ``CheckoutResult/success(token:)``, whatever its host: it is the merchant's
///    confirm redirect, and the token only becomes money after a server-side capture;
/// 2. a URL whose query has `status=CANCELLED` is ``CheckoutResult/cancelled(reason:)`` with
///    ``CheckoutResult/CancellationReason/userInitiated``;
/// 3. any other URL that is not `https` on one of ``checkoutHosts`` is cancelled with
///    ``CheckoutResult/CancellationReason/invalidURL(_:)``: the page left Afterpay;
/// 4. anything else is nil: keep loading.
///
/// Status values are matched exactly (`SUCCESS`, `CANCELLED`), as Afterpay's SDK does; host names
/// are matched without regard to case, as DNS does.
public enum CheckoutRedirect {
    /// The hosts an Afterpay or Clearpay checkout may load from:
    /// - `portal.afterpay.com`, `portal.sandbox.afterpay.com` (Afterpay);
    /// - `api-plus.us.afterpay.com`, `api-plus.us-sandbox.afterpay.com` (Cash App Afterpay);
    /// - `portal.clearpay.co.uk`, `portal.sandbox.clearpay.co.uk` (Clearpay UK);
    /// - `checkout.clearpay.com`, `checkout.sandbox.clearpay.com` (Clearpay).
    public static let checkoutHosts: Set<String> = [
        "portal.afterpay.com",
        "portal.sandbox.afterpay.com",
        "api-plus.us.afterpay.com",
        "api-plus.us-sandbox.afterpay.com",
        "portal.clearpay.co.uk",
        "portal.sandbox.clearpay.co.uk",
        "checkout.clearpay.com",
        "checkout.sandbox.clearpay.com",
    ]

    /// The checkout's result if `url` ends it, or nil when the checkout should keep loading.
    public static func result(for url: URL) -> CheckoutResult? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? {
            guard let value = items.first(where: { $0.name == name })?.value, !value.isEmpty else { return nil }
            return value
        }
        switch value("status") {
        case "SUCCESS":
            if let token = value("orderToken") ?? value("token") {
                return .success(token: token)
            }
        case "CANCELLED":
            return .cancelled(reason: .userInitiated)
        default:
            break
        }
        return isCheckoutURL(url) ? nil : .cancelled(reason: .invalidURL(url))
    }

    /// Whether `url` is `https` on one of ``checkoutHosts``. Check the checkout URL your backend
    /// returns with this before loading it.
    public static func isCheckoutURL(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "https", let host = url.host?.lowercased() else { return false }
        return checkoutHosts.contains(host)
    }
}

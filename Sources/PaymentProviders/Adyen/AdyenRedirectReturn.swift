public import Checkout
import Foundation
import StateStore

/// The app was opened with Adyen's return URL after a redirect (`poqshop://adyen?redirectResult=…`):
/// turns it into the details of the action, for
/// `store.dispatch(.payment(.actionCompleted(details)))`.
///
/// ```swift
/// func application(_ app: UIApplication, open url: URL, …) -> Bool {
///     guard let details = try? AdyenRedirectReturn.details(for: url.absoluteString, configuration: adyen) else {
///         return false
///     }
///     store.dispatch(.payment(.actionCompleted(details)))
///     return true
/// }
/// ```
public enum AdyenRedirectReturn {
    /// Why a URL is not a usable redirect return.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The URL does not start with the configured return URL.
        case notTheReturnURL
        /// The URL carries no query parameters (no `redirectResult` or `payload`).
        case noDetails

        /// What was wrong.
        public var description: String {
            switch self {
            case .notTheReturnURL: return "the URL is not the configured Adyen return URL"
            case .noDetails: return "the return URL carries no redirectResult or payload"
            }
        }
    }

    /// The details of a redirect the app returned from through `url`.
    ///
    /// - Throws: ``Problem`` when `url` is not the configured return URL or has no details.
    public static func details(
        for url: String, configuration: AdyenConfiguration
    ) throws(Problem) -> PaymentActionDetails {
        guard url.hasPrefix(configuration.returnURL) else { throw .notTheReturnURL }
        let parameters = queryParameters(of: url)
        guard !parameters.isEmpty else { throw .noDetails }
        return PaymentActionDetails(payload: Sensitive(AdyenDetails.json(parameters)), returnURL: Sensitive(url))
    }

    /// The query parameters of `url` (`redirectResult`, `payload`…), decoded.
    static func queryParameters(of url: String) -> [String: String] {
        guard let components = URLComponents(string: url) else { return [:] }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            if let value = item.value { parameters[item.name] = value }
        }
        return parameters
    }
}

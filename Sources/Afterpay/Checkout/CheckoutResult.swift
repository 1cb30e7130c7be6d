public import Foundation

/// How an Afterpay checkout ended, as in Afterpay's SDK.
///
/// `Codable` so a checkout store can carry it inside a logged action.
public enum CheckoutResult: Codable, Equatable, Hashable, Sendable {
    /// The consumer approved the order; capture it with this token.
    case success(token: String)
    /// The checkout ended without an approved order.
    case cancelled(reason: CancellationReason)

    /// Why a checkout was cancelled.
    public enum CancellationReason: Codable, Equatable, Hashable, Sendable {
        /// The consumer cancelled (a `status=CANCELLED` redirect, or a cancel button).
        case userInitiated
        /// The checkout URL could not be obtained from the merchant's backend.
        case unretrievableUrl
        /// The checkout page failed to load; carries the error's description.
        case networkError(String)
        /// The page tried to go to a host that is not one of Afterpay's or Clearpay's checkout
        /// hosts (see ``CheckoutRedirect/checkoutHosts``).
        case invalidURL(URL)
    }
}

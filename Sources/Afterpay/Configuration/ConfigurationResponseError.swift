public import Foundation

/// Why a configuration response could not become a ``Configuration``.
public enum ConfigurationResponseError: Error, Equatable, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The body is not the expected JSON; the reason names the field.
    case invalidJSON(reason: String)
    /// The minimum and maximum are in different currencies.
    case mismatchedCurrencies(minimum: String, maximum: String)
    /// The amounts, currency or locale failed ``Configuration``'s checks.
    case invalidConfiguration(ConfigurationError)

    /// A sentence saying what was wrong.
    public var errorDescription: String? {
        switch self {
        case .invalidJSON(let reason):
            return "Afterpay configuration response is invalid: \(reason)"
        case .mismatchedCurrencies(let minimum, let maximum):
            return "Afterpay configuration response has a minimum in \(minimum) but a maximum in \(maximum)"
        case .invalidConfiguration(let error):
            return error.failureReason
        }
    }

    /// The same sentence as ``errorDescription``.
    public var description: String {
        errorDescription ?? "Invalid Afterpay configuration response"
    }
}

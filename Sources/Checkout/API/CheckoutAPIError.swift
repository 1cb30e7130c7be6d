/// Why a Checkout API call failed. Typed, `Codable` and comparable, so it can sit in the state,
/// in a log, and in a test's expectation.
public enum CheckoutAPIError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// HTTP 410: the cart expired. The checkout rebuilds it from the user's progress.
    case cartExpired
    /// HTTP 409: the cart id or expected amount no longer match. The checkout fetches the new
    /// cart and takes no payment.
    case conflict(message: String?)
    /// The request took longer than allowed.
    case timeout
    /// The network failed (no connection, connection lost, host not found).
    case network(String)
    /// Any other 4xx status.
    case client(status: Int, message: String?)
    /// A 5xx status.
    case server(status: Int, message: String?)
    /// The response could not be read (malformed JSON, missing field); `detail` says where.
    case malformedResponse(detail: String)
    /// The request could not be made (bad base URL, unencodable body).
    case invalidRequest(String)

    /// Whether trying again may succeed.
    public var isRetryable: Bool {
        switch self {
        case .timeout, .network, .server: return true
        case .client(let status, _): return status == 408 || status == 429
        case .cartExpired, .conflict, .malformedResponse, .invalidRequest: return false
        }
    }

    /// The HTTP status of the failure, when it has one.
    public var httpStatus: Int? {
        switch self {
        case .cartExpired: return 410
        case .conflict: return 409
        case .client(let status, _), .server(let status, _): return status
        default: return nil
        }
    }

    /// A short name for analytics (`"timeout"`, `"server"`), free of any detail.
    public var code: String {
        switch self {
        case .cartExpired: return "cartExpired"
        case .conflict: return "conflict"
        case .timeout: return "timeout"
        case .network: return "network"
        case .client: return "client"
        case .server: return "server"
        case .malformedResponse: return "malformedResponse"
        case .invalidRequest: return "invalidRequest"
        }
    }

    /// What went wrong.
    public var description: String {
        switch self {
        case .cartExpired: return "the cart expired (410)"
        case .conflict(let message): return "the cart changed (409)" + (message.map { ": \($0)" } ?? "")
        case .timeout: return "the request timed out"
        case .network(let detail): return "network failure: \(detail)"
        case .client(let status, let message): return "request refused (\(status))" + (message.map { ": \($0)" } ?? "")
        case .server(let status, let message): return "server error (\(status))" + (message.map { ": \($0)" } ?? "")
        case .malformedResponse(let detail): return "unreadable response: \(detail)"
        case .invalidRequest(let detail): return "invalid request: \(detail)"
        }
    }
}

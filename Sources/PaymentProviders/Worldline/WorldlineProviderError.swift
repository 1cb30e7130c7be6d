/// Why the Worldline provider could not prepare a payment.
public enum WorldlineProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The amount does not fit the currency's minor units (carries the reason).
    case amountNotRepresentable(String)
    /// The Client API offers no card product for this context.
    case noCardMethod
    /// The server's client session has no (or an empty) client session id.
    case noClientSessionId

    /// What was wrong.
    public var description: String {
        switch self {
        case .amountNotRepresentable(let reason): return "the amount cannot be sent to Worldline: \(reason)"
        case .noCardMethod: return "Worldline offers no card payment for this order"
        case .noClientSessionId: return "the merchant server's Worldline client session has no client session id"
        }
    }
}

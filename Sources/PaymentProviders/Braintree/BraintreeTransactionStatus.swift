/// A Braintree transaction's `status`, in its two families.
public enum BraintreeTransactionStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Authorised, not yet submitted for settlement.
    case authorized
    /// The authorisation is still running.
    case authorizing
    /// Submitted for settlement.
    case submittedForSettlement = "submitted_for_settlement"
    /// Settling.
    case settling
    /// Settled.
    case settled
    /// Settlement pending (some processors, PayPal).
    case settlementPending = "settlement_pending"
    /// Settlement confirmed.
    case settlementConfirmed = "settlement_confirmed"
    /// The processor (the bank) declined.
    case processorDeclined = "processor_declined"
    /// Braintree's gateway rejected it (fraud, AVS, CVV rules).
    case gatewayRejected = "gateway_rejected"
    /// The transaction failed (processor error).
    case failed
    /// Settlement was declined.
    case settlementDeclined = "settlement_declined"
    /// The authorisation expired before settlement.
    case authorizationExpired = "authorization_expired"
    /// Voided.
    case voided

    /// Whether the status belongs to the success family.
    public var isSuccess: Bool {
        switch self {
        case .authorized, .authorizing, .submittedForSettlement, .settling, .settled, .settlementPending,
            .settlementConfirmed:
            return true
        default:
            return false
        }
    }
}

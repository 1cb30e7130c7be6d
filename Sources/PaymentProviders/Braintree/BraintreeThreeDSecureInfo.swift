/// The result of a 3-D Secure verification, as a verified nonce carries it.
public struct BraintreeThreeDSecureInfo: Sendable, Hashable, Codable {
    /// Whether liability shifted to the issuer.
    public var liabilityShifted: Bool
    /// Whether a liability shift was possible for this card.
    public var liabilityShiftPossible: Bool
    /// The amount the verification ran with (decimal string); must equal the sale amount.
    public var amount: String

    /// Creates the info.
    public init(liabilityShifted: Bool, liabilityShiftPossible: Bool, amount: String) {
        self.liabilityShifted = liabilityShifted
        self.liabilityShiftPossible = liabilityShiftPossible
        self.amount = amount
    }

    /// Whether authentication failed where it could have succeeded: the shopper did not pass
    /// the challenge, so the sale must not run.
    public var authenticationFailed: Bool { liabilityShiftPossible && !liabilityShifted }
}

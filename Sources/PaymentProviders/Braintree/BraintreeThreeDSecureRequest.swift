public import StateStore

/// A 3-D Secure verification request (`BTThreeDSecureRequest`): the nonce and the amount, which
/// must be the sale amount.
public struct BraintreeThreeDSecureRequest: Sendable, Hashable {
    /// The card nonce to verify. Secret.
    public var nonce: Sensitive<String>
    /// The amount (decimal string), the sale amount.
    public var amount: String
    /// The client token the verification runs with. Secret.
    public var clientToken: Sensitive<String>

    /// Creates a request.
    public init(nonce: Sensitive<String>, amount: String, clientToken: Sensitive<String>) {
        self.nonce = nonce
        self.amount = amount
        self.clientToken = clientToken
    }
}

/// The 3-D Secure lookup's answer.
public enum BraintreeThreeDSecureLookup: Sendable, Hashable {
    /// Verified without a challenge: sell with this nonce.
    case frictionless(BraintreeActionResult)
    /// The issuer wants a challenge: the host presents it with this payload (secret).
    case challenge(payload: Sensitive<String>)
}

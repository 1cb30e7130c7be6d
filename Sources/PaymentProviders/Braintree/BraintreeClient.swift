public import StateStore

/// The Braintree client SDK's calls the engine makes outside the drop-in sheet: the returning
/// customer's most recent vaulted method and the 3-D Secure lookup. The host implements it over
/// `BTDropInResult.mostRecentPaymentMethod` and `BTThreeDSecureClient`;
/// `BraintreeSandboxServer` (in the CheckoutSandbox module) implements it in memory.
public protocol BraintreeClient: Sendable {
    /// The most recent vaulted method for the client token's customer, or `nil` when there is
    /// none (or the token has no customer).
    func mostRecentPaymentMethod(clientToken: Sensitive<String>) async throws -> BraintreePaymentMethod?

    /// Runs the 3-D Secure lookup with the amount.
    func threeDSecureLookup(_ request: BraintreeThreeDSecureRequest) async throws -> BraintreeThreeDSecureLookup
}

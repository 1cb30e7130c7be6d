/// The provider's record of a payment, safe to log (no secrets).
public struct PaymentReceipt: Sendable, Hashable, Codable {
    /// The provider's reference (Adyen `pspReference`, Braintree transaction id).
    public var providerReference: String
    /// The amount the provider took or will take.
    public var amount: Money
    /// The provider's own result code or status, as it said it (`"Authorised"`, `"settling"`).
    public var resultCode: String

    /// Creates a receipt.
    public init(providerReference: String, amount: Money, resultCode: String) {
        self.providerReference = providerReference
        self.amount = amount
        self.resultCode = resultCode
    }
}

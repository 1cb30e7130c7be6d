public import StateStore

/// `Transaction.sale`: what the merchant server sends to Braintree.
public struct BraintreeSaleRequest: Sendable, Hashable, Codable {
    /// The amount as a decimal string (`"45.95"`).
    public var amount: String
    /// The one-time nonce. Secret.
    public var paymentMethodNonce: Sensitive<String>
    /// The device data for fraud checks. Secret.
    public var deviceData: Sensitive<String>?
    /// The merchant account, which fixes the currency.
    public var merchantAccountId: String
    /// The merchant's order reference.
    public var orderId: String
    /// `options.submitForSettlement`.
    public var submitForSettlement: Bool

    /// Creates a request.
    public init(
        amount: String, paymentMethodNonce: Sensitive<String>, deviceData: Sensitive<String>?,
        merchantAccountId: String, orderId: String, submitForSettlement: Bool
    ) {
        self.amount = amount
        self.paymentMethodNonce = paymentMethodNonce
        self.deviceData = deviceData
        self.merchantAccountId = merchantAccountId
        self.orderId = orderId
        self.submitForSettlement = submitForSettlement
    }
}

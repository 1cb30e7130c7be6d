/// What the host needs to show the Apple Pay sheet and tokenise through Braintree's Apple Pay
/// client: the payload of the `Checkout/PaymentActionRequest/Kind/sdk` action asked when the
/// drop-in returns Apple Pay without a nonce.
public struct BraintreeApplePayRequest: Sendable, Hashable, Codable {
    /// Always `applePay`.
    public var kind: String
    /// The sale amount (decimal string).
    public var amount: String
    /// The currency.
    public var currencyCode: String
    /// The merchant account the sale will use.
    public var merchantAccountId: String

    /// Creates a request.
    public init(amount: String, currencyCode: String, merchantAccountId: String) {
        kind = "applePay"
        self.amount = amount
        self.currencyCode = currencyCode
        self.merchantAccountId = merchantAccountId
    }
}

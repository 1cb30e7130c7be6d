public import StateStore

/// What the app sends its server to create a payment.
public struct WorldlinePaymentInput: Sendable, Hashable {
    /// The amount in minor units, as the Server API takes it.
    public var amountInMinorUnits: Int64
    /// The ISO 4217 currency code.
    public var currencyCode: String
    /// The checkout's payment reference (the merchant reference).
    public var merchantReference: String
    /// The payment product the customer paid with (`1` Visa, `3` MasterCard).
    public var paymentProductId: String
    /// `encryptedCustomerInput`: the compact JWE ``Worldline/Session/prepare(_:)`` produced.
    public var encryptedCustomerInput: Sensitive<String>
    /// The base64 client meta info that goes with it.
    public var encodedClientMetaInfo: String

    /// Creates the input.
    public init(
        amountInMinorUnits: Int64, currencyCode: String, merchantReference: String, paymentProductId: String,
        encryptedCustomerInput: Sensitive<String>, encodedClientMetaInfo: String
    ) {
        self.amountInMinorUnits = amountInMinorUnits
        self.currencyCode = currencyCode
        self.merchantReference = merchantReference
        self.paymentProductId = paymentProductId
        self.encryptedCustomerInput = encryptedCustomerInput
        self.encodedClientMetaInfo = encodedClientMetaInfo
    }
}

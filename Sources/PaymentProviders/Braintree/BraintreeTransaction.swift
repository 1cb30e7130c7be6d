/// A Braintree transaction, as the merchant server relays it.
public struct BraintreeTransaction: Sendable, Hashable, Codable {
    /// The transaction id.
    public var id: String
    /// The status as Braintree writes it (`submitted_for_settlement`); see
    /// ``BraintreeTransactionStatus``.
    public var status: String
    /// The amount (decimal string).
    public var amount: String
    /// The currency, fixed by the merchant account.
    public var currencyIsoCode: String
    /// The merchant account.
    public var merchantAccountId: String
    /// The processor's response code (`1000`, `2001`).
    public var processorResponseCode: String?
    /// The processor's response text (`Approved`, `Insufficient Funds`).
    public var processorResponseText: String?
    /// Why the gateway rejected it (`cvv`, `fraud`).
    public var gatewayRejectionReason: String?

    /// Creates a transaction.
    public init(
        id: String, status: String, amount: String, currencyIsoCode: String, merchantAccountId: String,
        processorResponseCode: String? = nil, processorResponseText: String? = nil,
        gatewayRejectionReason: String? = nil
    ) {
        self.id = id
        self.status = status
        self.amount = amount
        self.currencyIsoCode = currencyIsoCode
        self.merchantAccountId = merchantAccountId
        self.processorResponseCode = processorResponseCode
        self.processorResponseText = processorResponseText
        self.gatewayRejectionReason = gatewayRejectionReason
    }
}

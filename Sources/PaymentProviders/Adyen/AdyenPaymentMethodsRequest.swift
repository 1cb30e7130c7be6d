/// `POST /paymentMethods` (advanced flow): which methods to offer for an amount and country.
public struct AdyenPaymentMethodsRequest: Sendable, Hashable, Codable {
    /// The merchant account.
    public var merchantAccount: String
    /// The amount.
    public var amount: AdyenAmount
    /// The shopper's country.
    public var countryCode: String
    /// The shopper's locale.
    public var shopperLocale: String
    /// The channel (`iOS`).
    public var channel: String
    /// The open partial-payment order, if any (only methods that can pay the rest come back).
    public var order: AdyenOrderReference?

    /// Creates a request.
    public init(
        merchantAccount: String, amount: AdyenAmount, countryCode: String, shopperLocale: String, channel: String,
        order: AdyenOrderReference? = nil
    ) {
        self.merchantAccount = merchantAccount
        self.amount = amount
        self.countryCode = countryCode
        self.shopperLocale = shopperLocale
        self.channel = channel
        self.order = order
    }
}

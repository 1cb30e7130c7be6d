public import StateStore

/// `POST /sessions`: what the merchant server sends to create a checkout session.
public struct AdyenSessionRequest: Sendable, Hashable, Codable {
    /// The merchant account.
    public var merchantAccount: String
    /// The amount, fixed for the session's life.
    public var amount: AdyenAmount
    /// The merchant's reference for the payment.
    public var reference: String
    /// Where a redirect returns.
    public var returnUrl: String
    /// The shopper's country.
    public var countryCode: String
    /// The shopper's locale.
    public var shopperLocale: String
    /// The channel (`iOS`).
    public var channel: String
    /// The open partial-payment order this session pays the rest of, if any.
    public var order: AdyenOrderReference?

    /// Creates a request.
    public init(
        merchantAccount: String, amount: AdyenAmount, reference: String, returnUrl: String, countryCode: String,
        shopperLocale: String, channel: String, order: AdyenOrderReference? = nil
    ) {
        self.merchantAccount = merchantAccount
        self.amount = amount
        self.reference = reference
        self.returnUrl = returnUrl
        self.countryCode = countryCode
        self.shopperLocale = shopperLocale
        self.channel = channel
        self.order = order
    }
}

/// The answer to `POST /sessions`, with the setup call's payment methods.
public struct AdyenSessionResponse: Sendable, Hashable, Codable {
    /// The session's id (`CS…`).
    public var id: String
    /// The opaque session data the drop-in is initialised with. Secret.
    public var sessionData: Sensitive<String>
    /// The amount the session was created for.
    public var amount: AdyenAmount
    /// The payment methods the session offers (from the SDK's setup call).
    public var paymentMethods: [AdyenPaymentMethod]
    /// When the session expires (ISO 8601).
    public var expiresAt: String?

    /// Creates a response.
    public init(
        id: String, sessionData: String, amount: AdyenAmount, paymentMethods: [AdyenPaymentMethod],
        expiresAt: String? = nil
    ) {
        self.id = id
        self.sessionData = Sensitive(sessionData)
        self.amount = amount
        self.paymentMethods = paymentMethods
        self.expiresAt = expiresAt
    }
}

public import StateStore

/// `POST /payments` (or the session's payments call): what the shopper submitted in the drop-in.
public struct AdyenPaymentsRequest: Sendable, Hashable, Codable {
    /// The merchant account.
    public var merchantAccount: String
    /// The amount.
    public var amount: AdyenAmount
    /// The merchant's reference.
    public var reference: String
    /// The drop-in's `paymentMethod` object as JSON (encrypted card fields, a wallet token).
    /// Secret: it never reaches a log.
    public var paymentMethod: Sensitive<String>
    /// The shopper's browser information the drop-in gathered (`browserInfo`: user agent, screen,
    /// language), for 3-D Secure 2; `nil` when it handed none.
    public var browserInfo: JSONValue?
    /// Whether the shopper asked to store the method (`storePaymentMethod`), when the drop-in said.
    public var storePaymentMethod: Bool?
    /// Where a redirect returns.
    public var returnUrl: String
    /// The shopper's country.
    public var countryCode: String
    /// The channel (`iOS`).
    public var channel: String
    /// The session this payment belongs to (sessions flow).
    public var sessionID: String?
    /// The session's latest `sessionData` (sessions flow). Secret.
    public var sessionData: Sensitive<String>?
    /// The open partial-payment order, if any.
    public var order: AdyenOrderReference?

    /// Creates a request.
    public init(
        merchantAccount: String, amount: AdyenAmount, reference: String, paymentMethod: Sensitive<String>,
        returnUrl: String, countryCode: String, channel: String, sessionID: String? = nil,
        sessionData: Sensitive<String>? = nil, order: AdyenOrderReference? = nil, browserInfo: JSONValue? = nil,
        storePaymentMethod: Bool? = nil
    ) {
        self.merchantAccount = merchantAccount
        self.amount = amount
        self.reference = reference
        self.paymentMethod = paymentMethod
        self.browserInfo = browserInfo
        self.storePaymentMethod = storePaymentMethod
        self.returnUrl = returnUrl
        self.countryCode = countryCode
        self.channel = channel
        self.sessionID = sessionID
        self.sessionData = sessionData
        self.order = order
    }
}

public import StateStore

/// The answer to a payments or details call.
public struct AdyenPaymentResponse: Sendable, Hashable, Codable {
    /// The result code as Adyen wrote it (`Authorised`, `RedirectShopper`…); see
    /// ``AdyenResultCode``.
    public var resultCode: String
    /// Adyen's reference for the payment.
    public var pspReference: String?
    /// Why a payment was refused or failed (`Insufficient Funds`).
    public var refusalReason: String?
    /// Adyen's code for ``refusalReason``.
    public var refusalReasonCode: String?
    /// What the drop-in must do next, if anything.
    public var action: AdyenAction?
    /// The partial-payment order, when the payment belongs to one.
    public var order: AdyenOrder?
    /// The amount authorised.
    public var amount: AdyenAmount?
    /// The merchant's reference.
    public var merchantReference: String?
    /// The refreshed session data (sessions flow). Secret.
    public var sessionData: Sensitive<String>?
    /// The session result to verify with the session-result lookup (sessions flow).
    public var sessionResult: String?

    /// Creates a response.
    public init(
        resultCode: String, pspReference: String? = nil, refusalReason: String? = nil,
        refusalReasonCode: String? = nil, action: AdyenAction? = nil, order: AdyenOrder? = nil,
        amount: AdyenAmount? = nil, merchantReference: String? = nil, sessionData: String? = nil,
        sessionResult: String? = nil
    ) {
        self.resultCode = resultCode
        self.pspReference = pspReference
        self.refusalReason = refusalReason
        self.refusalReasonCode = refusalReasonCode
        self.action = action
        self.order = order
        self.amount = amount
        self.merchantReference = merchantReference
        self.sessionData = sessionData.map(Sensitive.init)
        self.sessionResult = sessionResult
    }
}

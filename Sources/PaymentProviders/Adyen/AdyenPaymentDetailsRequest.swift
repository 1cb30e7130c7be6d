public import StateStore

/// `POST /payments/details`: what a finished action produced.
public struct AdyenPaymentDetailsRequest: Sendable, Hashable, Codable {
    /// The action's details, a JSON object as the action component produced it (`redirectResult`,
    /// `threeDSResult`, `payload`…). Secret.
    public var details: Sensitive<JSONValue>
    /// The `paymentData` of the action being answered, if it had one.
    public var paymentData: Sensitive<String>?
    /// The session (sessions flow).
    public var sessionID: String?
    /// The session's latest `sessionData` (sessions flow). Secret.
    public var sessionData: Sensitive<String>?

    /// Creates a request.
    public init(
        details: Sensitive<JSONValue>, paymentData: Sensitive<String>? = nil, sessionID: String? = nil,
        sessionData: Sensitive<String>? = nil
    ) {
        self.details = details
        self.paymentData = paymentData
        self.sessionID = sessionID
        self.sessionData = sessionData
    }
}

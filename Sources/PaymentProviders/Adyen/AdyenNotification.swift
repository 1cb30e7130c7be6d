/// An `AUTHORISATION` webhook item as the merchant server received it (advanced flow): the
/// authoritative result of a payment.
public struct AdyenNotification: Sendable, Hashable, Codable {
    /// The event (`AUTHORISATION`).
    public var eventCode: String
    /// Whether the payment was authorised (Adyen sends `"true"`/`"false"`; decoded here).
    public var success: Bool
    /// Adyen's reference for the payment.
    public var pspReference: String
    /// The merchant's reference.
    public var merchantReference: String
    /// The amount.
    public var amount: AdyenAmount
    /// Why it was refused, when it was.
    public var reason: String?

    /// Creates a notification.
    public init(
        eventCode: String = "AUTHORISATION", success: Bool, pspReference: String, merchantReference: String,
        amount: AdyenAmount, reason: String? = nil
    ) {
        self.eventCode = eventCode
        self.success = success
        self.pspReference = pspReference
        self.merchantReference = merchantReference
        self.amount = amount
        self.reason = reason
    }
}

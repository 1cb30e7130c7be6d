public import StateStore

/// What the drop-in returns for a chosen method (`BTDropInResult`): the nonce, its type, a
/// description safe to show, and the device data for fraud checks.
///
/// The nonce and the device data are `Sensitive`: a description or a log never shows them; only
/// the submission's payload (itself a `Sensitive`) carries them in clear.
public struct BraintreePaymentMethod: Sendable, Hashable, Codable {
    /// The one-time payment-method nonce; `nil` for Apple Pay, which needs a separate
    /// tokenisation step. Secret.
    public var nonce: Sensitive<String>?
    /// The method's type.
    public var type: BraintreePaymentMethodType
    /// Card last four, PayPal email, Venmo username, or "Apple Pay".
    public var description: String
    /// The device data to send with the sale. Secret.
    public var deviceData: Sensitive<String>?
    /// Whether it is the customer's default vaulted method.
    public var isDefault: Bool
    /// The 3-D Secure result, when the drop-in already ran the verification.
    public var threeDSecure: BraintreeThreeDSecureInfo?

    /// Creates a method.
    public init(
        nonce: String?, type: BraintreePaymentMethodType, description: String, deviceData: String? = nil,
        isDefault: Bool = false, threeDSecure: BraintreeThreeDSecureInfo? = nil
    ) {
        self.nonce = nonce.map(Sensitive.init)
        self.type = type
        self.description = description
        self.deviceData = deviceData.map(Sensitive.init)
        self.isDefault = isDefault
        self.threeDSecure = threeDSecure
    }
}

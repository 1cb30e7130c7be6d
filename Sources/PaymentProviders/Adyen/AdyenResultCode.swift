/// Adyen's `resultCode` values, spelled as the API spells them.
public enum AdyenResultCode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Authorised: proceed with delivery.
    case authorised = "Authorised"
    /// Authorised for part of the amount (partial-authorisation merchants).
    case partiallyAuthorised = "PartiallyAuthorised"
    /// Refused; the reason is in `refusalReason`.
    case refused = "Refused"
    /// A processing error; the reason is in `refusalReason`.
    case error = "Error"
    /// Cancelled by the shopper or the merchant before completion.
    case cancelled = "Cancelled"
    /// The final status is not known yet (asynchronous methods).
    case pending = "Pending"
    /// Received by Adyen, to be processed.
    case received = "Received"
    /// The response holds something to show the shopper (voucher, QR code).
    case presentToShopper = "PresentToShopper"
    /// The shopper must be redirected.
    case redirectShopper = "RedirectShopper"
    /// A 3-D Secure 2 device fingerprint is needed.
    case identifyShopper = "IdentifyShopper"
    /// A 3-D Secure 2 challenge is needed.
    case challengeShopper = "ChallengeShopper"
    /// Authentication-only integrations: authentication finished.
    case authenticationFinished = "AuthenticationFinished"
    /// Authentication-only integrations: no authentication was needed.
    case authenticationNotRequired = "AuthenticationNotRequired"

    /// Whether the code asks the shopper to act, and so is an error when no action comes with it
    /// (Adyen's sessions SDK maps these to `Error`).
    public var needsAction: Bool {
        switch self {
        case .redirectShopper, .identifyShopper, .challengeShopper, .authenticationFinished,
            .authenticationNotRequired:
            return true
        default:
            return false
        }
    }
}

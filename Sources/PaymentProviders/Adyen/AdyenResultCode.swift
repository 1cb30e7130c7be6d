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

extension AdyenResultCode {
    /// The code a drop-in reported at the end of its payment (`AdyenSessionResult.resultCode`),
    /// spelled as Adyen's API and the SDK's raw values spell it (`PresentToShopper`) or as the SDK
    /// names its case (`presentToShopper`): the letters are compared without regard to case.
    ///
    /// - Throws: ``AdyenUnknownResultCode`` for any other text: never a crash, never an
    ///   authorisation.
    public init(reported text: String) throws(AdyenUnknownResultCode) {
        let lowercased = text.lowercased()
        guard let code = Self.allCases.first(where: { $0.rawValue.lowercased() == lowercased }) else {
            throw AdyenUnknownResultCode(resultCode: text)
        }
        self = code
    }
}

/// A drop-in reported a result code Adyen does not have (``AdyenResultCode/init(reported:)``).
public struct AdyenUnknownResultCode: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code as it was reported.
    public var resultCode: String

    /// Creates the error.
    public init(resultCode: String) {
        self.resultCode = resultCode
    }

    /// `Adyen's drop-in reported an unknown result code "Approved"` (a long code cut at 64
    /// characters).
    public var description: String {
        let shown = resultCode.count > 64 ? "\(resultCode.prefix(64))…" : resultCode
        return "Adyen's drop-in reported an unknown result code \"\(shown)\""
    }
}

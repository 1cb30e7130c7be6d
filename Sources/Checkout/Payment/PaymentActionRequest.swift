public import StateStore

/// Something the shopper must do before the provider can finish: follow a redirect, pass 3-D
/// Secure, use another app, look at a voucher.
public struct PaymentActionRequest: Sendable, Hashable, Codable {
    /// The kinds of action.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Open a URL (bank page, Afterpay) and come back to the return URL.
        case redirect
        /// 3-D Secure 2 device fingerprint.
        case threeDSFingerprint
        /// 3-D Secure challenge.
        case threeDSChallenge
        /// Another app or SDK (WeChat Pay, Twint).
        case sdk
        /// Wait while the shopper approves elsewhere (MB Way, BLIK).
        case await
        /// Show a voucher to pay later (Boleto, Konbini).
        case voucher
        /// Show a QR code (PIX).
        case qrCode
        /// Show a document.
        case document
    }

    /// The kind of action.
    public var kind: Kind
    /// The URL to open, for redirects. It may carry the provider's token or session id in its
    /// query (Afterpay's `?token=…`), so logs and descriptions show it with those redacted.
    public var url: SensitiveURL?
    /// The provider's action data for the drop-in. Secret.
    public var payload: Sensitive<String>?

    /// Creates an action request.
    public init(kind: Kind, url: SensitiveURL? = nil, payload: Sensitive<String>? = nil) {
        self.kind = kind
        self.url = url
        self.payload = payload
    }

    /// Whether this action ends without a details call (the shopper pays later): the payment
    /// then awaits confirmation.
    public var finishesWithoutDetails: Bool {
        kind == .voucher || kind == .qrCode || kind == .document
    }
}

public import Checkout
import Foundation
public import StateStore

/// An `action` object of an Adyen payments or details response: what the drop-in must do next.
///
/// The shapes follow Adyen's API: `{"type": "redirect", "url": …, "method": "GET"}`,
/// `{"type": "threeDS2", "subtype": "fingerprint", "token": …, "paymentData": …}`,
/// `{"type": "voucher", "reference": …, "downloadUrl": …}`, `{"type": "qrCode", "qrCodeData": …}`.
/// Only the fields the engine reads are typed; the whole object is handed to the drop-in as the
/// action's (secret) payload.
///
/// The secret fields (`paymentData`, the 3-D Secure `token` and `authorisationToken`, `sdkData`)
/// are `Sensitive` and the URL a `SensitiveURL` (a redirect's `redirectData` is secret): they
/// never show in a description or a log. Only ``json``, the payload handed to the drop-in inside
/// a `Sensitive`, writes them in clear.
public struct AdyenAction: Sendable, Hashable, Codable {
    /// `redirect`, `nativeRedirect`, `threeDS2`, `threeDS2Fingerprint`, `threeDS2Challenge`,
    /// `sdk`, `await`, `voucher`, `qrCode` or `document`.
    public var type: String
    /// For `threeDS2`: `fingerprint` or `challenge`.
    public var subtype: String?
    /// The payment method the action belongs to (`scheme`, `ideal`, `pix`).
    public var paymentMethodType: String?
    /// The URL to open (redirect, voucher download, QR code page); its secret query items are
    /// redacted in descriptions.
    public var url: SensitiveURL?
    /// The HTTP method of a redirect (`GET` or `POST`).
    public var method: String?
    /// State Adyen needs back in the details call. Secret.
    public var paymentData: Sensitive<String>?
    /// The 3-D Secure 2 token. Secret.
    public var token: Sensitive<String>?
    /// The 3-D Secure 2 authorisation token. Secret.
    public var authorisationToken: Sensitive<String>?
    /// The data an SDK action hands to the other app. Secret.
    public var sdkData: Sensitive<[String: String]>?
    /// The QR code's content.
    public var qrCodeData: String?
    /// A voucher's payment reference.
    public var reference: String?
    /// Where a voucher can be downloaded.
    public var downloadUrl: String?
    /// When a voucher expires (ISO 8601).
    public var expiresAt: String?
    /// A voucher's amount.
    public var totalAmount: AdyenAmount?

    /// Creates an action.
    public init(
        type: String, subtype: String? = nil, paymentMethodType: String? = nil, url: String? = nil,
        method: String? = nil, paymentData: String? = nil, token: String? = nil, authorisationToken: String? = nil,
        sdkData: [String: String]? = nil, qrCodeData: String? = nil, reference: String? = nil,
        downloadUrl: String? = nil, expiresAt: String? = nil, totalAmount: AdyenAmount? = nil
    ) {
        self.type = type
        self.subtype = subtype
        self.paymentMethodType = paymentMethodType
        self.url = url.map { SensitiveURL($0) }
        self.method = method
        self.paymentData = paymentData.map(Sensitive.init)
        self.token = token.map(Sensitive.init)
        self.authorisationToken = authorisationToken.map(Sensitive.init)
        self.sdkData = sdkData.map(Sensitive.init)
        self.qrCodeData = qrCodeData
        self.reference = reference
        self.downloadUrl = downloadUrl
        self.expiresAt = expiresAt
        self.totalAmount = totalAmount
    }

    /// The engine's kind for this action, or `nil` for a type Adyen added that the engine does
    /// not know.
    public var kind: PaymentActionRequest.Kind? {
        switch type {
        case "redirect", "nativeRedirect": return .redirect
        case "threeDS2":
            switch subtype {
            case "fingerprint": return .threeDSFingerprint
            case "challenge": return .threeDSChallenge
            default: return nil
            }
        case "threeDS2Fingerprint": return .threeDSFingerprint
        case "threeDS2Challenge": return .threeDSChallenge
        case "sdk": return .sdk
        case "await": return .await
        case "voucher": return .voucher
        case "qrCode": return .qrCode
        case "document": return .document
        default: return nil
        }
    }

    /// The action as JSON with sorted keys, secrets in clear: the payload the drop-in is handed
    /// (always inside a `Sensitive`).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[.revealsSensitiveValues] = true
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The engine's action request for this action, or `nil` for an unknown type.
    public var request: PaymentActionRequest? {
        guard let kind else { return nil }
        return PaymentActionRequest(
            kind: kind, url: url ?? downloadUrl.map { SensitiveURL($0) }, payload: Sensitive(json))
    }
}

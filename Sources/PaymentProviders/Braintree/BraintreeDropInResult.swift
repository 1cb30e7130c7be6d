public import Checkout
import Foundation
import StateStore

/// What the drop-in's handler received: an error, a cancellation, or a payment method. The host
/// forwards it as a `PaymentSubmission` (``submission``) in
/// `store.dispatch(.payment(.submitted(result.submission)))`.
public enum BraintreeDropInResult: Sendable, Hashable, Codable {
    /// The handler's `error`.
    case error(BraintreeDropInError)
    /// `result.isCanceled`: the sheet was dismissed without choosing.
    case cancelled
    /// `result.paymentMethod` with its type, description and device data.
    case paymentMethod(BraintreePaymentMethod)

    /// The method id a submission of a vaulted method uses (``BraintreePaymentProvider`` pays
    /// with the most recent vaulted method it found).
    public static let vaultedMethodID = "vaulted"

    /// The result as a submission: the payload (secret) is this result's JSON, nonce and device
    /// data in clear; the description is the method's safe description.
    public var submission: PaymentSubmission {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[.revealsSensitiveValues] = true
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        switch self {
        case .error: return PaymentSubmission(methodID: "error", payload: Sensitive(json))
        case .cancelled: return PaymentSubmission(methodID: "cancelled", payload: Sensitive(json))
        case .paymentMethod(let method):
            return PaymentSubmission(
                methodID: method.type.rawValue, payload: Sensitive(json), displayDescription: method.description)
        }
    }

    /// Reads a submission's payload back.
    ///
    /// - Throws: `PaymentFailure` when the payload is redacted or not a drop-in result.
    public static func decode(_ submission: PaymentSubmission) throws(PaymentFailure) -> BraintreeDropInResult {
        guard let payload = submission.payload.value,
            let result = try? JSONDecoder().decode(BraintreeDropInResult.self, from: Data(payload.utf8))
        else {
            throw PaymentFailure(kind: .provider, message: "the submission is not a Braintree drop-in result")
        }
        return result
    }
}

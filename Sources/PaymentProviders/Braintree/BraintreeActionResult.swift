public import Checkout
import Foundation
public import StateStore

/// What a Braintree action (an Apple Pay tokenisation, a 3-D Secure challenge) produced: a new
/// nonce, verified when 3-D Secure ran. Sent back as the action's details. The nonce is
/// `Sensitive`: only the details' payload (itself a `Sensitive`) carries it in clear.
///
/// ```swift
/// let result = BraintreeActionResult(nonce: tokenized.nonce)
/// store.dispatch(.payment(.actionCompleted(result.details)))
/// ```
public struct BraintreeActionResult: Sendable, Hashable, Codable {
    /// The nonce to sell with. Secret.
    public var nonce: Sensitive<String>
    /// The verification's result, after a 3-D Secure challenge.
    public var threeDSecure: BraintreeThreeDSecureInfo?

    /// Creates a result.
    public init(nonce: String, threeDSecure: BraintreeThreeDSecureInfo? = nil) {
        self.nonce = Sensitive(nonce)
        self.threeDSecure = threeDSecure
    }

    /// The result as action details (the payload is secret, and carries the nonce in clear).
    public var details: PaymentActionDetails {
        let encoder = JSONEncoder()
        encoder.userInfo[.revealsSensitiveValues] = true
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return PaymentActionDetails(payload: Sensitive(json))
    }

    /// Reads action details back.
    ///
    /// - Throws: `PaymentFailure` when the payload is redacted or not an action result.
    public static func decode(_ details: PaymentActionDetails) throws(PaymentFailure) -> BraintreeActionResult {
        guard let payload = details.payload.value,
            let result = try? JSONDecoder().decode(BraintreeActionResult.self, from: Data(payload.utf8))
        else {
            throw PaymentFailure(kind: .provider, message: "the action details are not a Braintree nonce result")
        }
        return result
    }
}

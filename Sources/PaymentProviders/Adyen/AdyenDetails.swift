public import Checkout
import Foundation
import StateStore

/// The details a finished Adyen action produced, as the `PaymentActionDetails` payload carries
/// them: a flat JSON object (`{"threeDSResult": "…"}`, `{"redirectResult": "…"}`).
///
/// ```swift
/// let details = AdyenDetails.actionDetails(["threeDSResult": result])
/// store.dispatch(.payment(.actionCompleted(details)))
/// ```
public enum AdyenDetails {
    /// Action details carrying `details`.
    public static func actionDetails(_ details: [String: String]) -> PaymentActionDetails {
        PaymentActionDetails(payload: Sensitive(json(details)))
    }

    /// The details inside `actionDetails`: its payload's JSON object, or else the query of the
    /// return URL it came with.
    ///
    /// - Throws: `PaymentFailure` when neither holds any details.
    public static func details(of actionDetails: PaymentActionDetails) throws(PaymentFailure) -> [String: String] {
        if let payload = actionDetails.payload.value, let data = payload.data(using: .utf8),
            let object = try? JSONDecoder().decode([String: String].self, from: data), !object.isEmpty
        {
            return object
        }
        if let url = actionDetails.returnURL?.value {
            let parameters = AdyenRedirectReturn.queryParameters(of: url)
            if !parameters.isEmpty { return parameters }
        }
        throw PaymentFailure(
            kind: .provider,
            message: "the Adyen action details are neither a JSON object of strings nor a return URL with a query")
    }

    /// `details` as JSON with sorted keys.
    static func json(_ details: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(details) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

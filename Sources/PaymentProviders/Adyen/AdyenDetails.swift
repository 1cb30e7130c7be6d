public import Checkout
public import StateStore

/// The details a finished Adyen action produced, as the `PaymentActionDetails` payload carries
/// them: a JSON object of details (`{"threeDSResult": "…"}`, `{"redirectResult": "…"}`), or the
/// drop-in's `ActionComponentData` as ``AdyenDropInData/actionDetails(details:paymentData:)``
/// writes it (`{"details": {…}, "paymentData": "…"}`).
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

    /// The details inside `actionDetails`, as `/payments/details` sends them: its payload's details
    /// object (any values), or else the query of the return URL it came with.
    ///
    /// - Throws: `PaymentFailure` when neither holds any details.
    public static func details(of actionDetails: PaymentActionDetails) throws(PaymentFailure) -> JSONValue {
        if let parts = parts(of: actionDetails) { return parts.details }
        if let url = actionDetails.returnURL?.value {
            let parameters = AdyenRedirectReturn.queryParameters(of: url)
            if !parameters.isEmpty { return object(parameters) }
        }
        throw PaymentFailure(
            kind: .provider,
            message: "the Adyen action details are neither a JSON object of details nor a return URL with a query")
    }

    /// The `paymentData` the drop-in handed over with the details, if it did.
    public static func paymentData(of actionDetails: PaymentActionDetails) -> Sensitive<String>? {
        parts(of: actionDetails)?.paymentData.map(Sensitive.init)
    }

    /// The payload's details object and payment data: the drop-in's shape when its object holds a
    /// `details` object and nothing else but `paymentData`, otherwise the whole object.
    private static func parts(of actionDetails: PaymentActionDetails) -> (details: JSONValue, paymentData: String?)? {
        guard let payload = actionDetails.payload.value,
            let value = try? AdyenJSONProblem.parse(payload, path: ""), case .object(let members) = value,
            !members.isEmpty
        else { return nil }
        if case .object(let inner)? = value["details"], !inner.isEmpty,
            members.allSatisfy({ $0.key == "details" || $0.key == "paymentData" })
        {
            guard case .string(let paymentData)? = value["paymentData"] else {
                return (.object(inner), nil)
            }
            return (.object(inner), paymentData)
        }
        return (value, nil)
    }

    /// `details` as a JSON object with its keys sorted.
    static func object(_ details: [String: String]) -> JSONValue {
        .object(details.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .string($0.value)) })
    }

    /// `details` as JSON with sorted keys.
    static func json(_ details: [String: String]) -> String {
        object(details).jsonText
    }
}

public import Checkout
import StateStore

/// What Adyen's drop-in hands the host in the advanced flow, as the checkout's actions: the
/// `DropInComponentDelegate` callbacks become `.payment(.submitted(…))` and
/// `.payment(.actionCompleted(…))` with the SDK's JSON kept whole, so the provider forwards it to
/// `/payments` and `/payments/details` as the SDK shaped it.
///
/// The host encodes the SDK's values with `JSONEncoder` and passes the text:
///
/// ```swift
/// func didSubmit(_ data: PaymentComponentData, from component: PaymentComponent, in dropIn: AnyDropInComponent) {
///     let encoder = JSONEncoder()
///     let submission = try AdyenDropInData.submission(
///         paymentMethod: String(decoding: try encoder.encode(data.paymentMethod.encodable), as: UTF8.self),
///         browserInfo: try data.browserInfo.map { String(decoding: try encoder.encode($0), as: UTF8.self) },
///         storePaymentMethod: data.storePaymentMethod)
///     store.dispatch(.payment(.submitted(submission)))
/// }
///
/// func didProvide(_ data: ActionComponentData, from component: ActionComponent, in dropIn: AnyDropInComponent) {
///     let details = String(decoding: try JSONEncoder().encode(data.details.encodable), as: UTF8.self)
///     store.dispatch(.payment(.actionCompleted(try AdyenDropInData.actionDetails(details: details, paymentData: data.paymentData))))
/// }
/// ```
///
/// Everything the SDK hands over stays in the actions' `Sensitive` payloads (encrypted card fields,
/// a wallet's token, 3-D Secure results): none of it reaches a log.
public enum AdyenDropInData {
    /// The checkout's submission for `didSubmit`: the component's `paymentMethod` (a JSON object
    /// with a string `type`, which becomes the submission's method), the shopper's `browserInfo`
    /// (a JSON object, for 3-D Secure 2) and whether to store the method.
    ///
    /// - Throws: ``AdyenJSONProblem`` naming `paymentMethod`, `paymentMethod.type` or
    ///   `browserInfo` when it is not JSON of that shape.
    public static func submission(
        paymentMethod: String, browserInfo: String? = nil, storePaymentMethod: Bool? = nil,
        displayDescription: String? = nil
    ) throws(AdyenJSONProblem) -> PaymentSubmission {
        let method = try AdyenJSONProblem.object(
            try AdyenJSONProblem.parse(paymentMethod, path: "paymentMethod"), path: "paymentMethod")
        let type = try AdyenJSONProblem.string("type", of: method, path: "paymentMethod")
        var members = [JSONMember(key: "paymentMethod", value: method)]
        if let browserInfo {
            let info = try AdyenJSONProblem.object(
                try AdyenJSONProblem.parse(browserInfo, path: "browserInfo"), path: "browserInfo")
            members.append(JSONMember(key: "browserInfo", value: info))
        }
        if let storePaymentMethod {
            members.append(JSONMember(key: "storePaymentMethod", value: .bool(storePaymentMethod)))
        }
        return PaymentSubmission(
            methodID: type, payload: Sensitive(JSONValue.object(members).jsonText),
            displayDescription: displayDescription)
    }

    /// The checkout's action details for `didProvide`: the component's `details` (a non-empty JSON
    /// object, whatever its values) and the action's `paymentData`.
    ///
    /// - Throws: ``AdyenJSONProblem`` naming `details` when it is not such JSON.
    public static func actionDetails(
        details: String, paymentData: String?
    ) throws(AdyenJSONProblem)
        -> PaymentActionDetails
    {
        let object = try AdyenJSONProblem.object(try AdyenJSONProblem.parse(details, path: "details"), path: "details")
        guard case .object(let fields) = object, !fields.isEmpty else {
            throw AdyenJSONProblem(path: "details", reason: "expected at least one detail")
        }
        var members = [JSONMember(key: "details", value: object)]
        if let paymentData { members.append(JSONMember(key: "paymentData", value: .string(paymentData))) }
        return PaymentActionDetails(payload: Sensitive(JSONValue.object(members).jsonText))
    }

    // MARK: Reading the payloads back (the provider)

    /// What a submission's payload holds for `/payments`: the `paymentMethod` object, and the
    /// `browserInfo` and `storePaymentMethod` that came with it. A payload that is the payment
    /// method object itself (a `type` at its top, as ``AdyenDetails`` and older hosts write it) is
    /// read as such.
    static func payments(
        _ payload: String
    ) throws(AdyenJSONProblem) -> (
        paymentMethod: JSONValue, browserInfo: JSONValue?, storePaymentMethod: Bool?
    ) {
        let value = try AdyenJSONProblem.object(try AdyenJSONProblem.parse(payload, path: ""), path: "")
        guard let method = value["paymentMethod"] else {
            _ = try AdyenJSONProblem.string("type", of: value, path: "paymentMethod")
            return (value, nil, nil)
        }
        _ = try AdyenJSONProblem.string(
            "type", of: try AdyenJSONProblem.object(method, path: "paymentMethod"), path: "paymentMethod")
        var store: Bool?
        if let flag = value["storePaymentMethod"] {
            guard case .bool(let bool) = flag else {
                throw AdyenJSONProblem(path: "storePaymentMethod", reason: "expected a Boolean, found \(flag.kindName)")
            }
            store = bool
        }
        var info: JSONValue?
        if let browserInfo = value["browserInfo"] {
            info = try AdyenJSONProblem.object(browserInfo, path: "browserInfo")
        }
        return (method, info, store)
    }
}

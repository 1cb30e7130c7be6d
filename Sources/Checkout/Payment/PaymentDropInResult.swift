public import StateStore

/// What a provider's drop-in reported when it made the payment itself: Adyen's sessions flow, where
/// the SDK makes the payments and details calls and tells the app
/// `AdyenSessionDelegate.didComplete(with:component:session:)`.
///
/// The host dispatches it as ``PaymentAction/dropInCompleted(_:)``. The result code is what the
/// shopper was shown; it never places an order by itself: the checkout asks the provider
/// (``PaymentProvider/confirm(_:dropInResult:)``), whose authoritative lookup decides.
///
/// ```swift
/// func didComplete(with result: AdyenSessionResult, component: Component, session: AdyenSession) {
///     store.dispatch(.payment(.dropInCompleted(
///         PaymentDropInResult(
///             resultCode: result.resultCode.rawValue, sessionResult: Sensitive(result.encodedResult)))))
/// }
/// ```
public struct PaymentDropInResult: Sendable, Hashable, Codable {
    /// The result code as the SDK reported it (Adyen: `Authorised`, `Pending`, `Refused`…).
    /// Untrusted: a code the provider does not know is refused, and never completes an order.
    public var resultCode: String
    /// What the provider's lookup verifies the result with (Adyen: the session result,
    /// `AdyenSessionResult.encodedResult`). Secret: with the session's id it reads the payment's
    /// status, so it never reaches a log.
    public var sessionResult: Sensitive<String>?
    /// The payment method the shopper paid with, when the host knows it (`scheme`, `ideal`): the
    /// `payment_type` of the `add_payment_info` event (the provider's id when absent).
    public var methodID: String?

    /// Creates a result.
    public init(resultCode: String, sessionResult: Sensitive<String>?, methodID: String? = nil) {
        self.resultCode = resultCode
        self.sessionResult = sessionResult
        self.methodID = methodID
    }
}

/// The merchant server's Adyen endpoints, as the host app reaches them. The host implements it
/// over its own backend (which holds the API key); `AdyenSandboxServer` (in the CheckoutSandbox
/// module) implements it in memory.
///
/// Every method may throw; an ``AdyenAPIError`` carries Adyen's own error answer.
public protocol AdyenMerchantServer: Sendable {
    /// `POST /sessions` (sessions flow), with the payment methods of the SDK's setup call.
    func sessions(_ request: AdyenSessionRequest) async throws -> AdyenSessionResponse

    /// `POST /paymentMethods` (advanced flow).
    func paymentMethods(_ request: AdyenPaymentMethodsRequest) async throws -> AdyenPaymentMethodsResponse

    /// `POST /payments`, or the session's payments call when ``AdyenPaymentsRequest/sessionID``
    /// is set.
    func payments(_ request: AdyenPaymentsRequest) async throws -> AdyenPaymentResponse

    /// `POST /payments/details`.
    func paymentDetails(_ request: AdyenPaymentDetailsRequest) async throws -> AdyenPaymentResponse

    /// `GET /sessions/{id}?sessionResult=…`: the authoritative result of a session's payment.
    func sessionResult(sessionID: String, sessionResult: String) async throws -> AdyenSessionStatus

    /// The `AUTHORISATION` webhook the server received for `pspReference`, or `nil` if none came
    /// yet (advanced flow's authoritative result).
    func notification(pspReference: String) async throws -> AdyenNotification?

    /// `POST /orders/cancel`: cancels an open partial-payment order (the paid parts are
    /// refunded), when the shopper abandons it.
    func cancelOrder(_ order: AdyenOrderReference) async throws
}

/// The merchant's own server, as the Worldline provider needs it. The host app implements it with
/// calls to its backend, which holds the Worldline API key and calls the Server API; the app never
/// sees card data in the clear after ``WorldlineCardForm`` encrypted it.
///
/// ```swift
/// struct ShopBackend: WorldlineMerchantServer {
///     func createClientSession() async throws -> WorldlineClientSession { ... }     // Create Session
///     func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult { ... }
///     func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult { ... }
/// }
/// ```
///
/// `WorldlineSandboxServer` (in the CheckoutSandbox module) is a deterministic in-memory
/// implementation for tests and demos.
public protocol WorldlineMerchantServer: Sendable {
    /// Server API *Create Session*: what the app needs to talk to the Client API.
    func createClientSession() async throws -> WorldlineClientSession

    /// Server API *Create Payment* with the encrypted customer input.
    func createPayment(_ payment: WorldlinePaymentInput) async throws -> WorldlinePaymentResult

    /// Server API *Get Payment* after the shopper came back from a redirect (3-D Secure): the
    /// server checks `returnMAC` against the one *Create Payment* gave and answers the status.
    func paymentResult(paymentID: String, returnMAC: String) async throws -> WorldlinePaymentResult
}

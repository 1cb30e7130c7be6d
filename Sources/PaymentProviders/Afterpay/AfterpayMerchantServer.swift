public import Afterpay

/// The merchant's own server, as the Afterpay provider needs it. The host app implements it
/// with calls to its backend, which holds the Afterpay merchant credentials and talks to
/// Afterpay's API (`POST /v2/checkouts`, `POST /v2/payments/capture`); the app never sees them.
///
/// ```swift
/// struct ShopBackend: AfterpayMerchantServer {
///     func createCheckout(amount: Afterpay.Money, merchantReference: String) async throws -> AfterpayCheckout {
///         let body = try await http.post("/afterpay/checkouts", ["amount": amount, "reference": merchantReference])
///         return AfterpayCheckout(token: body.token, redirectCheckoutURL: body.redirectCheckoutUrl)
///     }
///     func capture(token: String, merchantReference: String) async throws -> AfterpayCapture { ... }
/// }
/// ```
///
/// `AfterpaySandboxServer` (in the CheckoutSandbox module) is a deterministic in-memory
/// implementation for tests and demos.
public protocol AfterpayMerchantServer: Sendable {
    /// Creates an Afterpay checkout for `amount` (a decimal string with two decimals and an
    /// ISO 4217 currency, `{"amount":"45.95","currency":"GBP"}`): the checkout token and the URL
    /// the shopper is sent to.
    func createCheckout(amount: Afterpay.Money, merchantReference: String) async throws -> AfterpayCheckout

    /// Captures the order the shopper approved under `token`: Afterpay answers approved or
    /// declined.
    func capture(token: String, merchantReference: String) async throws -> AfterpayCapture

    /// Captures with the checkout widget's payment-schedule checksum (`paymentScheduleChecksum`
    /// in Afterpay's capture call), when the checkout shows the widget. The default ignores the
    /// checksum and calls ``capture(token:merchantReference:)``.
    func capture(
        token: String, merchantReference: String, paymentScheduleChecksum: String?
    ) async throws
        -> AfterpayCapture
}

extension AfterpayMerchantServer {
    /// Captures without a checksum: for servers of checkouts that do not show the widget.
    public func capture(
        token: String, merchantReference: String, paymentScheduleChecksum: String?
    ) async throws
        -> AfterpayCapture
    {
        try await capture(token: token, merchantReference: merchantReference)
    }
}

/// The backend the checkout talks to: the Checkout API.
///
/// Every call either returns or throws a ``CheckoutAPIError``; implementations map their
/// transport's failures onto it (HTTP 410 is ``CheckoutAPIError/cartExpired``, 409 is
/// ``CheckoutAPIError/conflict(message:)``), because the checkout's money-protecting rules key
/// on those cases.
///
/// The library ships ``URLSessionCheckoutAPI`` (HTTP and JSON). `SandboxCheckoutAPI` (in memory,
/// with real rules, for demos, tests and previews) lives in the CheckoutSandbox module, which a
/// shipping app never links.
public protocol CheckoutAPI: Sendable {
    /// The user's current checkout.
    func fetchCheckout() async throws(CheckoutAPIError) -> CheckoutDetails

    /// Sets the contact email address of `cartID`'s checkout.
    func updateEmail(_ email: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails

    /// Sets the shipping contact; the shipping methods and totals follow.
    func updateShippingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails

    /// Sets the billing contact.
    func updateBillingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails

    /// Sets the delivery address a wallet sheet gives before authorisation (locality, postal code
    /// and country only), to price shipping for it: the shipping methods offered there and the
    /// totals follow, as for ``updateShippingContact(_:cartID:)``. The estimate stands until a
    /// full shipping contact is set, which replaces it.
    func updateShippingEstimate(
        _ address: PartialAddress, cartID: String
    ) async throws(CheckoutAPIError)
        -> CheckoutDetails

    /// Selects a shipping method; the totals follow.
    func updateShippingMethod(id: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails

    /// Rebuilds an expired checkout from the user's progress (after a 410), returning the new
    /// checkout (with a new cart id).
    func restoreCheckout(_ progress: CheckoutProgress) async throws(CheckoutAPIError) -> CheckoutDetails

    /// Begins a web checkout with `apiType`'s begin endpoint.
    func beginWebCheckout(apiType: WebCheckoutApiType) async throws(CheckoutAPIError) -> WebCheckoutSession

    /// Records a completed web checkout with `apiType`'s complete endpoint.
    func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) async throws(CheckoutAPIError)

    /// Starts a payment of `expectedAmount` for `cartID`. Fails with
    /// ``CheckoutAPIError/conflict(message:)`` (409) when the cart or amount no longer match, and
    /// ``CheckoutAPIError/cartExpired`` (410) when the cart expired.
    func startPayment(cartID: String, expectedAmount: Money) async throws(CheckoutAPIError) -> PaymentIntent
}

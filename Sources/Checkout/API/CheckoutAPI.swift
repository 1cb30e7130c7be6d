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
    ///
    /// ``WebCheckoutApiType/cartTransfer`` posts `cart`'s items (each line's SKU, quantity, id,
    /// title and unit price) and returns the request the web view performs
    /// (``WebCheckoutSession/method``, ``WebCheckoutSession/body``); it needs the cart
    /// (``URLSessionCheckoutAPI`` throws ``CheckoutAPIError/invalidRequest(_:)`` without one).
    /// ``WebCheckoutApiType/checkout``
    /// ignores `cart` (the backend holds the checkout) and returns a `GET` session.
    ///
    /// The checkout passes the cart the host gave ``WebCheckoutBuilder`` (`state.cart`).
    func beginWebCheckout(apiType: WebCheckoutApiType, cart: Cart?) async throws(CheckoutAPIError) -> WebCheckoutSession

    /// Records a completed web checkout with `apiType`'s complete endpoint.
    func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) async throws(CheckoutAPIError)

    /// Starts a payment of `expectedAmount` for `cartID`. Fails with
    /// ``CheckoutAPIError/conflict(message:)`` (409) when the cart or amount no longer match, and
    /// ``CheckoutAPIError/cartExpired`` (410) when the cart expired.
    func startPayment(cartID: String, expectedAmount: Money) async throws(CheckoutAPIError) -> PaymentIntent

    /// Places the order for payment `paymentReference` of `amount` on `cartID`'s checkout, after
    /// the payment's result: ``OrderStatus/confirmed`` when it is authorised,
    /// ``OrderStatus/pending`` when it awaits confirmation. Native checkout only (a web checkout's
    /// page places its own order; ``completeWebCheckout(apiType:order:reference:)`` records it).
    ///
    /// Idempotent by `idempotencyKey`: a call with a key the backend has seen returns the order it
    /// placed for it (its current status), and places nothing. The checkout makes the key once per
    /// payment and sends it with every retry, so a retry never creates a second order. A payment
    /// has at most one order.
    ///
    /// Fails with ``CheckoutAPIError/cartExpired`` (410) or
    /// ``CheckoutAPIError/conflict(message:)`` (409) when the cart expired or is not the current
    /// one (the checkout then rebuilds or fetches it, and places again with the same key, the
    /// money already taken), and with ``CheckoutAPIError/conflict(message:)`` when `amount` is not
    /// the payment's.
    func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) async throws(CheckoutAPIError) -> PlacedOrder

    /// Moves a pending order to `status` (``OrderStatus/confirmed`` or ``OrderStatus/cancelled``)
    /// once its payment's final result is known. Setting the status it has already is accepted
    /// and changes nothing.
    func updateOrderStatus(orderID: String, status: OrderStatus) async throws(CheckoutAPIError) -> PlacedOrder
}

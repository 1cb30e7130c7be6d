public import Checkout
public import Foundation
import StateStore

/// An in-memory Checkout API with real rules, for the demo and for tests. Deterministic: the same
/// calls always give the same answers and the same ids (`cart-1`, `payment-1`, …).
///
/// Rules:
/// - Totals: `subtotal + shipping - discount`, where shipping is the selected method's price.
/// - Shipping methods by the country of the wallet sheet's shipping estimate while there is one
///   (setting a shipping contact replaces it), else the shipping contact's: GB offers `standard` (3.95; free from a
///   subtotal of 50) and `express` (7.95); US offers `standard` (6.00) and `express` (15.00); the
///   EU countries in ``euCountries`` offer `international` (9.95); any other country offers
///   `international` (19.95); no shipping contact, no methods. A selected method the new
///   country does not offer is cleared.
/// - Validation: an implausible email or an address missing a field is a 422; an estimate without
///   a two-letter country is a 422; a method not offered is a 422; a cart id that is not the current cart is a 409.
/// - ``expireCart()``: every later call for the cart answers 410 until the checkout is restored
///   (`CheckoutAPI.restoreCheckout(_:)`), which creates a new cart with the same lines and the
///   user's progress.
/// - ``changePrice(productID:to:)``: the backend's price changes; a payment started with the old
///   total answers 409.
/// - ``failNextCalls(_:with:)``: the next calls fail with a given error (network, 500, timeout…).
/// - Web checkout: `checkout/start` answers a `GET` of a sandbox page. A cart transfer takes the
///   posted cart (without one, the sandbox transfers the cart it holds, so tests and previews
///   need not pass one; `URLSessionCheckoutAPI` requires it), refuses a cart without a line of
///   quantity 1 or more (422), and answers a `POST` of a form body (a transfer token, the cart id,
///   the item count) to `https://sandbox.checkout.invalid/cart/transfer`.
///   ``transferredCarts`` holds the carts it received.
/// - Orders (`CheckoutAPI.placeOrder(cartID:paymentReference:amount:status:idempotencyKey:)`):
///   the key is looked up first: a key seen before returns the order placed for it, as it is now,
///   and places nothing (the same key for another payment is a 422). Then 410 when the cart
///   expired, 409 when the cart id is not the current cart; the payment must have been started
///   here (422 otherwise), and `amount` and the cart's total now must be its amount (409
///   otherwise: the cart changed after the payment); a payment that has an order already returns
///   that order (one order per payment). Orders are `order-1`, `order-2`, …,
///   numbered `SB-1001`, `SB-1002`, …; a pending order moves to confirmed or cancelled once
///   (`updateOrderStatus`; the same status again changes nothing, another change is a 409, an
///   unknown order a 404). The cart stays open until the checkout places its next order.
/// - ``loseNextOrderAnswers(_:)``: the next order placements create the order and then fail with
///   a timeout, as an answer lost on the way does (the retry's key finds the order).
/// - ``snapshot()`` and ``init(snapshot:)``: everything the sandbox holds, as a value, so that a
///   test can keep the backend when it kills the app process that embeds it (a real backend
///   outlives the app).
///
/// ```swift
/// let api = SandboxCheckoutAPI()
/// let details = try await api.fetchCheckout()
/// await api.expireCart()
/// try await api.updateEmail("a@b.co", cartID: details.cart.id)   // throws .cartExpired
/// ```
public actor SandboxCheckoutAPI: CheckoutAPI {
    /// A call the sandbox received, for tests to assert on.
    public enum Call: Sendable, Hashable, Codable {
        /// `fetchCheckout()`
        case fetchCheckout
        /// `updateEmail`
        case updateEmail(cartID: String)
        /// `updateShippingContact`
        case updateShippingContact(cartID: String)
        /// `updateBillingContact`
        case updateBillingContact(cartID: String)
        /// `updateShippingEstimate`
        case updateShippingEstimate(PartialAddress, cartID: String)
        /// `updateShippingMethod`
        case updateShippingMethod(id: String, cartID: String)
        /// `restoreCheckout`
        case restoreCheckout(CheckoutProgress)
        /// `beginWebCheckout`
        case beginWebCheckout(WebCheckoutApiType)
        /// `completeWebCheckout`
        case completeWebCheckout(WebCheckoutApiType, orderID: String)
        /// `startPayment`
        case startPayment(cartID: String, expectedAmount: Money)
        /// `placeOrder`
        case placeOrder(
            cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String)
        /// `updateOrderStatus`
        case updateOrderStatus(orderID: String, status: OrderStatus)
    }

    /// The EU countries offered the `international` method at the EU price.
    public static let euCountries: Set<String> = ["FR", "DE", "IE", "ES", "IT", "NL", "BE", "PT", "AT"]

    /// A small cart in GBP for demos: two items, subtotal 42.00.
    public static let demoLines: [CartLine] = [
        CartLine(id: "line-1", productID: "tee-navy-m", title: "Navy T-shirt (M)", quantity: 2, unitPrice: 12),
        CartLine(id: "line-2", productID: "cap-grey", title: "Grey cap", quantity: 1, unitPrice: 18),
    ]

    private var lines: [CartLine]
    private let currencyCode: String
    private var discount: Decimal
    private var cartNumber = 1
    private var paymentNumber = 0
    private var isExpired = false
    private var email: String?
    private var shippingContact: Address?
    private var shippingEstimate: PartialAddress?
    private var billingContact: Address?
    private var selectedShippingMethodID: String?
    private var failures: [CheckoutAPIError] = []
    private var calls: [Call] = []
    private var completedOrders: [CompletedOrder] = []
    private var transfers: [Cart] = []
    private var payments: [String: Money] = [:]
    private var orders: [PlacedOrder] = []
    private var orderKeys: [String: Snapshot.KeyedOrder] = [:]
    private var lostOrderAnswers = 0

    /// Creates a sandbox holding one cart of `lines` in `currencyCode`.
    public init(lines: [CartLine] = SandboxCheckoutAPI.demoLines, currencyCode: String = "GBP", discount: Decimal = 0) {
        self.lines = lines
        self.currencyCode = currencyCode
        self.discount = discount
    }

    // MARK: Snapshots

    /// Everything a sandbox holds: its cart and the checkout's progress, the payments started, the
    /// orders and their keys, the failures still to come, and the calls received. `Codable`, so a
    /// test can write it to a file from a process it then kills, and go on with the same backend
    /// in another (``init(snapshot:)``), as an app killed mid-payment finds its backend unchanged.
    public struct Snapshot: Sendable, Hashable, Codable {
        /// An order placed for an idempotency key, and the payment it is for.
        public struct KeyedOrder: Sendable, Hashable, Codable {
            /// The order's id.
            public var orderID: String
            /// The payment the key was used for.
            public var paymentReference: String
        }

        var lines: [CartLine]
        var currencyCode: String
        var discount: Decimal
        var cartNumber: Int
        var paymentNumber: Int
        var isExpired: Bool
        var email: String?
        var shippingContact: Address?
        var shippingEstimate: PartialAddress?
        var billingContact: Address?
        var selectedShippingMethodID: String?
        var failures: [CheckoutAPIError]
        /// Every call received, oldest first.
        public var calls: [Call]
        var completedOrders: [CompletedOrder]
        var transfers: [Cart]
        /// The payments started, by reference, with their amounts.
        public var payments: [String: Money]
        /// The orders placed, oldest first, with their current status.
        public var orders: [PlacedOrder]
        /// The orders placed for each idempotency key.
        public var orderKeys: [String: KeyedOrder]
        var lostOrderAnswers: Int
    }

    /// A sandbox that holds what `snapshot` holds, and goes on from there.
    public init(snapshot: Snapshot) {
        lines = snapshot.lines
        currencyCode = snapshot.currencyCode
        discount = snapshot.discount
        cartNumber = snapshot.cartNumber
        paymentNumber = snapshot.paymentNumber
        isExpired = snapshot.isExpired
        email = snapshot.email
        shippingContact = snapshot.shippingContact
        shippingEstimate = snapshot.shippingEstimate
        billingContact = snapshot.billingContact
        selectedShippingMethodID = snapshot.selectedShippingMethodID
        failures = snapshot.failures
        calls = snapshot.calls
        completedOrders = snapshot.completedOrders
        transfers = snapshot.transfers
        payments = snapshot.payments
        orders = snapshot.orders
        orderKeys = snapshot.orderKeys
        lostOrderAnswers = snapshot.lostOrderAnswers
    }

    /// Everything the sandbox holds now (no call recorded, no failure consumed).
    public func snapshot() -> Snapshot {
        Snapshot(
            lines: lines, currencyCode: currencyCode, discount: discount, cartNumber: cartNumber,
            paymentNumber: paymentNumber, isExpired: isExpired, email: email, shippingContact: shippingContact,
            shippingEstimate: shippingEstimate, billingContact: billingContact,
            selectedShippingMethodID: selectedShippingMethodID, failures: failures, calls: calls,
            completedOrders: completedOrders, transfers: transfers, payments: payments, orders: orders,
            orderKeys: orderKeys, lostOrderAnswers: lostOrderAnswers)
    }

    // MARK: Commands

    /// Expires the current cart: calls for it answer 410 until it is restored.
    public func expireCart() {
        isExpired = true
    }

    /// Changes the price of a product in the cart (the total changes with it).
    public func changePrice(productID: String, to price: Decimal) {
        for index in lines.indices where lines[index].productID == productID {
            lines[index].unitPrice = price
        }
    }

    /// Makes the next `count` calls fail with `error`.
    public func failNextCalls(_ count: Int = 1, with error: CheckoutAPIError) {
        failures.append(contentsOf: Array(repeating: error, count: count))
    }

    /// Makes the next `count` order placements lose their answers: the order is placed, then the
    /// call fails with `CheckoutAPIError.timeout`.
    public func loseNextOrderAnswers(_ count: Int = 1) {
        lostOrderAnswers += count
    }

    /// Every call received, oldest first.
    public var receivedCalls: [Call] { calls }

    /// The orders placed, oldest first, with their current status.
    public var placedOrders: [PlacedOrder] { orders }

    /// The web checkouts recorded with the complete endpoint.
    public var recordedOrders: [CompletedOrder] { completedOrders }

    /// The carts the cart-transfer begin received (the sandbox's own when none was posted),
    /// oldest first.
    public var transferredCarts: [Cart] { transfers }

    /// The current cart's id.
    public var currentCartID: String { "cart-\(cartNumber)" }

    /// The checkout as the sandbox holds it now (no call recorded, no failure consumed).
    public var currentDetails: CheckoutDetails { details() }

    // MARK: CheckoutAPI

    /// The current checkout; 410 when the cart expired.
    public func fetchCheckout() throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.fetchCheckout)
        try consumeFailure()
        if isExpired { throw .cartExpired }
        return details()
    }

    /// Sets the email (422 when implausible).
    public func updateEmail(_ email: String, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.updateEmail(cartID: cartID))
        try check(cartID)
        guard EmailRule.isPlausible(email) else { throw .client(status: 422, message: "email is not valid") }
        self.email = email
        return details()
    }

    /// Sets the shipping contact (422 when a field is missing); methods follow the country.
    public func updateShippingContact(_ address: Address, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.updateShippingContact(cartID: cartID))
        try check(cartID)
        if let field = address.missingField { throw .client(status: 422, message: "\(field) is required") }
        shippingContact = address
        shippingEstimate = nil
        clearUnofferedMethod()
        return details()
    }

    /// Sets the wallet sheet's partial address to price shipping for (422 without a two-letter
    /// country); methods follow its country until a shipping contact is set.
    public func updateShippingEstimate(
        _ address: PartialAddress, cartID: String
    ) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.updateShippingEstimate(address, cartID: cartID))
        try check(cartID)
        guard address.hasCountry else { throw .client(status: 422, message: "countryCode is required") }
        shippingEstimate = address
        clearUnofferedMethod()
        return details()
    }

    /// Sets the billing contact (422 when a field is missing).
    public func updateBillingContact(_ address: Address, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.updateBillingContact(cartID: cartID))
        try check(cartID)
        if let field = address.missingField { throw .client(status: 422, message: "\(field) is required") }
        billingContact = address
        return details()
    }

    /// Selects a shipping method (422 when not offered).
    public func updateShippingMethod(id: String, cartID: String) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.updateShippingMethod(id: id, cartID: cartID))
        try check(cartID)
        guard shippingMethods().contains(where: { $0.id == id }) else {
            throw .client(status: 422, message: "shipping method \(id) is not offered")
        }
        selectedShippingMethodID = id
        return details()
    }

    /// Creates a new cart with the same lines and the user's progress.
    public func restoreCheckout(_ progress: CheckoutProgress) throws(CheckoutAPIError) -> CheckoutDetails {
        calls.append(.restoreCheckout(progress))
        try consumeFailure()
        cartNumber += 1
        isExpired = false
        email = progress.email.flatMap { EmailRule.isPlausible($0) ? $0 : nil }
        shippingContact = progress.shippingContact.flatMap { $0.missingField == nil ? $0 : nil }
        billingContact = progress.billingContact.flatMap { $0.missingField == nil ? $0 : nil }
        shippingEstimate = nil
        selectedShippingMethodID = progress.shippingMethodID
        clearUnofferedMethod()
        return details()
    }

    /// Begins a web checkout on a sandbox URL, with the bridge cookies: a `GET` of the checkout
    /// page, or for a cart transfer a `POST` of `cart` (the sandbox's own cart when `nil`).
    public func beginWebCheckout(
        apiType: WebCheckoutApiType, cart: Cart?
    ) throws(CheckoutAPIError) -> WebCheckoutSession {
        calls.append(.beginWebCheckout(apiType))
        try consumeFailure()
        let domain = "sandbox.checkout.invalid"
        let cookies = [
            WebCheckoutCookie(name: "poq.webcheckout.platform", value: Sensitive("javascript"), domain: domain),
            WebCheckoutCookie(name: "poq.webcheckout.version", value: Sensitive("2"), domain: domain),
        ]
        let authorization = Sensitive("Bearer \(SandboxSecret.make("sandbox-session-\(cartNumber)"))")
        switch apiType {
        case .checkout:
            return WebCheckoutSession(
                url: SensitiveURL("https://\(domain)/\(apiType.beginPath(appID: "sandbox"))?cart=\(currentCartID)"),
                cookies: cookies, headers: ["Authorization": authorization], reference: currentCartID)
        case .cartTransfer:
            let cart = cart ?? details().cart
            guard let itemCount = cart.itemCount else {
                throw .client(status: 422, message: "the cart's quantities add up to more than \(Int.max)")
            }
            guard itemCount > 0 else { throw .client(status: 422, message: "the cart has no items to transfer") }
            transfers.append(cart)
            var form = URLComponents()
            form.queryItems = [
                URLQueryItem(name: "token", value: SandboxSecret.make("sandbox-transfer-\(transfers.count)")),
                URLQueryItem(name: "cart", value: cart.id),
                URLQueryItem(name: "items", value: String(itemCount)),
            ]
            return WebCheckoutSession(
                url: SensitiveURL("https://\(domain)/cart/transfer"), method: .post, cookies: cookies,
                headers: [
                    "Authorization": authorization,
                    "Content-Type": Sensitive("application/x-www-form-urlencoded"),
                ],
                body: Sensitive(form.percentEncodedQuery ?? ""), reference: cart.id)
        }
    }

    /// Records a completed web checkout.
    public func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) throws(CheckoutAPIError) {
        calls.append(.completeWebCheckout(apiType, orderID: order.orderID))
        try consumeFailure()
        completedOrders.append(order)
    }

    /// Starts a payment: 410 when expired, 409 when the cart id or the amount do not match.
    public func startPayment(cartID: String, expectedAmount: Money) throws(CheckoutAPIError) -> PaymentIntent {
        calls.append(.startPayment(cartID: cartID, expectedAmount: expectedAmount))
        try check(cartID)
        let total = details().cart.total
        guard expectedAmount == total else {
            throw .conflict(message: "expected \(expectedAmount), the cart's total is \(total)")
        }
        paymentNumber += 1
        let reference = "payment-\(paymentNumber)"
        payments[reference] = total
        return PaymentIntent(reference: reference, cartID: cartID, amount: total)
    }

    /// Places the order of a payment started here, once per key and once per payment.
    public func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) throws(CheckoutAPIError) -> PlacedOrder {
        calls.append(
            .placeOrder(
                cartID: cartID, paymentReference: paymentReference, amount: amount, status: status,
                idempotencyKey: idempotencyKey))
        try consumeFailure()
        if let seen = orderKeys[idempotencyKey] {
            guard seen.paymentReference == paymentReference else {
                throw .client(status: 422, message: "idempotency key \(idempotencyKey) was used for another payment")
            }
            return try order(seen.orderID)
        }
        if isExpired { throw .cartExpired }
        guard cartID == currentCartID else { throw .conflict(message: "cart \(cartID) is not the current cart") }
        guard let paid = payments[paymentReference] else {
            throw .client(status: 422, message: "payment \(paymentReference) was not started here")
        }
        guard amount == paid else {
            throw .conflict(message: "the amount \(amount) is not the payment's, \(paid)")
        }
        let total = details().cart.total
        guard total == paid else {
            throw .conflict(message: "the cart's total \(total) is not the payment's, \(paid)")
        }
        guard status != .cancelled else { throw .client(status: 422, message: "an order is not placed as cancelled") }
        let placed: PlacedOrder
        if let existingID = orderKeys.values.first(where: { $0.paymentReference == paymentReference })?.orderID {
            placed = try order(existingID)
        } else {
            placed = PlacedOrder(
                id: "order-\(orders.count + 1)", number: "SB-\(1001 + orders.count)", status: status, total: paid)
            orders.append(placed)
        }
        orderKeys[idempotencyKey] = Snapshot.KeyedOrder(orderID: placed.id, paymentReference: paymentReference)
        if lostOrderAnswers > 0 {
            lostOrderAnswers -= 1
            throw .timeout
        }
        return placed
    }

    /// Moves a pending order to confirmed or cancelled.
    public func updateOrderStatus(orderID: String, status: OrderStatus) throws(CheckoutAPIError) -> PlacedOrder {
        calls.append(.updateOrderStatus(orderID: orderID, status: status))
        try consumeFailure()
        guard let index = orders.firstIndex(where: { $0.id == orderID }) else {
            throw .client(status: 404, message: "no order \(orderID)")
        }
        let current = orders[index].status
        if current == status { return orders[index] }
        guard current == .pending, status != .pending else {
            throw .conflict(message: "order \(orderID) is \(current.rawValue); it cannot become \(status.rawValue)")
        }
        orders[index].status = status
        return orders[index]
    }

    // MARK: Rules

    private func order(_ id: String) throws(CheckoutAPIError) -> PlacedOrder {
        guard let order = orders.first(where: { $0.id == id }) else {
            throw .server(status: 500, message: "the sandbox lost order \(id)")
        }
        return order
    }

    private func consumeFailure() throws(CheckoutAPIError) {
        if !failures.isEmpty { throw failures.removeFirst() }
    }

    private func check(_ cartID: String) throws(CheckoutAPIError) {
        try consumeFailure()
        if isExpired { throw .cartExpired }
        guard cartID == currentCartID else { throw .conflict(message: "cart \(cartID) is not the current cart") }
    }

    private func clearUnofferedMethod() {
        if let selected = selectedShippingMethodID, !shippingMethods().contains(where: { $0.id == selected }) {
            selectedShippingMethodID = nil
        }
    }

    private var subtotal: Decimal { lines.reduce(0) { $0 + $1.lineTotal } }

    private func shippingMethods() -> [ShippingMethod] {
        guard let country = (shippingEstimate?.countryCode ?? shippingContact?.countryCode)?.uppercased() else {
            return []
        }
        func method(_ id: String, _ name: String, _ price: Decimal) -> ShippingMethod {
            ShippingMethod(id: id, name: name, price: Money(amount: price, currencyCode: currencyCode))
        }
        switch country {
        case "GB":
            return [
                method("standard", "Standard (3-5 days)", subtotal >= 50 ? 0 : 3.95),
                method("express", "Express (next day)", 7.95),
            ]
        case "US":
            return [method("standard", "Standard", 6), method("express", "Express", 15)]
        case _ where Self.euCountries.contains(country):
            return [method("international", "International (EU)", 9.95)]
        default:
            return [method("international", "International", 19.95)]
        }
    }

    private func details() -> CheckoutDetails {
        let methods = shippingMethods()
        let shipping = methods.first { $0.id == selectedShippingMethodID }?.price.amount ?? 0
        let totals = CartTotals(
            subtotal: subtotal, shipping: shipping, discount: discount, total: subtotal + shipping - discount)
        return CheckoutDetails(
            cart: Cart(id: currentCartID, lines: lines, totals: totals, currencyCode: currencyCode), email: email,
            shippingContact: shippingContact, billingContact: billingContact, shippingMethods: methods,
            selectedShippingMethodID: selectedShippingMethodID)
    }
}

import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting

/// The sandbox Checkout API with a hand on the calls a wallet sheet makes (the shipping estimate
/// and the shipping method): the next ones can be made to take time on a test clock, or to answer
/// something other than what the sandbox holds (an untrusted backend), and the next payment start
/// can be made to take time. Every other call goes to the sandbox untouched.
final class SteeredCheckoutAPI: CheckoutAPI, @unchecked Sendable {
    let sandbox: SandboxCheckoutAPI
    let clock: TestClock
    private let lock = NSLock()
    private var delays: [Duration] = []
    private var rewrites: [@Sendable (CheckoutDetails) -> CheckoutDetails] = []
    private var paymentDelays: [Duration] = []

    init(sandbox: SandboxCheckoutAPI = SandboxCheckoutAPI(), clock: TestClock) {
        self.sandbox = sandbox
        self.clock = clock
    }

    /// The next sheet call sleeps `delay` on the clock before the sandbox answers it.
    func delayNextSheetCall(by delay: Duration) {
        lock.withLock { delays.append(delay) }
    }

    /// The next payment start sleeps `delay` on the clock before the sandbox answers it.
    func delayNextPaymentStart(by delay: Duration) {
        lock.withLock { paymentDelays.append(delay) }
    }

    /// The next sheet call answers `rewrite` of what the sandbox answered.
    func rewriteNextSheetAnswer(_ rewrite: @escaping @Sendable (CheckoutDetails) -> CheckoutDetails) {
        lock.withLock { rewrites.append(rewrite) }
    }

    private func steer(
        _ call: () async throws(CheckoutAPIError) -> CheckoutDetails
    ) async throws(CheckoutAPIError)
        -> CheckoutDetails
    {
        let (delay, rewrite) = lock.withLock {
            (delays.isEmpty ? nil : delays.removeFirst(), rewrites.isEmpty ? nil : rewrites.removeFirst())
        }
        if let delay {
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .network("cancelled")
            }
        }
        let details = try await call()
        return rewrite?(details) ?? details
    }

    func updateShippingEstimate(
        _ address: PartialAddress, cartID: String
    ) async throws(CheckoutAPIError)
        -> CheckoutDetails
    {
        try await steer { () async throws(CheckoutAPIError) in
            try await sandbox.updateShippingEstimate(address, cartID: cartID)
        }
    }

    func updateShippingMethod(id: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await steer { () async throws(CheckoutAPIError) in
            try await sandbox.updateShippingMethod(id: id, cartID: cartID)
        }
    }

    func fetchCheckout() async throws(CheckoutAPIError) -> CheckoutDetails { try await sandbox.fetchCheckout() }
    func updateEmail(_ email: String, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await sandbox.updateEmail(email, cartID: cartID)
    }
    func updateShippingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await sandbox.updateShippingContact(address, cartID: cartID)
    }
    func updateBillingContact(_ address: Address, cartID: String) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await sandbox.updateBillingContact(address, cartID: cartID)
    }
    func restoreCheckout(_ progress: CheckoutProgress) async throws(CheckoutAPIError) -> CheckoutDetails {
        try await sandbox.restoreCheckout(progress)
    }
    func beginWebCheckout(apiType: WebCheckoutApiType, cart: Cart?) async throws(CheckoutAPIError) -> WebCheckoutSession
    {
        try await sandbox.beginWebCheckout(apiType: apiType, cart: cart)
    }
    func placeOrder(
        cartID: String, paymentReference: String, amount: Money, status: OrderStatus, idempotencyKey: String
    ) async throws(CheckoutAPIError) -> PlacedOrder {
        try await sandbox.placeOrder(
            cartID: cartID, paymentReference: paymentReference, amount: amount, status: status,
            idempotencyKey: idempotencyKey)
    }
    func updateOrderStatus(orderID: String, status: OrderStatus) async throws(CheckoutAPIError) -> PlacedOrder {
        try await sandbox.updateOrderStatus(orderID: orderID, status: status)
    }
    func completeWebCheckout(
        apiType: WebCheckoutApiType, order: CompletedOrder, reference: String?
    ) async throws(CheckoutAPIError) {
        try await sandbox.completeWebCheckout(apiType: apiType, order: order, reference: reference)
    }
    func startPayment(cartID: String, expectedAmount: Money) async throws(CheckoutAPIError) -> PaymentIntent {
        if let delay = lock.withLock({ paymentDelays.isEmpty ? nil : paymentDelays.removeFirst() }) {
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .network("cancelled")
            }
        }
        return try await sandbox.startPayment(cartID: cartID, expectedAmount: expectedAmount)
    }
}

/// A native checkout on a test store whose clock drives the wallet sheet's timer, with the
/// sandbox provider and a `SandboxWalletSheet` that records every answer.
final class WalletSheetRun {
    static let merchant = "Poq Shop"
    static let paris = PartialAddress(city: "Paris", postcode: "75001", countryCode: "FR")
    static let london = PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB")

    let clock = TestClock()
    let sheet = SandboxWalletSheet()
    let api: SteeredCheckoutAPI
    let provider: SandboxPaymentProvider
    let store: TestStore<CheckoutState>

    init(
        provider: SandboxPaymentProvider = SandboxPaymentProvider(), state: CheckoutState = Fixtures.nativeState(),
        sandbox: SandboxCheckoutAPI = SandboxCheckoutAPI()
    ) {
        api = SteeredCheckoutAPI(sandbox: sandbox, clock: clock)
        self.provider = provider
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [provider], paymentStepTimeout: nil, walletSheet: sheet, clock: clock)
        // Every effect here finishes or sleeps on the clock (nothing waits on the test), so the
        // store's timeout is a failure guard only: long, so a loaded machine that takes more than
        // the default second to run one cannot make settling give up on it and the test read the
        // state before its action.
        store = TestStore(
            initialState: state, reducer: CheckoutReducer.make(environment: environment), clock: clock,
            exhaustivity: .off, timeout: .seconds(60))
    }

    var state: CheckoutState { store.state }
    var answers: [WalletSheetAnswer] { sheet.answers }
    var walletSheet: WalletSheetState? { store.state.walletSheet }

    /// Loads the checkout and presents the sheet for the sandbox provider.
    func open(providerID: String = SandboxPaymentProvider.defaultDescriptor.id) async {
        await store.send(.common(.started))
        await store.send(.wallet(.sheetPresented(providerID: providerID, merchantName: Self.merchant)))
    }

    func send(_ action: WalletSheetAction) async {
        await store.send(.wallet(action))
    }

    /// An authorisation of `address` (express delivery unless told otherwise) for `total`.
    static func authorization(
        total: Money, address: Address = Fixtures.home, methodID: String? = "express"
    ) -> WalletAuthorization {
        WalletAuthorization(
            email: "ada@example.com", shippingAddress: address, shippingMethodID: methodID, shownTotal: total,
            payment: PaymentSubmission(methodID: "applepay", payload: Sensitive("apple-pay-token")))
    }

    /// The sandbox cart's summary with `shipping` (name, price) and `total`.
    static func summary(_ shipping: (name: String, price: String)?, total: String) -> [WalletSummaryItem] {
        var items = [WalletSummaryItem(kind: .subtotal, label: "Subtotal", amount: money("42"))]
        if let shipping {
            items.append(WalletSummaryItem(kind: .shipping, label: shipping.name, amount: money(shipping.price)))
        }
        items.append(WalletSummaryItem(kind: .total, label: merchant, amount: money(total)))
        return items
    }

    static let international = ShippingMethod(
        id: "international", name: "International (EU)", price: money("9.95"))
    static let standard = ShippingMethod(id: "standard", name: "Standard (3-5 days)", price: money("3.95"))
    static let express = ShippingMethod(id: "express", name: "Express (next day)", price: money("7.95"))
}

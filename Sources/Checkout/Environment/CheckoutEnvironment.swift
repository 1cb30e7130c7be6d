/// The checkout's dependencies: the backend, the payment providers, and the host's hooks.
///
/// The reducer is built from an environment (``CheckoutReducer/make(environment:)``) and
/// captures it only inside effects, so reducing stays pure and a replay (effects off) never
/// touches any of these.
///
/// ```swift
/// let environment = CheckoutEnvironment(
///     api: URLSessionCheckoutAPI(configuration: .init(baseURL: apiURL, appID: "42")),
///     paymentProviders: [adyen],
///     clearCart: { await bag.removeAll() }
/// )
/// ```
///
/// Tests, demos and previews use `SandboxCheckoutAPI` and `SandboxPaymentProvider` from the
/// CheckoutSandbox module instead.
public struct CheckoutEnvironment: Sendable {
    /// The Checkout API.
    public var api: any CheckoutAPI
    /// The payment providers, looked up by ``PaymentProviderDescriptor/id``.
    public var paymentProviders: [any PaymentProvider]
    /// Called once when a checkout completes, to empty the app's bag.
    public var clearCart: @Sendable () async -> Void
    /// Tells the provider's status widget the new total (Afterpay's `sendUpdate(amount:)`).
    public var sendWidgetUpdate: @Sendable (Money) async -> Void
    /// How long one payment provider step (prepare, submit, details, lookup) may take before the
    /// payment fails with a timeout (`nil`: no limit; the host can still send
    /// ``PaymentAction/timedOut``). Steps that wait for the shopper are not timed.
    public var paymentStepTimeout: Duration?
    /// Where the checkout reports things worth a log line that change no state (a rejected bridge
    /// message). Never given secrets. Called from effects, so a replay logs nothing.
    public var log: @Sendable (String) -> Void
    /// The web checkout's page, to reply to the bridge and run parse-mode scripts (`nil`: no
    /// page, replies are dropped). Called from effects only.
    public var webPage: (any WebCheckoutPage)?
    /// The wallet sheet (Apple Pay) the engine answers (`nil`: answers are dropped; the state
    /// still records them). Called from effects only, in order (see ``WalletSheet``).
    public var walletSheet: (any WalletSheet)? {
        get { walletSheetOutbox?.sheet }
        set { walletSheetOutbox = newValue.map(WalletSheetOutbox.init(sheet:)) }
    }
    /// How long the engine may take to answer a wallet sheet's shipping contact or method change
    /// before it answers with the last totals and ``WalletSheetError/updateTimedOut``: 20 seconds
    /// by default, inside PassKit's own limit of about 30 seconds, leaving time for the answer to
    /// reach the sheet.
    public var walletSheetTimeout: Duration
    /// The clock the checkout's timers sleep on: `ContinuousClock()` in an app, a test clock in
    /// tests.
    public var clock: any Clock<Duration>
    var walletSheetOutbox: WalletSheetOutbox?

    /// Creates an environment.
    public init(
        api: any CheckoutAPI,
        paymentProviders: [any PaymentProvider] = [],
        clearCart: @escaping @Sendable () async -> Void = {},
        paymentStepTimeout: Duration? = .seconds(60),
        log: @escaping @Sendable (String) -> Void = { _ in },
        sendWidgetUpdate: @escaping @Sendable (Money) async -> Void = { _ in },
        webPage: (any WebCheckoutPage)? = nil,
        walletSheet: (any WalletSheet)? = nil,
        walletSheetTimeout: Duration = .seconds(20),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.webPage = webPage
        walletSheetOutbox = walletSheet.map(WalletSheetOutbox.init(sheet:))
        self.walletSheetTimeout = walletSheetTimeout
        self.clock = clock
        self.sendWidgetUpdate = sendWidgetUpdate
        self.api = api
        self.paymentProviders = paymentProviders
        self.clearCart = clearCart
        self.paymentStepTimeout = paymentStepTimeout
        self.log = log
    }

    /// The provider with identifier `id`.
    public func provider(id: String?) -> (any PaymentProvider)? {
        guard let id else { return nil }
        return paymentProviders.first { $0.descriptor.id == id }
    }
}

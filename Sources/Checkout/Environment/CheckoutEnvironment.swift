import Foundation

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
    /// page; replies are dropped and scripts are rejected as ``ParseScriptRejection/noPage``).
    /// Called from effects only.
    public var webPage: (any WebCheckoutPage)?
    /// How long a parse-type checkout waits for the completion page's scripts, all of them
    /// together, counted from the page's load. A script the page has not answered by then is
    /// ``ParseScriptRejection/timedOut(milliseconds:)``, and the checkout completes with what it
    /// has (at worst the session's reference as the order id): a page that never answers cannot
    /// hold the completion back longer than this.
    public var pageScriptTimeout: Duration
    /// The clock the checkout's timers wait on: the completion page's script deadline, polling a
    /// payment that awaits confirmation (``BackoffSchedule/confirmationPolling``) and retrying an
    /// order placement (``BackoffSchedule/orderPlacementRetries``). `ContinuousClock` in an app;
    /// a test clock (StateStoreTesting's `TestClock`) or the sandbox's clock elsewhere, so no test
    /// waits for real time (the reducer decides what is due; only the waiting uses this).
    public var clock: any Clock<Duration>
    /// Makes the idempotency key of an order placement, once per payment, inside an effect (the
    /// key is then recorded in an action): a UUID by default.
    public var makeIdempotencyKey: @Sendable () -> String
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
        pageScriptTimeout: Duration = .seconds(5),
        walletSheet: (any WalletSheet)? = nil,
        walletSheetTimeout: Duration = .seconds(20),
        clock: any Clock<Duration> = ContinuousClock(),
        makeIdempotencyKey: @escaping @Sendable () -> String = CheckoutEnvironment.randomIdempotencyKey
    ) {
        self.pageScriptTimeout = pageScriptTimeout
        self.clock = clock
        self.makeIdempotencyKey = makeIdempotencyKey
        self.webPage = webPage
        walletSheetOutbox = walletSheet.map(WalletSheetOutbox.init(sheet:))
        self.walletSheetTimeout = walletSheetTimeout
        self.sendWidgetUpdate = sendWidgetUpdate
        self.api = api
        self.paymentProviders = paymentProviders
        self.clearCart = clearCart
        self.paymentStepTimeout = paymentStepTimeout
        self.log = log
    }

    /// A random idempotency key (a UUID): what an app uses.
    public static let randomIdempotencyKey: @Sendable () -> String = { UUID().uuidString }

    /// The provider with identifier `id`.
    public func provider(id: String?) -> (any PaymentProvider)? {
        guard let id else { return nil }
        return paymentProviders.first { $0.descriptor.id == id }
    }
}

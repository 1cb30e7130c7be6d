import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// Addresses, users and stores every Checkout test uses.
enum Fixtures {
    static let home = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB")
    /// `home` as a cart might hold it: other case, spacing and postcode format.
    static let homeAsCartHoldsIt = Address(
        firstName: "ADA", lastName: " lovelace", line1: "10  downing street ", city: "london", postcode: "sw1a2aa",
        countryCode: "gb")
    static let work = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "1 Infinite Loop", city: "Cupertino", region: "CA",
        postcode: "95014", countryCode: "US")
    static let paris = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "5 Rue de Rivoli", city: "Paris", postcode: "75001",
        countryCode: "FR")

    static let loggedInWithDefault = CheckoutUser.loggedIn(addressBook: [
        AddressBookEntry(id: "work", address: work), AddressBookEntry(id: "home", address: home, isDefault: true),
    ])
    static let loggedInWithoutDefault = CheckoutUser.loggedIn(addressBook: [
        AddressBookEntry(id: "work", address: work), AddressBookEntry(id: "home", address: home),
    ])

    static func nativeState(user: CheckoutUser = .guest, merchantCurrencies: Set<String>? = nil) -> CheckoutState {
        CheckoutState(
            kind: .native, user: user, paymentProviders: [SandboxPaymentProvider.defaultDescriptor],
            merchantCurrencies: merchantCurrencies)
    }
}

/// A store on the sandbox API and sandbox provider, with what it recorded.
struct Harness {
    let api: SandboxCheckoutAPI
    let provider: SandboxPaymentProvider
    let sink: RecordingSink
    let clearedCarts: Counter
    /// The clock the checkout's timers sleep on unless the test gives its own: they run at once,
    /// and their sleeps are recorded.
    let clock: SandboxClock
    let store: Store<CheckoutState>

    init(
        state: CheckoutState = Fixtures.nativeState(),
        api: SandboxCheckoutAPI = SandboxCheckoutAPI(),
        provider: SandboxPaymentProvider = SandboxPaymentProvider(),
        leadingMiddleware: [Middleware<CheckoutState>] = [],
        extraMiddleware: [Middleware<CheckoutState>] = [],
        sendWidgetUpdate: @escaping @Sendable (Money) async -> Void = { _ in },
        webPage: (any WebCheckoutPage)? = nil,
        pageScriptTimeout: Duration = .seconds(5),
        clock testClock: (any Clock<Duration>)? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in },
        keyPrefix: String = "order-key"
    ) {
        self.api = api
        self.provider = provider
        let sink = RecordingSink()
        let counter = Counter()
        let clock = SandboxClock()
        self.sink = sink
        self.clearedCarts = counter
        self.clock = clock
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [provider], clearCart: { counter.increment() }, log: log,
            sendWidgetUpdate: sendWidgetUpdate, webPage: webPage, pageScriptTimeout: pageScriptTimeout,
            // A page's answers arrive from tasks of their own: with the sandbox clock (which
            // fires at once) the page-script deadline would race them, and in real time it would
            // still race them on a machine loaded enough. So a harness with a page and no clock of
            // the test's own runs on a test clock that nothing advances: the deadline never
            // passes, the page always answers first. (A test of the deadline brings its own
            // clock and advances it.)
            clock: testClock ?? (webPage == nil ? clock : TestClock()),
            makeIdempotencyKey: SandboxIdempotencyKeys(prefix: keyPrefix).next)
        store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: state,
            middleware: leadingMiddleware + [CheckoutAnalyticsMiddleware(sink: sink).middleware] + extraMiddleware)
    }

    var state: CheckoutState { store.state }

    /// Dispatches and waits until every effect (and the effects of their actions) finished.
    func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }

    /// Starts a native checkout and waits for it to load.
    func start() async {
        await send(.common(.started))
    }

    /// Guest: email, shipping (form), billing same as shipping, the first shipping method.
    func completeGuestSections(shipping: Address = Fixtures.home) async {
        await send(.native(.emailSubmitted("ada@example.com")))
        await send(.native(.editShippingContactTapped))
        await send(.native(.addressFormSubmitted(shipping)))
        await send(.native(.useShippingAsBillingTapped))
        if let method = state.shippingMethods.first {
            await send(.native(.shippingMethodSelected(id: method.id)))
        }
    }
}

/// An analytics sink that keeps every event.
final class RecordingSink: CheckoutAnalyticsSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CheckoutAnalyticsEvent] = []

    func record(_ event: CheckoutAnalyticsEvent) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    var events: [CheckoutAnalyticsEvent] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// The lines a checkout wrote to its environment's log.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = 0

    func increment() {
        lock.lock()
        storage += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Records every action the store reduces, as a log would.
final class ActionRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CheckoutAction] = []

    var middleware: Middleware<CheckoutState> {
        .observing { [self] _, action in
            lock.lock()
            storage.append(action)
            lock.unlock()
        }
    }

    var actions: [CheckoutAction] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

func decimal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Decimal {
    guard let value = Decimal(string: text) else {
        XCTFail("bad decimal literal \(text)", file: file, line: line)
        return 0
    }
    return value
}

func money(_ text: String, _ currency: String = "GBP") -> Money {
    Money(amount: decimal(text), currencyCode: currency)
}

public import StateStore

/// Builds a web checkout: its initial state and its store. The ``WebCheckoutApiType`` is injected
/// here (``WebCheckoutApiType/cartTransfer`` by default).
///
/// ```swift
/// let store = WebCheckoutBuilder(apiType: .checkout, mode: .bridge)
///     .makeStore(environment: environment, middleware: [analytics.middleware])
/// store.dispatch(.common(.started))
/// ```
public struct WebCheckoutBuilder: Sendable {
    /// Which endpoints begin and complete the checkout.
    public var apiType: WebCheckoutApiType
    /// Bridge or parse.
    public var mode: WebCheckoutMode
    /// The user checking out.
    public var user: CheckoutUser
    /// The page's bridge: version, integrity, Apple Pay, replies, custom events.
    public var configuration: WebCheckoutConfiguration

    /// Creates a builder.
    public init(
        apiType: WebCheckoutApiType = .cartTransfer, mode: WebCheckoutMode = .bridge, user: CheckoutUser = .guest,
        configuration: WebCheckoutConfiguration = WebCheckoutConfiguration()
    ) {
        self.configuration = configuration
        self.apiType = apiType
        self.mode = mode
        self.user = user
    }

    /// The state a web checkout starts in.
    public func makeState() -> CheckoutState {
        CheckoutState(
            kind: .web, user: user, web: WebCheckoutState(apiType: apiType, mode: mode, configuration: configuration))
    }

    /// A store running the checkout reducer on ``makeState()``.
    public func makeStore(
        environment: CheckoutEnvironment, middleware: [Middleware<CheckoutState>] = []
    ) -> Store<CheckoutState> {
        Store(reducer: CheckoutReducer.make(environment: environment), state: makeState(), middleware: middleware)
    }
}

public import StateStore

/// Builds a web checkout: its initial state and its store. The ``WebCheckoutApiType`` is injected
/// here (``WebCheckoutApiType/cartTransfer`` by default), and so is the cart a cart transfer
/// posts.
///
/// ```swift
/// let store = WebCheckoutBuilder(apiType: .cartTransfer, mode: .bridge, cart: bag.cart)
///     .makeStore(environment: environment, middleware: [analytics.middleware])
/// store.dispatch(.common(.started))   // posts the cart's items, then loads the answer's request
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
    /// The app's cart, which a ``WebCheckoutApiType/cartTransfer`` begin posts to the backend
    /// (``URLSessionCheckoutAPI`` refuses a cart transfer without it). It is the state's
    /// ``CheckoutState/cart`` until the checkout completes; its currency is the one an `order`
    /// without `currency` is in. ``WebCheckoutApiType/checkout`` does not post it.
    public var cart: Cart?

    /// Creates a builder.
    public init(
        apiType: WebCheckoutApiType = .cartTransfer, mode: WebCheckoutMode = .bridge, user: CheckoutUser = .guest,
        configuration: WebCheckoutConfiguration = WebCheckoutConfiguration(), cart: Cart? = nil
    ) {
        self.cart = cart
        self.configuration = configuration
        self.apiType = apiType
        self.mode = mode
        self.user = user
    }

    /// The state a web checkout starts in.
    public func makeState() -> CheckoutState {
        var state = CheckoutState(
            kind: .web, user: user, web: WebCheckoutState(apiType: apiType, mode: mode, configuration: configuration))
        state.cart = cart
        return state
    }

    /// A store running the checkout reducer on ``makeState()``, with `middleware` and `observers`
    /// (an action recorder's `observer`).
    public func makeStore(
        environment: CheckoutEnvironment, middleware: [Middleware<CheckoutState>] = [],
        observers: [ActionObserver<CheckoutState>] = []
    ) -> Store<CheckoutState> {
        Store(
            reducer: CheckoutReducer.make(environment: environment), state: makeState(), middleware: middleware,
            observers: observers)
    }
}

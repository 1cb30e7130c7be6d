public import StateStore

/// Everything a checkout screen needs, web or native: the state the view is in, the journey,
/// what loads the web checkout, the cart and its contacts, shipping methods, the order summary,
/// the payment, the errors to show, the user and their address book, and dynamic content.
///
/// The state is plain data (`Codable`, `Hashable`): no closures, no requests. The reducer is the
/// only thing that changes it, and it changes only in answer to ``CheckoutAction``s, so a
/// recorded log of actions rebuilds it exactly.
///
/// ```swift
/// let store = Store(
///     reducer: CheckoutReducer.make(environment: environment),
///     state: CheckoutState(kind: .native, user: .guest)
/// )
/// store.dispatch(.common(.started))
/// ```
public struct CheckoutState: StoreState, Sendable, Hashable, Codable {
    /// The actions of a checkout.
    public typealias Action = CheckoutAction

    /// Web or native.
    public var kind: CheckoutKind
    /// What the screen shows.
    public var view: CheckoutViewState
    /// Where the user is in the journey.
    public var journey: CheckoutJourney
    /// The web checkout's state (used when ``kind`` is ``CheckoutKind/web``).
    public var web: WebCheckoutState
    /// The native checkout's state (used when ``kind`` is ``CheckoutKind/native``).
    public var native: NativeCheckoutState
    /// The cart, once loaded.
    public var cart: Cart?
    /// The contact email address.
    public var email: String?
    /// The shipping contact.
    public var shippingContact: Address?
    /// The billing contact.
    public var billingContact: Address?
    /// The shipping methods offered for the cart as it is now.
    public var shippingMethods: [ShippingMethod]
    /// The selected shipping method's id, if any (always one of ``shippingMethods`` once the
    /// backend answered).
    public var selectedShippingMethodID: String?
    /// The order summary shown.
    public var orderSummary: OrderSummary?
    /// The payment.
    public var payment: PaymentState
    /// The payment providers configured, by identifier.
    public var paymentProviders: [PaymentProviderDescriptor]
    /// The currencies the merchant takes; `nil` for any.
    public var merchantCurrencies: Set<String>?
    /// The errors to show, oldest first.
    public var errors: [CheckoutErrorMessage]
    /// Who is checking out.
    public var user: CheckoutUser
    /// Dynamic content slots (`scroll-top`: after the progress bar, before all other views).
    public var dynamicContent: [DynamicContentSlot]
    /// The completed order: what the thank-you view shows. Set once, except that a pending native
    /// order whose payment is then refused is cancelled, and this is `nil` again (the customer can
    /// pay again; ``orderPlacement`` shows the cancelled order).
    public var completedOrder: CompletedOrder?
    /// The native checkout's order placement, once a payment succeeded or awaits confirmation.
    public var orderPlacement: OrderPlacementState?
    /// The id the next backend request gets (results carry it; stale results are ignored). After
    /// `Int.max` the next id is 1: the counter never traps, and wraps the same way in every replay.
    public var nextRequestID: Int
    /// The id the next error gets (after `Int.max`, 1 again; an id an error shown still has is
    /// skipped).
    public var nextErrorID: Int
    /// The request id of the load (fetch checkout or begin web checkout) in flight.
    public var loadInFlight: Int?
    /// The wallet sheet (Apple Pay) the host last presented, while open and after; `nil` before
    /// the first.
    public var walletSheet: WalletSheetState?
    /// The checkout's relaunches after the app was killed (``CommonAction/relaunched(_:)``);
    /// `nil` until the first.
    public var relaunch: CheckoutRelaunch?

    /// Creates the state of a checkout that has not started.
    public init(
        kind: CheckoutKind,
        user: CheckoutUser = .guest,
        web: WebCheckoutState = WebCheckoutState(),
        native: NativeCheckoutState = NativeCheckoutState(),
        paymentProviders: [PaymentProviderDescriptor] = [],
        merchantCurrencies: Set<String>? = nil
    ) {
        self.kind = kind
        view = .loading
        journey = CheckoutJourney()
        self.web = web
        self.native = native
        cart = nil
        email = nil
        shippingContact = nil
        billingContact = nil
        shippingMethods = []
        selectedShippingMethodID = nil
        orderSummary = nil
        payment = PaymentState(providerID: paymentProviders.first?.id)
        self.paymentProviders = paymentProviders
        self.merchantCurrencies = merchantCurrencies
        errors = []
        self.user = user
        dynamicContent = [DynamicContentSlot(id: DynamicContentSlot.scrollTopID)]
        completedOrder = nil
        nextRequestID = 1
        nextErrorID = 1
        loadInFlight = nil
        walletSheet = nil
    }

    /// The total the user sees: the cart's total. The amount a provider is asked to take is
    /// always this.
    public var displayedTotal: Money? { cart?.total }

    /// Whether the checkout is finished (completed: dismissing closes at once).
    public var isFinished: Bool {
        // A pattern: `completedOrder != nil` would pick Optional's Equatable `!=` and copy the
        // order through the runtime's value witnesses.
        if case .some = completedOrder { return true }
        return false
    }

    /// Whether the cart has loaded (a pattern, not `cart != nil`: see ``isFinished``).
    var hasCart: Bool {
        if case .some = cart { return true }
        return false
    }

    /// Whether the checkout is asking the payment provider whether a payment went through, with
    /// no order for it yet: its answer was lost when the app was killed while the provider held
    /// the payment, or the host asked about a redirect the shopper did not come back from. Show
    /// "we're checking your payment": paying again stays locked until the provider answers
    /// (authorised: the order is placed; pending: placed as pending; refused: paying unlocks).
    public var isCheckingPayment: Bool {
        guard payment.phase == .awaitingConfirmation else { return false }
        guard let placement = orderPlacement, placement.isActive else { return true }
        return placement.paymentReference != payment.intent?.reference
    }

    /// Whether the billing contact shows as "Same as shipping".
    public var isBillingSameAsShipping: Bool { AddressMatcher.matches(billingContact, shippingContact) }

    /// Whether the pay button is enabled: a native checkout whose sections before payment are all
    /// complete, with every edit accepted by the backend, and no payment under way or done.
    /// (Tapping pay when this is `false` shows why instead of paying.)
    public var canPay: Bool {
        guard kind == .native, hasCart, !isFinished, payment.phase.canStart, native.isInSync,
            native.syncFailure == nil, selectedProvider != nil, orderPlacement?.isActive != true
        else { return false }
        if native.paymentPresentation == .methodsSection, payment.selectedMethodID == nil { return false }
        return SectionProgression.statuses(for: self).allSatisfy { $0.section == .payment || $0.isComplete }
    }

    /// The descriptor of the selected payment provider.
    public var selectedProvider: PaymentProviderDescriptor? {
        paymentProviders.first { $0.id == payment.providerID }
    }

    /// The user's progress, as sent to rebuild an expired checkout.
    public var progress: CheckoutProgress? {
        guard let cart else { return nil }
        return CheckoutProgress(
            expiredCartID: cart.id, email: email, shippingContact: shippingContact, billingContact: billingContact,
            shippingMethodID: selectedShippingMethodID)
    }
}

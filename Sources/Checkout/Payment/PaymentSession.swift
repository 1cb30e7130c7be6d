public import StateStore

/// A prepared payment: what the host needs to present the provider's drop-in.
public struct PaymentSession: Sendable, Hashable, Codable {
    /// The provider's session identifier (Adyen session id, Braintree's request id, …).
    public var id: String
    /// The provider that prepared it.
    public var providerID: String
    /// The amount the session is for. The checkout refuses a session whose amount differs from
    /// the one it asked for.
    public var amount: Money
    /// The payment methods to present.
    public var methods: [PaymentMethodOption]
    /// The secret the drop-in is initialised with (session data, client token); never logged.
    ///
    /// Adyen's sessions flow: the session's `sessionData`, with ``id`` its session id
    /// (`AdyenSession.Configuration(sessionIdentifier:initialSessionData:context:)`). It is secret
    /// because with the client key it lets any client make payments in the session.
    public var token: Sensitive<String>?
    /// The provider's whole payment-methods answer, when its drop-in is built from one (Adyen's
    /// advanced flow: the `/paymentMethods` response the SDK decodes `PaymentMethods` from);
    /// ``methods`` is the list the checkout's own screens show from it.
    public var paymentMethodsResponse: PaymentMethodsResponse?

    /// Creates a session.
    public init(
        id: String, providerID: String, amount: Money, methods: [PaymentMethodOption] = [],
        token: Sensitive<String>? = nil, paymentMethodsResponse: PaymentMethodsResponse? = nil
    ) {
        self.id = id
        self.providerID = providerID
        self.amount = amount
        self.methods = methods
        self.token = token
        self.paymentMethodsResponse = paymentMethodsResponse
    }
}

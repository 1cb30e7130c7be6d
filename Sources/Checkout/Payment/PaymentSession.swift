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
    public var token: Sensitive<String>?

    /// Creates a session.
    public init(
        id: String, providerID: String, amount: Money, methods: [PaymentMethodOption] = [],
        token: Sensitive<String>? = nil
    ) {
        self.id = id
        self.providerID = providerID
        self.amount = amount
        self.methods = methods
        self.token = token
    }
}

/// A payment method a provider offers (card, PayPal, Apple Pay, Klarna, …).
public struct PaymentMethodOption: Sendable, Hashable, Codable, Identifiable {
    /// The method's type as the provider names it (`"scheme"`, `"paypal"`).
    public var id: String
    /// The name to show.
    public var name: String

    /// Creates a method.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the shopper submitted in the drop-in.
public struct PaymentSubmission: Sendable, Hashable, Codable {
    /// The chosen method's type.
    public var methodID: String
    /// The provider's payload for it: a nonce, encrypted card data, the component's payment
    /// data. Secret.
    public var payload: Sensitive<String>
    /// A description safe to show and log (`"Visa •••• 1111"`), if any.
    public var displayDescription: String?

    /// Creates a submission.
    public init(methodID: String, payload: Sensitive<String>, displayDescription: String? = nil) {
        self.methodID = methodID
        self.payload = payload
        self.displayDescription = displayDescription
    }
}

/// What a finished action produced (3-D Secure result, the redirect's return URL, SDK data).
public struct PaymentActionDetails: Sendable, Hashable, Codable {
    /// The action's result data for the provider. Secret.
    public var payload: Sensitive<String>
    /// The return URL the app was opened with after a redirect, if this came from one. Secret:
    /// it carries tokens.
    public var returnURL: Sensitive<String>?

    /// Creates details.
    public init(payload: Sensitive<String>, returnURL: Sensitive<String>? = nil) {
        self.payload = payload
        self.returnURL = returnURL
    }
}

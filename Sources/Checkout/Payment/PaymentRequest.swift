/// What the checkout asks a provider to prepare: the amount (the total the user was last shown)
/// in major and minor units, and the references tying it to the cart.
public struct PaymentRequest: Sendable, Hashable, Codable {
    /// The amount to take: the total the user was last shown (or the remainder of a partly paid
    /// order).
    public var amount: Money
    /// ``amount`` in minor units for this provider (ISO 4217 digits with the provider's
    /// exceptions, truncated toward zero).
    public var minorUnits: Int64
    /// The payment's reference from ``CheckoutAPI/startPayment(cartID:expectedAmount:)``.
    public var reference: String
    /// The cart being paid for.
    public var cartID: String
    /// The shipping country, for providers that need one.
    public var countryCode: String?
    /// The method the user picked in a payment-methods section, if that presentation is used
    /// (`nil` with the pay button: the provider presents every method).
    public var methodID: String?

    /// Creates a request.
    public init(
        amount: Money, minorUnits: Int64, reference: String, cartID: String, countryCode: String?,
        methodID: String? = nil
    ) {
        self.amount = amount
        self.minorUnits = minorUnits
        self.reference = reference
        self.cartID = cartID
        self.countryCode = countryCode
        self.methodID = methodID
    }
}

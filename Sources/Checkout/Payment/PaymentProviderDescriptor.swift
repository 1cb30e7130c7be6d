/// What the checkout knows about a payment provider: kept in the state (it is `Codable`) so the
/// payment guards are pure functions of the state.
public struct PaymentProviderDescriptor: Sendable, Hashable, Codable, Identifiable {
    /// The provider's identifier (`"adyen"`, `"braintree"`, `"sandbox"`).
    public var id: String
    /// The name to show.
    public var displayName: String
    /// The currencies the provider takes; `nil` for any currency with known minor units.
    public var supportedCurrencies: Set<String>?
    /// The provider's exceptions to ISO 4217 minor-unit digits (see ``CurrencyDigits/adyenOverrides``).
    public var minorUnitOverrides: [String: Int]
    /// Whether an order can be paid in parts (gift card, then card for the remainder).
    public var supportsPartialPayments: Bool

    /// Creates a descriptor.
    public init(
        id: String, displayName: String, supportedCurrencies: Set<String>? = nil,
        minorUnitOverrides: [String: Int] = [:], supportsPartialPayments: Bool = false
    ) {
        self.id = id
        self.displayName = displayName
        self.supportedCurrencies = supportedCurrencies
        self.minorUnitOverrides = minorUnitOverrides
        self.supportsPartialPayments = supportsPartialPayments
    }
}

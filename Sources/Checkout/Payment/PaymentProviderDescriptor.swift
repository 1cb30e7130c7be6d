/// What the checkout knows about a payment provider: kept in the state (it is `Codable`) so the
/// payment guards are pure functions of the state.
public struct PaymentProviderDescriptor: Sendable, Hashable, Codable, Identifiable {
    /// The provider's identifier (`"adyen"`, `"braintree"`, `"sandbox"`).
    public var id: String
    /// The name to show.
    public var displayName: String
    /// The currencies the provider takes; `nil` for any currency with known minor units.
    public var supportedCurrencies: Set<String>?
    /// The provider's exceptions to ISO 4217 minor-unit digits (see ``CurrencyDigits/adyenOverrides``),
    /// each within ``CurrencyDigits/validDigits`` (a decoded descriptor refuses others, and
    /// ``CurrencyDigits/digits(for:overrides:)`` treats the currency as unknown).
    public var minorUnitOverrides: [String: Int]
    /// Whether an order can be paid in parts (gift card, then card for the remainder).
    public var supportsPartialPayments: Bool
    /// Whether the provider shows a status widget whose latest status gates capture (see
    /// ``PaymentWidgetState``). Afterpay's checkout widget is one.
    public var usesStatusWidget: Bool

    /// Creates a descriptor.
    public init(
        id: String, displayName: String, supportedCurrencies: Set<String>? = nil,
        minorUnitOverrides: [String: Int] = [:], supportsPartialPayments: Bool = false,
        usesStatusWidget: Bool = false
    ) {
        self.usesStatusWidget = usesStatusWidget
        self.id = id
        self.displayName = displayName
        self.supportedCurrencies = supportedCurrencies
        self.minorUnitOverrides = minorUnitOverrides
        self.supportsPartialPayments = supportsPartialPayments
    }
}

extension PaymentProviderDescriptor {
    private enum CodingKeys: String, CodingKey {
        case id, displayName, supportedCurrencies, minorUnitOverrides, supportsPartialPayments, usesStatusWidget
    }

    /// Decodes a descriptor; `usesStatusWidget` is absent from logs written before it existed,
    /// and means `false`.
    ///
    /// - Throws: `DecodingError` naming `minorUnitOverrides` when a currency's digits are outside
    ///   ``CurrencyDigits/validDigits``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let overrides = try container.decode([String: Int].self, forKey: .minorUnitOverrides)
        let invalid = overrides.filter { !CurrencyDigits.validDigits.contains($0.value) }
        if let (code, digits) = invalid.min(by: { $0.key < $1.key }) {
            throw DecodingError.dataCorruptedError(
                forKey: .minorUnitOverrides, in: container,
                debugDescription: "\(code) has \(digits) minor-unit digits; a currency has 0 to 4")
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            displayName: try container.decode(String.self, forKey: .displayName),
            supportedCurrencies: try container.decodeIfPresent(Set<String>.self, forKey: .supportedCurrencies),
            minorUnitOverrides: overrides,
            supportsPartialPayments: try container.decode(Bool.self, forKey: .supportsPartialPayments),
            usesStatusWidget: try container.decodeIfPresent(Bool.self, forKey: .usesStatusWidget) ?? false
        )
    }

    /// Encodes a descriptor; `usesStatusWidget` only when set, so states without widgets encode
    /// (and fingerprint) as they did before it existed. The overrides are written in sorted order,
    /// so a descriptor gives the same bytes in every process.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(displayName, forKey: .displayName)
        try container.encodeIfPresent(supportedCurrencies, forKey: .supportedCurrencies)
        try container.encodeSortingKeys(minorUnitOverrides, forKey: .minorUnitOverrides)
        try container.encode(supportsPartialPayments, forKey: .supportsPartialPayments)
        if usesStatusWidget { try container.encode(true, forKey: .usesStatusWidget) }
    }
}

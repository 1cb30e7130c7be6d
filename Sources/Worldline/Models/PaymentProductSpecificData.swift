/// Apple Pay (product 302) specifics: the card networks the merchant accepts.
public struct PaymentProduct302SpecificData: Hashable, Sendable, Decodable {
    /// Network names, e.g. `visa`, `masterCard`.
    public var networks: [String]
}

/// Google Pay (product 320) specifics.
public struct PaymentProduct320SpecificData: Hashable, Sendable, Decodable {
    /// The gateway identifier to give Google Pay.
    public var gateway: String?
    /// Network names.
    public var networks: [String]?
}

/// Product 863 specifics.
public struct PaymentProduct863SpecificData: Hashable, Sendable, Decodable {
    /// The integration types the product supports.
    public var integrationTypes: [String]?
}

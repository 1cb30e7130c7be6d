/// Apple Pay (product 302) specifics: the card networks the merchant accepts.
public struct PaymentProduct302SpecificData: Hashable, Sendable, Codable {
    /// Network names, e.g. `visa`, `masterCard`.
    public var networks: [String]
}

/// Google Pay (product 320) specifics.
public struct PaymentProduct320SpecificData: Hashable, Sendable, Codable {
    /// The gateway identifier to give Google Pay.
    public var gateway: String?
    /// Network names.
    public var networks: [String]?
}

/// Product 863 specifics.
public struct PaymentProduct863SpecificData: Hashable, Sendable, Codable {
    /// The integration types the product supports.
    public var integrationTypes: [String]?
}

/// Product 863 specifics.
public struct PaymentProduct863SpecificData: Hashable, Sendable, Decodable {
    /// The integration types the product supports.
    public var integrationTypes: [String]?
}

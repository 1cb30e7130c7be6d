/// One brand of a co-branded card (e.g. Visa and Carte Bancaire on one card).
public struct IINDetail: Hashable, Sendable, Codable {
    /// The brand's payment product id, e.g. `"130"`.
    public var paymentProductId: String
    /// Whether the brand can be paid with in the payment context.
    public var isAllowedInContext: Bool

    /// Creates a co-brand.
    public init(paymentProductId: String, isAllowedInContext: Bool) {
        self.paymentProductId = paymentProductId
        self.isAllowedInContext = isAllowedInContext
    }

    private enum CodingKeys: String, CodingKey { case paymentProductId, isAllowedInContext }

    /// Decodes `{"paymentProductId": 130, "isAllowedInContext": false}`; the id (an integer) is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paymentProductId = String(try container.decodeInteger(Int64.self, forKey: .paymentProductId))
        isAllowedInContext = try container.decodeFlag(forKey: .isAllowedInContext)
    }

    /// Encodes `{"paymentProductId": 130, "isAllowedInContext": false}` (the id as a number).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIdentifier(paymentProductId, forKey: .paymentProductId)
        try container.encode(isAllowedInContext, forKey: .isAllowedInContext)
    }

    /// The name older SDK versions use for ``isAllowedInContext``.
    public var allowedInContext: Bool { isAllowedInContext }
}

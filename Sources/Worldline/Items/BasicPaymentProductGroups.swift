/// The payment product groups the API offers for a context (`GET /{customerId}/productgroups`).
public struct BasicPaymentProductGroups: Hashable, Sendable, Codable {
    /// The groups, in the API's order.
    public var paymentProductGroups: [BasicPaymentProductGroup]
    /// Groups that were malformed and skipped, each naming the field at fault.
    public var skippedGroups: [WorldlineDecodingError]

    /// Creates a list.
    public init(paymentProductGroups: [BasicPaymentProductGroup], skippedGroups: [WorldlineDecodingError] = []) {
        self.paymentProductGroups = paymentProductGroups
        self.skippedGroups = skippedGroups
    }

    private enum CodingKeys: String, CodingKey { case paymentProductGroups, skippedGroups }

    /// Decodes `{"paymentProductGroups": [...]}`; the member is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lossy = try container.decodeLossyArray(BasicPaymentProductGroup.self, forKey: .paymentProductGroups)
        paymentProductGroups = lossy.elements
        skippedGroups =
            lossy.skipped + (try container.decodeIfPresent([WorldlineDecodingError].self, forKey: .skippedGroups) ?? [])
    }

    /// Encodes `{"paymentProductGroups": [...]}`, plus `skippedGroups` when there are any (ours).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(paymentProductGroups, forKey: .paymentProductGroups)
        if !skippedGroups.isEmpty { try container.encode(skippedGroups, forKey: .skippedGroups) }
    }

    /// The groups by ascending display order.
    public func sorted() -> BasicPaymentProductGroups {
        BasicPaymentProductGroups(
            paymentProductGroups: sortedByDisplayOrder(paymentProductGroups) { $0.displayHints.displayOrder },
            skippedGroups: skippedGroups)
    }

    /// The first group with `identifier`, if any.
    public func paymentProductGroup(withIdentifier identifier: String) -> BasicPaymentProductGroup? {
        paymentProductGroups.first { $0.identifier == identifier }
    }
}

/// A payment product group with its fields (`GET /{customerId}/productgroups/{id}`), e.g. the
/// card-number field of `cards` before an IIN lookup tells which card it is.
///
/// A group cannot be paid with: find the product (for cards, by IIN lookup) and pay with that.
public struct PaymentProductGroup: BasicPaymentItem, Hashable, Codable {
    /// The group as listed.
    public var basic: BasicPaymentProductGroup
    /// The fields, sorted by display order.
    public var fields: [PaymentProductField]
    /// True: a group.
    public var isPaymentProductGroup: Bool { true }

    /// Creates a group.
    public init(basic: BasicPaymentProductGroup, fields: [PaymentProductField]) {
        self.basic = basic
        self.fields = sortedByDisplayOrder(fields) { $0.displayHints.displayOrder }
    }

    private enum CodingKeys: String, CodingKey { case fields }

    /// Decodes a group and its fields; a malformed field is an error naming it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            basic: try BasicPaymentProductGroup(from: decoder),
            fields: try container.decodeIfPresent([PaymentProductField].self, forKey: .fields) ?? [])
    }

    /// Encodes the API's form: the basic group's members and `fields`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try basic.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields, forKey: .fields)
    }

    /// The group id, e.g. `cards`.
    public var identifier: String { basic.identifier }
    /// How to show the group.
    public var displayHints: PaymentItemDisplayHints { basic.displayHints }
    /// Stored accounts of the group's products.
    public var accountsOnFile: [AccountOnFile] { basic.accountsOnFile }

    /// The first field with `identifier`, if any.
    public func paymentProductField(withId identifier: String) -> PaymentProductField? {
        fields.first { $0.identifier == identifier }
    }
}

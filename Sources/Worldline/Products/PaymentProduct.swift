/// A payment product with the fields the customer must fill in (`GET /{customerId}/products/{id}`).
///
/// Its list properties (id, method, flags, accounts on file) are those of ``basic``; the most used
/// ones are forwarded.
///
/// ```swift
/// let product = try await session.paymentProduct(withId: "1", context: context)
/// product.fields.map(\.identifier)  // ["cardNumber", "expiryDate", "cvv", "cardholderName"]
/// ```
public struct PaymentProduct: BasicPaymentItem, Hashable, Codable {
    /// The product as listed (id, method, display hints, accounts on file, flags).
    public var basic: BasicPaymentProduct
    /// The fields, sorted by display order.
    public var fields: [PaymentProductField]
    /// A warning the API attached to the fields, if any.
    public var fieldsWarning: String?
    /// False: a product.
    public var isPaymentProductGroup: Bool { false }

    /// Creates a product.
    public init(basic: BasicPaymentProduct, fields: [PaymentProductField], fieldsWarning: String? = nil) {
        self.basic = basic
        self.fields = sortedByDisplayOrder(fields) { $0.displayHints.displayOrder }
        self.fieldsWarning = fieldsWarning
    }

    private enum CodingKeys: String, CodingKey { case fields, fieldsWarning }

    /// Decodes a product and its fields. A malformed field is an error naming it: a product
    /// missing a field (say the CVV) would be paid with the wrong data, so it is not skipped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            basic: try BasicPaymentProduct(from: decoder),
            fields: try container.decodeIfPresent([PaymentProductField].self, forKey: .fields) ?? [],
            fieldsWarning: try container.decodeIfPresent(String.self, forKey: .fieldsWarning))
    }

    /// Encodes the API's form: the basic product's members and `fields`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try basic.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields, forKey: .fields)
        try container.encodeIfPresent(fieldsWarning, forKey: .fieldsWarning)
    }

    /// The product id, e.g. `"1"`.
    public var identifier: String { basic.identifier }
    /// How to show the product.
    public var displayHints: PaymentItemDisplayHints { basic.displayHints }
    /// Stored accounts for this product.
    public var accountsOnFile: [AccountOnFile] { basic.accountsOnFile }
    /// The payment method, e.g. `card`.
    public var paymentMethod: String { basic.paymentMethod }
    /// The group the product belongs to, if any.
    public var paymentProductGroup: String? { basic.paymentProductGroup }
    /// Whether the payment data may be stored as an account on file.
    public var allowsTokenization: Bool { basic.allowsTokenization }

    /// The first field with `identifier`, if any.
    public func paymentProductField(withId identifier: String) -> PaymentProductField? {
        fields.first { $0.identifier == identifier }
    }
}

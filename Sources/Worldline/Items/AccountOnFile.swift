/// Payment data the platform stored for this customer earlier (a "card on file"), offered for reuse.
///
/// ```swift
/// let account = product.accountOnFile(withIdentifier: "1234")
/// account?.label  // "**** **** **** 1111 12/30"
/// ```
public struct AccountOnFile: Hashable, Sendable, Codable {
    /// The account's id (the API sends a number or a string).
    public var identifier: String
    /// The id of the payment product the account belongs to.
    public var paymentProductId: String
    /// How to show the account.
    public var displayHints: AccountOnFileDisplayHints
    /// The stored values.
    public var attributes: [AccountOnFileAttribute]

    /// Creates an account on file.
    public init(
        identifier: String, paymentProductId: String, displayHints: AccountOnFileDisplayHints = .init(),
        attributes: [AccountOnFileAttribute] = []
    ) {
        self.identifier = identifier
        self.paymentProductId = paymentProductId
        self.displayHints = displayHints
        self.attributes = attributes
    }

    private enum CodingKeys: String, CodingKey { case id, paymentProductId, displayHints, attributes }

    /// Decodes the API's form; `id` and `paymentProductId` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decodeIdentifier(forKey: .id)
        paymentProductId = try container.decodeIdentifier(forKey: .paymentProductId)
        displayHints =
            try container.decodeIfPresent(AccountOnFileDisplayHints.self, forKey: .displayHints) ?? .init()
        attributes = try container.decodeIfPresent([AccountOnFileAttribute].self, forKey: .attributes) ?? []
    }

    /// Encodes the API's form (`id` for ``identifier``; ids as the API sends them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIdentifier(identifier, forKey: .id)
        try container.encodeIdentifier(paymentProductId, forKey: .paymentProductId)
        try container.encode(displayHints, forKey: .displayHints)
        try container.encode(attributes, forKey: .attributes)
    }

    /// The value of the first attribute with `key` that has one, else `""`.
    public func value(forField key: String) -> String {
        attributes.first { $0.key == key && $0.value != nil }?.value ?? ""
    }

    /// Whether any attribute has `key` (even one without a value).
    public func hasValue(forField key: String) -> Bool {
        attributes.contains { $0.key == key }
    }

    /// The attribute for `key`, if any.
    public func attribute(forField key: String) -> AccountOnFileAttribute? {
        attributes.first { $0.key == key }
    }

    /// Whether the value for `key` is stored read-only.
    public func isReadOnly(field key: String) -> Bool {
        attribute(forField: key)?.status == .readOnly
    }

    /// The value for `key` formatted with the label template's (relaxed) mask for it; the raw
    /// value when the template has no mask for `key`.
    public func maskedValue(forField key: String) -> String {
        let value = value(forField: key)
        guard let mask = displayHints.labelTemplate.first(where: { $0.attributeKey == key })?.mask else {
            return value
        }
        let formatter = StringFormatter()
        return formatter.formatString(value, mask: formatter.relaxMask(mask))
    }

    /// The label to show for the account: every label-template item's masked value, trimmed,
    /// empty ones skipped, joined by single spaces (`**** **** **** 1111 12/30`).
    public var label: String {
        displayHints.labelTemplate
            .map { maskedValue(forField: $0.attributeKey).trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}

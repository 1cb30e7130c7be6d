/// One part of an account-on-file label: which attribute to show and with which mask.
public struct LabelTemplateItem: Hashable, Sendable, Codable {
    /// The attribute key, e.g. `cardNumber`.
    public var attributeKey: String
    /// The mask to show the value with (relaxed before use), if any.
    public var mask: String?

    /// Creates a template item.
    public init(attributeKey: String, mask: String? = nil) {
        self.attributeKey = attributeKey
        self.mask = mask
    }
}

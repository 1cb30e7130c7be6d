/// The type of a field's value.
public enum FieldType: String, Hashable, Sendable, Codable {
    /// Free text.
    case string
    /// An integer (checked: see ``ValidationError/Kind/integer``).
    case integer
    /// A card expiry date (`MMYY`).
    case expirydate
    /// Digits only (checked: see ``ValidationError/Kind/numericString``).
    case numericstring
    /// `"true"` or `"false"`.
    case boolean
    /// A date.
    case date
}

/// The type of a field's value.
public enum FieldType: String, Hashable, Sendable, Decodable {
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

/// The keyboard a field prefers.
public enum PreferredInputType: String, Hashable, Sendable, Decodable {
    /// Letters.
    case stringKeyboard = "StringKeyboard"
    /// Digits.
    case integerKeyboard = "IntegerKeyboard"
    /// E-mail addresses.
    case emailAddressKeyboard = "EmailAddressKeyboard"
    /// Phone numbers.
    case phoneNumberKeyboard = "PhoneNumberKeyboard"
    /// Dates.
    case dateKeyboard = "DateKeyboard"
    /// No keyboard (the default).
    case noKeyboard = "NoKeyboard"
}

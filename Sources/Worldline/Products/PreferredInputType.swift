/// The keyboard a field prefers.
public enum PreferredInputType: String, Hashable, Sendable, Codable {
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

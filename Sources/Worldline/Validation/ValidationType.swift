/// The SDK's names of validation rule types.
public enum ValidationType: String, Hashable, Sendable {
    /// `expirationDate`.
    case expirationDate = "EXPIRATIONDATE"
    /// `emailAddress`.
    case emailAddress = "EMAILADDRESS"
    /// `fixedList`.
    case fixedList = "FIXEDLIST"
    /// `iban`.
    case iban = "IBAN"
    /// `length`.
    case length = "LENGTH"
    /// `luhn`.
    case luhn = "LUHN"
    /// `range`.
    case range = "RANGE"
    /// `regularExpression`.
    case regularExpression = "REGULAREXPRESSION"
    /// `isRequired`.
    case required = "REQUIRED"
    /// A field type check.
    case type = "TYPE"
    /// `boletoBancarioRequiredness`.
    case boletoBancarioRequiredness = "BOLETOBANCARIOREQUIREDNESS"
    /// `termsAndConditions`.
    case termsAndConditions = "TERMSANDCONDITIONS"
    /// `residentIdNumber`.
    case residentIdNumber = "RESIDENTIDNUMBER"
}

/// One validation rule: decides whether a value passes, and which error it raises when not.
public protocol ValueValidator: Hashable, Sendable {
    /// The rule's type, as the SDK names it when it re-encodes rules (`LENGTH`, `LUHN`, …).
    var validationType: ValidationType { get }
    /// The error kind this rule raises for a value, or nil when the value passes.
    func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind?
}

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

/// One of a field's validation rules, as the API sends them in `dataRestrictions.validators`.
///
/// A field runs its rules in the SDK's fixed order, whatever the JSON order:
/// luhn, expirationDate, range, length, fixedList, emailAddress, residentIdNumber,
/// regularExpression, termsAndConditions, iban, boletoBancarioRequiredness.
public enum Validator: Hashable, Sendable {
    /// See ``LuhnValidator``.
    case luhn(LuhnValidator)
    /// See ``ExpirationDateValidator``.
    case expirationDate(ExpirationDateValidator)
    /// See ``RangeValidator``.
    case range(RangeValidator)
    /// See ``LengthValidator``.
    case length(LengthValidator)
    /// See ``FixedListValidator``.
    case fixedList(FixedListValidator)
    /// See ``EmailAddressValidator``.
    case emailAddress(EmailAddressValidator)
    /// See ``ResidentIdNumberValidator``.
    case residentIdNumber(ResidentIdNumberValidator)
    /// See ``RegularExpressionValidator``.
    case regularExpression(RegularExpressionValidator)
    /// See ``TermsAndConditionsValidator``.
    case termsAndConditions(TermsAndConditionsValidator)
    /// See ``IBANValidator``.
    case iban(IBANValidator)
    /// See ``BoletoBancarioRequirednessValidator``.
    case boletoBancarioRequiredness(BoletoBancarioRequirednessValidator)

    /// The rule itself.
    public var rule: any ValueValidator {
        switch self {
        case .luhn(let rule): return rule
        case .expirationDate(let rule): return rule
        case .range(let rule): return rule
        case .length(let rule): return rule
        case .fixedList(let rule): return rule
        case .emailAddress(let rule): return rule
        case .residentIdNumber(let rule): return rule
        case .regularExpression(let rule): return rule
        case .termsAndConditions(let rule): return rule
        case .iban(let rule): return rule
        case .boletoBancarioRequiredness(let rule): return rule
        }
    }

    /// The rule's key in the API's JSON (`luhn`, `length`, …).
    public var jsonKey: String {
        switch self {
        case .luhn: return "luhn"
        case .expirationDate: return "expirationDate"
        case .range: return "range"
        case .length: return "length"
        case .fixedList: return "fixedList"
        case .emailAddress: return "emailAddress"
        case .residentIdNumber: return "residentIdNumber"
        case .regularExpression: return "regularExpression"
        case .termsAndConditions: return "termsAndConditions"
        case .iban: return "iban"
        case .boletoBancarioRequiredness: return "boletoBancarioRequiredness"
        }
    }

    /// The rule's type name (`LUHN`, `LENGTH`, …).
    public var validationType: ValidationType { rule.validationType }

    /// The error kind for `value`, or nil when it passes.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        rule.errorKind(for: value, context: context)
    }

    /// The JSON keys in the order rules run.
    static let order = [
        "luhn", "expirationDate", "range", "length", "fixedList", "emailAddress", "residentIdNumber",
        "regularExpression", "termsAndConditions", "iban", "boletoBancarioRequiredness",
    ]
}

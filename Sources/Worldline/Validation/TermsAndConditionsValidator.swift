/// `termsAndConditions`: the value is exactly `"true"` (not `TRUE`, `1` or `yes`).
public struct TermsAndConditionsValidator: ValueValidator {
    /// Creates the rule.
    public init() {}

    /// ``ValidationType/termsAndConditions``.
    public var validationType: ValidationType { .termsAndConditions }

    /// ``ValidationError/Kind/termsAndConditions`` unless the value is `"true"`.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        value == "true" ? nil : .termsAndConditions
    }
}

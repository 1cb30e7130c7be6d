/// `fixedList`: the value equals (exactly, case-sensitively) one of the allowed values.
public struct FixedListValidator: ValueValidator {
    /// The accepted values, e.g. issuer BICs.
    public var allowedValues: [String]

    /// Creates the rule.
    public init(allowedValues: [String]) {
        self.allowedValues = allowedValues
    }

    /// ``ValidationType/fixedList``.
    public var validationType: ValidationType { .fixedList }

    /// ``ValidationError/Kind/fixedList`` when the value is not in the list.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        allowedValues.contains(value) ? nil : .fixedList
    }
}

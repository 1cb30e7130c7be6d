/// `boletoBancarioRequiredness`: the field becomes required when the request's `fiscalNumber` has
/// exactly `fiscalNumberLength` characters (a company's CNPJ rather than a person's CPF).
public struct BoletoBancarioRequirednessValidator: ValueValidator {
    /// The fiscal-number length that makes the field required.
    public var fiscalNumberLength: Int

    /// Creates the rule.
    public init(fiscalNumberLength: Int) {
        self.fiscalNumberLength = fiscalNumberLength
    }

    /// ``ValidationType/boletoBancarioRequiredness``.
    public var validationType: ValidationType { .boletoBancarioRequiredness }

    /// ``ValidationError/Kind/isRequired`` when the fiscal number has that length and the value is empty.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        guard let fiscalNumber = context.fiscalNumber else { return nil }
        return fiscalNumber.count == fiscalNumberLength && value.isEmpty ? .isRequired : nil
    }
}

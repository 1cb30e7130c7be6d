/// `emailAddress`: the SDK's pattern `^[^@\.]+(\.[^@\.]+)*@([^@\.]+\.)*[^@\.]+\.[^@\.][^@\.]+$`.
///
/// A local part of dot-separated non-empty runs without `@` or `.`, one `@`, and a domain of one or
/// more labels whose last has at least two characters. Nothing else is checked (spaces, quotes
/// and slashes pass), by design: the server decides the rest.
public struct EmailAddressValidator: ValueValidator {
    static let pattern = #"^[^@\.]+(\.[^@\.]+)*@([^@\.]+\.)*[^@\.]+\.[^@\.][^@\.]+$"#

    /// Creates the rule.
    public init() {}

    /// ``ValidationType/emailAddress``.
    public var validationType: ValidationType { .emailAddress }

    /// ``ValidationError/Kind/emailAddress`` unless the value has the shape above.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        RegularExpressionValidator.matchesExactlyOnce(Self.pattern, value) ? nil : .emailAddress
    }
}

/// One validation rule: decides whether a value passes, and which error it raises when not.
public protocol ValueValidator: Hashable, Sendable {
    /// The rule's type, as the SDK names it when it re-encodes rules (`LENGTH`, `LUHN`, …).
    var validationType: ValidationType { get }
    /// The error kind this rule raises for a value, or nil when the value passes.
    func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind?
}

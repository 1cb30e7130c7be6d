/// `length`: the value has `minLength…maxLength` characters (Swift characters: `"éééé"` has 4).
///
/// As in the SDK both bounds default to 0 when absent, so a `length` rule without `maxLength`
/// rejects every non-empty value.
public struct LengthValidator: ValueValidator {
    /// The smallest accepted number of characters.
    public var minLength: Int
    /// The largest accepted number of characters.
    public var maxLength: Int

    /// Creates the rule.
    public init(minLength: Int, maxLength: Int) {
        self.minLength = minLength
        self.maxLength = maxLength
    }

    /// ``ValidationType/length``.
    public var validationType: ValidationType { .length }

    /// ``ValidationError/Kind/length(minLength:maxLength:)`` when the count is out of bounds.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        let count = value.count
        return count < minLength || count > maxLength ? .length(minLength: minLength, maxLength: maxLength) : nil
    }
}

/// `range`: the value is an integer in `minValue…maxValue` (inclusive).
///
/// The SDK parses with a default `NumberFormatter` and truncates, so `"45.9"`, `"4.5e1"` and
/// `" 45"` pass for 40…50 there (quirk 7). We accept an optional sign followed by ASCII digits
/// only, so what passes is exactly what the server will read as that integer.
public struct RangeValidator: ValueValidator {
    /// The smallest accepted value.
    public var minValue: Int
    /// The largest accepted value.
    public var maxValue: Int

    /// Creates the rule.
    public init(minValue: Int, maxValue: Int) {
        self.minValue = minValue
        self.maxValue = maxValue
    }

    /// ``ValidationType/range``.
    public var validationType: ValidationType { .range }

    /// ``ValidationError/Kind/range(minValue:maxValue:)`` when not an integer or out of range.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        guard let number = IntegerText.parse(value), number >= minValue, number <= maxValue else {
            return .range(minValue: minValue, maxValue: maxValue)
        }
        return nil
    }
}

/// `luhn`: the card number's check digit is right.
///
/// From the rightmost digit leftwards, digits in odd places count as they are, digits in even
/// places are doubled and their digits summed; the total must be a multiple of 10. Any character
/// that is not an ASCII digit, and the empty string, fail (the SDK would trap on `""`).
public struct LuhnValidator: ValueValidator {
    /// Creates the rule.
    public init() {}

    /// ``ValidationType/luhn``.
    public var validationType: ValidationType { .luhn }

    /// ``ValidationError/Kind/luhn`` when the check fails.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        Self.passes(value) ? nil : .luhn
    }

    static func passes(_ value: String) -> Bool {
        guard IntegerText.isDigits(value) else { return false }
        var total = 0
        for (offset, character) in value.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            if offset % 2 == 0 {
                total += digit
            } else {
                let doubled = digit * 2
                total += doubled % 10 + doubled / 10
            }
        }
        return total % 10 == 0
    }
}

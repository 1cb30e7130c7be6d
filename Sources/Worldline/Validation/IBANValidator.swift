/// `iban`: a well-formed IBAN whose ISO 7064 mod-97 check is 1.
///
/// Whitespace is removed and letters uppercased first; the result must match
/// `^[A-Z]{2}[0-9]{2}[A-Z0-9]{4}[0-9]{7}([A-Z0-9]?){0,16}$`.
public struct IBANValidator: ValueValidator {
    static let pattern = #"^[A-Z]{2}[0-9]{2}[A-Z0-9]{4}[0-9]{7}([A-Z0-9]?){0,16}$"#

    /// Creates the rule.
    public init() {}

    /// ``ValidationType/iban``.
    public var validationType: ValidationType { .iban }

    /// ``ValidationError/Kind/iban`` unless the value is a valid IBAN.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        let compact = String(value.filter { !$0.isWhitespace && !$0.isNewline }).uppercased()
        guard RegularExpressionValidator.matchesExactlyOnce(Self.pattern, compact) else { return .iban }
        let rearranged = compact.dropFirst(4) + compact.prefix(4)
        var remainder = 0
        for character in rearranged {
            // Letters count as 10…35, i.e. two digits; digits as themselves.
            guard let number = character.isNumber ? character.wholeNumberValue : Self.letterValue(character) else {
                return .iban
            }
            remainder = (remainder * (number >= 10 ? 100 : 10) + number) % 97
        }
        return remainder == 1 ? nil : .iban
    }

    private static func letterValue(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue, ascii >= 65, ascii <= 90 else { return nil }
        return Int(ascii) - 55
    }
}

/// `residentIdNumber`: a Chinese resident identity card number.
///
/// 15 characters: valid when the whole value is an integer. 18 characters: the ISO 7064
/// MOD 11-2 check — weights 2^(17−i) mod 11 over the first 17 characters (non-digits count 0),
/// check = (12 − sum mod 11) mod 11, written as `X` for 10. Any other length is invalid.
public struct ResidentIdNumberValidator: ValueValidator {
    /// Creates the rule.
    public init() {}

    /// ``ValidationType/residentIdNumber``.
    public var validationType: ValidationType { .residentIdNumber }

    /// ``ValidationError/Kind/residentIdNumber`` unless the number is well formed.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        let characters = Array(value)
        switch characters.count {
        case 15:
            return Int(value) == nil ? .residentIdNumber : nil
        case 18:
            var sum = 0
            for index in 0..<17 {
                let weight = (1 << (17 - index)) % 11
                let digit = characters[index].isASCII ? (characters[index].wholeNumberValue ?? 0) : 0
                sum += weight * digit
            }
            let check = (12 - sum % 11) % 11
            let last = characters[17]
            if check == 10 { return last == "X" ? nil : .residentIdNumber }
            return last.isASCII && last.wholeNumberValue == check ? nil : .residentIdNumber
        default:
            return .residentIdNumber
        }
    }
}

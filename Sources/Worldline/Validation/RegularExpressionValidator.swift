import Foundation

/// `regularExpression`: the pattern matches the value **exactly once**, with no implicit anchors.
///
/// These are the SDK's semantics and we keep them, because the API's patterns were written for
/// them: with `\d{3}`, `"1234"` and `"a123"` pass (one match) and `"123456"` fails (two). An
/// unanchored API pattern such as `(?:0[1-9]|1[0-2])[0-9]{2}` therefore accepts `12255` too —
/// which is why expiry fields also carry a length rule.
public struct RegularExpressionValidator: ValueValidator {
    /// The pattern (ICU / `NSRegularExpression` syntax).
    public var regularExpression: String

    /// Creates the rule, or nil when the pattern does not compile (the SDK skips such rules).
    public init?(regularExpression: String) {
        guard (try? NSRegularExpression(pattern: regularExpression)) != nil else { return nil }
        self.regularExpression = regularExpression
    }

    /// ``ValidationType/regularExpression``.
    public var validationType: ValidationType { .regularExpression }

    /// ``ValidationError/Kind/regularExpression`` unless the pattern matches exactly once.
    public func errorKind(for value: String, context: ValidationContext) -> ValidationError.Kind? {
        Self.matchesExactlyOnce(regularExpression, value) ? nil : .regularExpression
    }

    static func matchesExactlyOnce(_ pattern: String, _ value: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return expression.numberOfMatches(in: value, range: range) == 1
    }
}

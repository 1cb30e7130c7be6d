import Foundation

/// Strict conversions between text and `Decimal`.
///
/// `Decimal(string:)` accepts any numeric prefix ("12abc" is 12, "1,000.00" is 1, " 5" is 5), so a
/// typo in a merchant's limits would silently become a different limit. Everything in this module
/// that reads an amount goes through ``parse(_:)`` instead, which accepts only a plain decimal
/// number: an optional sign, digits, and an optional fraction after a `.`.
enum DecimalText {
    /// Parses `text` as a plain decimal number (`"1"`, `"1.00"`, `"-0.5"`, `".5"`), or returns nil;
    /// nil too for more than 38 significant digits, which `Decimal` would silently round.
    static func parse(_ text: String) -> Decimal? {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" {
            scalars = scalars.dropFirst()
        }
        var digits = 0
        var significant = 0
        var seenPoint = false
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                digits += 1
                // Leading zeros are not significant.
                if significant > 0 || scalar != "0" { significant += 1 }
            case "." where !seenPoint:
                seenPoint = true
            default:
                return nil
            }
        }
        guard digits > 0, significant <= 38,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }

    /// Rounds `value` to `scale` fraction digits, half to even ("banker's rounding"), the rounding
    /// Apple's `NumberFormatter` (ICU) applies by default: 25.005 becomes 25.00, 25.015 becomes 25.02.
    static func roundHalfEven(_ value: Decimal, scale: Int) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, .bankers)
        return result
    }

    /// The digits of `value` rounded half-even to `scale` fraction digits, without sign, grouping
    /// or decimal separator: `integer` holds the whole part, `fraction` exactly `scale` digits;
    /// `nil` for NaN, or a value too large for `Decimal` once scaled (near its greatest).
    static func digits(of value: Decimal, scale: Int) -> (isNegative: Bool, integer: String, fraction: String)? {
        let rounded = roundHalfEven(value, scale: scale)
        guard !rounded.isNaN else { return nil }
        let isNegative = rounded < 0
        let magnitude = isNegative ? -rounded : rounded
        // Scaling by 10^scale gives a whole number whose description is plain digits.
        var scaled = magnitude
        for _ in 0..<scale {
            scaled *= 10
            // Past `Decimal`'s range (a huge value, or a scale far beyond its 38 digits).
            guard !scaled.isNaN else { return nil }
        }
        var text = scaled.description
        if let point = text.firstIndex(of: ".") {
            // Cannot happen after rounding; keep only the whole part rather than misprint.
            text = String(text[..<point])
        }
        let padded = text.count <= scale ? String(repeating: "0", count: scale - text.count + 1) + text : text
        let split = padded.index(padded.endIndex, offsetBy: -scale)
        return (isNegative && rounded != 0, String(padded[..<split]), String(padded[split...]))
    }
}

extension Decimal {
    /// The value rounded half-even to `scale` decimals.
    func rounded(scale: Int) -> Decimal {
        DecimalText.roundHalfEven(self, scale: scale)
    }
}

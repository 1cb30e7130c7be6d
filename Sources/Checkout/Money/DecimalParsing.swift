import Foundation
import StateStore

/// Strict decimal parsing: `Decimal(string:)` alone accepts `"12abc"` as 12, and rounds a number
/// with more significant digits than `Decimal` holds (38) without a word.
enum DecimalParsing {
    /// The most significant digits a decimal string may have: what `Decimal` holds exactly.
    static let maximumSignificantDigits = 38

    /// Parses a plain decimal number (`-12`, `12.50`; `.5` is refused, and so is a number with
    /// more than 38 significant digits, which `Decimal` would round); `nil` for anything else.
    static func parse(_ text: String) -> Decimal? {
        // The common case, exactly and without Foundation's scanner: amounts arrive plain.
        if let plain = Decimal(plainText: text) { return plain }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digitsBefore = 0
        var digitsAfter = 0
        var significant = 0
        var seenPoint = false
        for (index, character) in trimmed.enumerated() {
            switch character {
            case "-" where index == 0:
                continue
            case ".":
                if seenPoint || digitsBefore == 0 { return nil }
                seenPoint = true
            case "0"..."9":
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
                // Leading zeros are not significant.
                if significant > 0 || character != "0" { significant += 1 }
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0, significant <= maximumSignificantDigits,
            let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }

    /// 10^37: a significand this large has 38 digits or more.
    private static let thirtyEightDigits = Decimal(sign: .plus, exponent: 37, significand: 1)

    /// Why a decimal a decoder read from a JSON *number* cannot be trusted, or `nil` when it can.
    ///
    /// Foundation's `JSONDecoder` silently rounds a number whose significand does not fit
    /// `Decimal`'s 128 bits, and what it leaves then has 38 or 39 digits; so a significand of 38
    /// digits or more may already be rounded, and is refused (a decimal *string* may have 38:
    /// ``parse(_:)`` sees all its digits). NaN is refused too: no JSON number is NaN.
    static func numberProblem(_ value: Decimal) -> String? {
        if value.isNaN { return "NaN is not an amount" }
        if value.significand.magnitude >= thirtyEightDigits {
            return "\(value) has more significant digits than an amount may have (at most 37 in a JSON number)"
        }
        return nil
    }

    /// Whether `error`, thrown decoding one value, says the value is a number the decoder cannot
    /// hold (`1e400`, or an integer beyond the type). Foundation's `JSONDecoder` throws its own
    /// error for that, which it reports at the document's root as unreadable JSON: the key is
    /// lost unless the caller names it.
    static func isUnrepresentableNumber(_ error: any Error) -> Bool {
        guard let decoding = error as? DecodingError else { return true }
        if case .dataCorrupted(let context) = decoding, context.codingPath.isEmpty { return true }
        return false
    }

    /// Why `value` cannot be a price, cost, total or quantity, or `nil` when it can: none of
    /// those is negative.
    @inline(__always)
    static func negativeProblem(_ value: Decimal) -> String? {
        // The sign bit, not `< 0`: a third of the cost, and amounts are decoded by the million.
        value.isSignMinus && !value.isZero ? "\(value) is negative; a price, cost or total is 0 or more" : nil
    }
}

extension KeyedDecodingContainer {
    /// Decodes a decimal written as a decimal string or a JSON number, with an error naming the
    /// key when it is neither, is NaN, or has more digits than `Decimal` holds exactly.
    func decodeFlexibleDecimal(forKey key: Key) throws -> Decimal {
        if let text = try? decode(String.self, forKey: key) {
            guard let value = DecimalParsing.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "\"\(text)\" is not a decimal number")
            }
            return value
        }
        let value: Decimal
        do {
            value = try decode(Decimal.self, forKey: key)
        } catch let error where DecimalParsing.isUnrepresentableNumber(error) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "a number beyond the range of Decimal")
        }
        if let problem = DecimalParsing.numberProblem(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
        }
        return value
    }

    /// Like ``decodeFlexibleDecimal(forKey:)`` but `nil` when the key is absent or null.
    func decodeFlexibleDecimalIfPresent(forKey key: Key) throws -> Decimal? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeFlexibleDecimal(forKey: key)
    }

    /// Like ``decodeFlexibleDecimal(forKey:)``, for a price, cost or total: negative is an
    /// error naming the key.
    func decodeNonNegativeDecimal(forKey key: Key) throws -> Decimal {
        let value = try decodeFlexibleDecimal(forKey: key)
        if let problem = DecimalParsing.negativeProblem(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
        }
        return value
    }

    /// Like ``decodeNonNegativeDecimal(forKey:)`` but `nil` when the key is absent or null.
    func decodeNonNegativeDecimalIfPresent(forKey key: Key) throws -> Decimal? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeNonNegativeDecimal(forKey: key)
    }

    /// Decodes a count (a quantity): an integer from 0 to `Int.max`, with an error naming the key
    /// when it is negative, fractional or out of range. (Foundation's `JSONDecoder` reports an
    /// integer that overflows `Int` as unreadable JSON at the document's root, losing the key;
    /// this names it.)
    func decodeCount(forKey key: Key) throws -> Int {
        let count: Int
        do {
            count = try decode(Int.self, forKey: key)
        } catch {
            if let number = try? decode(Decimal.self, forKey: key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "\(number) is not written as an integer from 0 to \(Int.max)")
            }
            guard DecimalParsing.isUnrepresentableNumber(error) else { throw error }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "not a number that fits Int (0 to \(Int.max))")
        }
        guard count >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(count) is negative; a count is 0 or more")
        }
        return count
    }
}

import Foundation
import StateStore
import StoreTestSupport

/// The extreme values the bounds tests put into JSON, and the means to put them there: every
/// number, and every amount written as a decimal string, found by its path and replaced.
enum ExtremeJSON {
    /// Integers every `Int` field must take without a trap: its limits, 0, -1, and the integers
    /// around 2^53 (where a `Double` would stop being exact).
    static let integers = [
        "9223372036854775807", "-9223372036854775808", "0", "-1", "9007199254740991", "9007199254740992",
        "9007199254740993",
    ]

    /// Numbers no `Int` field holds: beyond its range, beyond `Decimal`'s, fractions. Decoding
    /// must refuse them with an error, never trap and never read another number.
    static let beyondInt = ["9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e400", "1.5"]

    /// Amounts written as decimal strings (as the checkout writes them): NaN, negatives, more
    /// digits than `Decimal` holds, a 1 past its smallest exponent, its largest values.
    static let decimalStrings = [
        "NaN", "-1", "-0.01", "0", "-0", "1e400", "Infinity", "123456789012345678901234567890123456789012",
        "0." + String(repeating: "0", count: 130) + "1", "99999999999999999999999999999999999999",
        "9223372036854775807", "0.000000000000000000000000000000000000001",
    ]

    /// Amounts written as JSON numbers: beyond `Decimal`, at its exponent's limits, with more
    /// digits than it holds.
    static let decimalNumbers = [
        "1e400", "-1e400", "1e127", "-1e127", "1e-200", "123456789012345678901234567890123456789012",
        "99999999999999999999999999999999999999", "-1", "9007199254740993", "0.1",
    ]

    /// The members that hold an amount (a `Decimal` written as a string).
    static let amountKeys: Set<String> = [
        "amount", "unitPrice", "subtotal", "shipping", "discount", "total", "subTotal", "delivery", "tax",
    ]

    /// One step of a path into a JSON value.
    typealias Step = JSONPathStep

    /// A place in a JSON value that holds a number, or an amount string.
    struct Leaf {
        var path: [Step]
        var value: JSONValue

        /// The member name the leaf is at (the last key of its path).
        var key: String? {
            for step in path.reversed() { if case .key(let key) = step { return key } }
            return nil
        }

        /// The member names an error about this leaf may name: its own, or its parent's (a
        /// quantity's sum is refused at `lines`, a price's sign at `price`).
        var nameable: Set<String> {
            Set(
                path.compactMap { step -> String? in if case .key(let key) = step { return key } else { return nil } }
                    .suffix(2))
        }

        var isAmountString: Bool {
            guard case .string(let text) = value, let key, ExtremeJSON.amountKeys.contains(key) else { return false }
            return Decimal(string: text) != nil
        }

        var isNumber: Bool {
            if case .number = value { return true }
            return false
        }
    }

    /// Every number and amount string in `value`, with its path.
    static func leaves(of value: JSONValue, at path: [Step] = []) -> [Leaf] {
        switch value {
        case .object(let members):
            return members.flatMap { leaves(of: $0.value, at: path + [.key($0.key)]) }
        case .array(let items):
            return items.enumerated().flatMap { leaves(of: $1, at: path + [.index($0)]) }
        case .number:
            return [Leaf(path: path, value: value)]
        case .string:
            let leaf = Leaf(path: path, value: value)
            return leaf.isAmountString ? [leaf] : []
        case .null, .bool:
            return []
        }
    }

    /// `value` with what is at `path` replaced by `replacement`.
    static func replacing(_ path: [Step], in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        value.replacing(path, with: replacement)
    }

    /// What is at `path` in `value`, if anything.
    static func value(at path: [Step], in value: JSONValue) -> JSONValue? {
        value.value(at: path)
    }

    /// The decimal a number or decimal string holds, as `Decimal(string:)` reads it.
    static func decimal(of value: JSONValue?) -> Decimal? {
        switch value {
        case .string(let text)?, .number(let text)?:
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }

    /// The replacements to try at `leaf`: integers (in and beyond range) for a number, amounts
    /// (as strings and as numbers) for an amount. `fewer` keeps one of each kind of extreme, for
    /// values slow to decode (a whole state).
    static func replacements(for leaf: Leaf, fewer: Bool = false) -> [JSONValue] {
        let isAmount = leaf.isAmountString || (leaf.isNumber && leaf.key.map(amountKeys.contains) == true)
        switch (isAmount, fewer) {
        case (true, false):
            return decimalStrings.map(JSONValue.string) + decimalNumbers.map(JSONValue.number)
        case (true, true):
            return [decimalStrings[0], decimalStrings[1], decimalStrings[7], decimalStrings[8], decimalStrings[9]]
                .map(JSONValue.string)
                + [decimalNumbers[0], decimalNumbers[2], decimalNumbers[5]].map(JSONValue.number)
        case (false, false):
            return (integers + beyondInt).map(JSONValue.number)
        case (false, true):
            return (integers + [beyondInt[0], beyondInt[4]]).map(JSONValue.number)
        }
    }

    /// Whether `error` is a `DecodingError` that names one of `keys` (in its coding path or its
    /// description).
    static func decodingError(_ error: any Error, names keys: Set<String>) -> Bool {
        let context: DecodingError.Context
        switch error {
        case DecodingError.dataCorrupted(let found), DecodingError.typeMismatch(_, let found),
            DecodingError.valueNotFound(_, let found):
            context = found
        case DecodingError.keyNotFound(let key, let found):
            return keys.contains(key.stringValue) || found.codingPath.contains { keys.contains($0.stringValue) }
        default:
            return false
        }
        if let last = context.codingPath.last(where: { $0.intValue == nil }), keys.contains(last.stringValue) {
            return true
        }
        return keys.contains { context.debugDescription.contains($0) }
    }

    /// `text` read exactly, or `nil` when `Decimal` cannot hold it exactly (more than 38
    /// significant digits, beyond its exponent, NaN).
    static func exactDecimal(_ text: String) -> Decimal? {
        var significant = 0
        for scalar in text.unicodeScalars {
            if scalar == "e" || scalar == "E" { break }
            if ("0"..."9").contains(scalar), significant > 0 || scalar != "0" { significant += 1 }
        }
        guard significant <= 38, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        return value
    }
}

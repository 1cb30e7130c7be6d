import Foundation
import StateStore

/// Strict decimal parsing: `Decimal(string:)` alone accepts `"12abc"` as 12.
enum DecimalParsing {
    /// Parses a plain decimal number (`-12`, `12.50`, `.5` is refused); `nil` for anything else.
    static func parse(_ text: String) -> Decimal? {
        // The common case, exactly and without Foundation's scanner: amounts arrive plain.
        if let plain = Decimal(plainText: text) { return plain }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digitsBefore = 0
        var digitsAfter = 0
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
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0 else { return nil }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension KeyedDecodingContainer {
    /// Decodes a decimal written as a JSON number or a decimal string, with an error naming the
    /// key when it is neither.
    func decodeFlexibleDecimal(forKey key: Key) throws -> Decimal {
        if let text = try? decode(String.self, forKey: key) {
            guard let value = DecimalParsing.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "\"\(text)\" is not a decimal number")
            }
            return value
        }
        return try decode(Decimal.self, forKey: key)
    }

    /// Like ``decodeFlexibleDecimal(forKey:)`` but `nil` when the key is absent or null.
    func decodeFlexibleDecimalIfPresent(forKey key: Key) throws -> Decimal? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeFlexibleDecimal(forKey: key)
    }
}

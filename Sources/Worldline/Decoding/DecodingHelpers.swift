import Foundation

/// The Client API sends identifiers sometimes as numbers (`"id": 1`) and sometimes as strings
/// (`"id": "cards"`); the SDK stores them as strings, and so do we.
extension KeyedDecodingContainer {
    func decodeIdentifier(forKey key: Key) throws -> String {
        if let number = try? decode(Int64.self, forKey: key) {
            return String(number)
        }
        if let text = try? decode(String.self, forKey: key) {
            return text
        }
        guard contains(key), try !decodeNil(forKey: key) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "identifier missing"))
        }
        throw DecodingError.typeMismatch(
            String.self,
            DecodingError.Context(codingPath: codingPath + [key], debugDescription: "expected a number or a string"))
    }

    func decodeIdentifierIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeIdentifier(forKey: key)
    }

    func decodeFlag(forKey key: Key) throws -> Bool {
        try decodeIfPresent(Bool.self, forKey: key) ?? false
    }
}

extension KeyedDecodingContainer {
    /// Decodes a whole number exactly.
    ///
    /// On Linux, `JSONDecoder` reports `1.5` or an overflowing number decoded as an integer as
    /// "not valid JSON" at the document root, losing the field. Decoding through `Decimal` keeps
    /// the field's path and says what was expected.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        let number: Decimal
        do {
            number = try decode(Decimal.self, forKey: key)
        } catch {
            // A number beyond `Decimal` (`1e400`): Foundation throws its own error for it, which it
            // reports at the root; any `DecodingError` with a path is the decoder's own word.
            if let decoding = error as? DecodingError {
                guard case .dataCorrupted(let context) = decoding, context.codingPath.isEmpty else { throw error }
            }
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "expected an integer, found a number beyond Decimal"))
        }
        guard let value = T(String(describing: number)) else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath + [key], debugDescription: "expected an integer, found \(number)"))
        }
        return value
    }

    func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeInteger(type, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Writes an identifier as the API does: a number when it is all digits, else a string.
    mutating func encodeIdentifier(_ identifier: String, forKey key: Key) throws {
        if IntegerText.isDigits(identifier), let number = Int64(identifier) {
            try encode(number, forKey: key)
        } else {
            try encode(identifier, forKey: key)
        }
    }
}

import Foundation

extension KeyedDecodingContainer {
    /// Decodes an integer of type `T`, with an error naming the key when the JSON number is a
    /// fraction or does not fit `T`.
    ///
    /// Foundation's `JSONDecoder` on Linux reports such a number as unreadable JSON at the
    /// document's root, which names no field; a provider's answer with an amount of 2^63 minor
    /// units is then an error that says where.
    func decodeExactInteger<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(T.self, forKey: key)
        } catch {
            if let number = try? decode(Decimal.self, forKey: key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "\(number) is not an integer that fits \(T.self)")
            }
            // A number beyond `Decimal` too (`1e400`): Foundation throws its own error for it, which
            // it reports at the root; any `DecodingError` with a path is the decoder's own word.
            if let decoding = error as? DecodingError {
                guard case .dataCorrupted(let context) = decoding, context.codingPath.isEmpty else { throw error }
            }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "not a number that fits \(T.self)")
        }
    }
}

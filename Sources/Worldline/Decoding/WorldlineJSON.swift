public import Foundation

/// Decodes Client API bodies into the module's models, turning every failure into a
/// ``WorldlineDecodingError`` that names the field.
public enum WorldlineJSON {
    /// Decodes `data` as `type`.
    ///
    /// - Throws: ``WorldlineDecodingError`` naming the member that is missing or malformed.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(WorldlineDecodingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw WorldlineDecodingError(error)
        } catch let error as WorldlineDecodingError {
            throw error
        } catch {
            throw WorldlineDecodingError(path: "", reason: .notJSON(String(describing: error)))
        }
    }
}

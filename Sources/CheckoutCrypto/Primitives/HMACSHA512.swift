/// HMAC with SHA-512 (RFC 2104, FIPS 180-4), from the platform library (OpenSSL's `HMAC` on Linux,
/// CommonCrypto's `CCHmac` on Apple platforms).
///
/// ```swift
/// let tag = try HMACSHA512.authenticationCode(for: message, key: macKey).prefix(32)
/// ```
public enum HMACSHA512 {
    /// The length of the authentication code in bytes.
    public static let codeCount = 64

    /// The 64-byte HMAC-SHA512 of `message` under `key` (a key of any length, also empty; keys longer
    /// than the 128-byte block are hashed first, as HMAC specifies).
    ///
    /// - Throws: ``CryptoError/libraryFailure(operation:reason:)`` if the platform library fails.
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        guard key.count <= Int(Int32.max) else {
            throw CryptoError.invalidLength(parameter: "HMAC key", expected: "at most \(Int32.max)", actual: key.count)
        }
        let code = try PlatformCrypto.hmacSHA512(message, key: key)
        guard code.count == codeCount else {
            throw CryptoError.libraryFailure(operation: "HMAC-SHA512", reason: "returned \(code.count) bytes, not 64")
        }
        return code
    }
}

/// AES-256 in CBC mode with PKCS#7 padding, from the platform library (OpenSSL's
/// `EVP_aes_256_cbc` on Linux, CommonCrypto's `CCCrypt` on Apple platforms).
///
/// ```swift
/// let ciphertext = try AES256CBC.encrypt(plaintext, key: encryptionKey, iv: iv)
/// ```
public enum AES256CBC {
    /// The key length in bytes.
    public static let keyCount = 32

    /// The block and IV length in bytes.
    public static let blockCount = 16

    /// Encrypts `plaintext` (any length, also empty) and appends PKCS#7 padding, so the result is
    /// 1 to 16 bytes longer than the plaintext and a multiple of 16.
    ///
    /// - Throws: ``CryptoError/invalidLength(parameter:expected:actual:)`` unless the key has 32 and
    ///   the IV 16 bytes, ``CryptoError/libraryFailure(operation:reason:)`` if the platform fails.
    public static func encrypt(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        guard key.count == keyCount else {
            throw CryptoError.invalidLength(parameter: "AES-256 key", expected: "\(keyCount)", actual: key.count)
        }
        guard iv.count == blockCount else {
            throw CryptoError.invalidLength(parameter: "AES-CBC IV", expected: "\(blockCount)", actual: iv.count)
        }
        guard plaintext.count <= Int(Int32.max) - blockCount else {
            throw CryptoError.invalidLength(
                parameter: "AES-CBC plaintext",
                expected: "at most \(Int(Int32.max) - blockCount)",
                actual: plaintext.count
            )
        }
        return try PlatformCrypto.aes256CBCEncrypt(plaintext, key: key, iv: iv)
    }
}

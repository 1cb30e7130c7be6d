/// The JWE content encryption `A256CBC-HS512` (RFC 7518 section 5.2.5): AES-256-CBC with PKCS#7
/// padding, authenticated by HMAC-SHA512 truncated to 32 bytes.
///
/// Built only from the platform primitives ``AES256CBC`` and ``HMACSHA512``; this type just arranges
/// their inputs as RFC 7518 section 5.2.2.1 says.
enum AES256CBCHMACSHA512 {
    /// The content encryption key length: 32 bytes of MAC key followed by 32 bytes of AES key.
    static let contentKeyCount = 64

    /// The authentication tag length (the first half of the HMAC-SHA512 output).
    static let tagCount = 32

    /// Encrypts and authenticates `plaintext`.
    ///
    /// - Parameters:
    ///   - contentKey: 64 bytes, `MAC_KEY ‖ ENC_KEY` (MAC key first).
    ///   - iv: 16 bytes.
    ///   - additionalData: the AAD; for JWE the ASCII of the base64url protected header.
    /// - Returns: the ciphertext and `T = HMAC-SHA512(MAC_KEY, A ‖ IV ‖ E ‖ AL)[0..<32]`, where `AL` is the
    ///   bit length of `A` as a 64-bit big-endian integer.
    static func seal(
        _ plaintext: [UInt8], contentKey: [UInt8], iv: [UInt8], additionalData: [UInt8]
    ) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard contentKey.count == contentKeyCount else {
            throw CryptoError.invalidLength(
                parameter: "A256CBC-HS512 content key", expected: "\(contentKeyCount)", actual: contentKey.count)
        }
        let macKey = Array(contentKey[0..<32])
        let encryptionKey = Array(contentKey[32..<64])
        let ciphertext = try AES256CBC.encrypt(plaintext, key: encryptionKey, iv: iv)
        let additionalDataBits = UInt64(additionalData.count) * 8
        let lengthField = (0..<8).reversed().map { UInt8(truncatingIfNeeded: additionalDataBits >> (UInt64($0) * 8)) }
        let code = try HMACSHA512.authenticationCode(
            for: additionalData + iv + ciphertext + lengthField, key: macKey)
        return (ciphertext, Array(code.prefix(tagCount)))
    }
}

import Foundation

/// An RSA public key as Worldline's public-key endpoint returns it: base64 of a DER X.509
/// SubjectPublicKeyInfo (`GET /{customerId}/crypto/publickey` → `{"keyId": ..., "publicKey": ...}`).
///
/// The key is validated when created (well-formed DER, RSA, at least ``minimumBitCount`` bits) and
/// handed to the platform library for each encryption, so the value is a plain `Sendable` struct with
/// no native handle to free.
///
/// ```swift
/// let key = try RSAPublicKey(subjectPublicKeyInfoBase64: response.publicKey)
/// let wrapped = try key.encryptOAEPSHA1(contentKey)  // 256 bytes for RSA-2048
/// ```
public struct RSAPublicKey: Sendable, Equatable {
    /// The smallest modulus accepted, in bits. Worldline's keys are RSA-2048.
    public static let minimumBitCount = 2048

    /// The DER SubjectPublicKeyInfo bytes.
    public let subjectPublicKeyInfo: [UInt8]

    /// The modulus length in bits (2048 for Worldline's keys).
    public let bitCount: Int

    /// The RSA key in PKCS#1 `RSAPublicKey` DER form, as Security's `SecKeyCreateWithData` wants it.
    let pkcs1RSAPublicKey: [UInt8]

    /// Creates a key from base64 (standard alphabet, with or without padding; whitespace and line breaks
    /// such as those of a PEM body are ignored) of a DER SubjectPublicKeyInfo.
    ///
    /// - Throws: ``CryptoError/invalidKeyEncoding(reason:)`` if the text is not base64 of a
    ///   SubjectPublicKeyInfo, ``CryptoError/unsupportedKeyType(algorithm:)`` if the key is not RSA,
    ///   ``CryptoError/keyTooSmall(bits:minimumBits:)`` below ``minimumBitCount`` bits.
    public init(subjectPublicKeyInfoBase64 base64: String) throws {
        var compact = base64.filter { !$0.isWhitespace }
        let remainder = compact.utf8.count % 4
        if remainder != 0 { compact += String(repeating: "=", count: 4 - remainder) }
        guard !compact.isEmpty, let data = Data(base64Encoded: compact) else {
            throw CryptoError.invalidKeyEncoding(reason: "the public key is not valid base64")
        }
        try self.init(subjectPublicKeyInfo: [UInt8](data))
    }

    /// Creates a key from the DER bytes of a SubjectPublicKeyInfo.
    ///
    /// - Throws: the same errors as ``init(subjectPublicKeyInfoBase64:)``, and
    ///   ``CryptoError/libraryFailure(operation:reason:)`` if the platform library refuses a key that
    ///   parsed here.
    public init(subjectPublicKeyInfo der: [UInt8]) throws {
        let info = try SubjectPublicKeyInfo(der: der)
        guard info.modulusBitCount >= Self.minimumBitCount else {
            throw CryptoError.keyTooSmall(bits: info.modulusBitCount, minimumBits: Self.minimumBitCount)
        }
        // The platform library must agree that this is a usable RSA key of that size.
        let platformBits = try PlatformCrypto.rsaKeyBitCount(subjectPublicKeyInfo: der, pkcs1: info.pkcs1RSAPublicKey)
        guard platformBits == info.modulusBitCount else {
            throw CryptoError.invalidKeyEncoding(
                reason: "the platform library reads a \(platformBits)-bit key, the DER says \(info.modulusBitCount)"
            )
        }
        self.subjectPublicKeyInfo = der
        self.bitCount = info.modulusBitCount
        self.pkcs1RSAPublicKey = info.pkcs1RSAPublicKey
    }

    /// The longest plaintext RSA-OAEP with SHA-1 can encrypt under this key: the modulus length in bytes
    /// minus 42 (214 bytes for RSA-2048).
    public var maximumOAEPSHA1PlaintextCount: Int { (bitCount + 7) / 8 - 2 * 20 - 2 }

    /// Encrypts `plaintext` with RSAES-OAEP, SHA-1 and MGF1-SHA-1, empty label (JWE `RSA-OAEP`).
    ///
    /// OAEP is randomised by the platform library itself, so two calls give different ciphertexts.
    ///
    /// - Returns: the ciphertext, as long as the modulus (256 bytes for RSA-2048).
    /// - Throws: ``CryptoError/invalidLength(parameter:expected:actual:)`` if the plaintext is longer
    ///   than ``maximumOAEPSHA1PlaintextCount``, ``CryptoError/libraryFailure(operation:reason:)`` if
    ///   the platform library fails.
    public func encryptOAEPSHA1(_ plaintext: [UInt8]) throws -> [UInt8] {
        guard plaintext.count <= maximumOAEPSHA1PlaintextCount else {
            throw CryptoError.invalidLength(
                parameter: "RSA-OAEP plaintext",
                expected: "at most \(maximumOAEPSHA1PlaintextCount)",
                actual: plaintext.count
            )
        }
        return try PlatformCrypto.rsaOAEPSHA1Encrypt(
            subjectPublicKeyInfo: subjectPublicKeyInfo,
            pkcs1: pkcs1RSAPublicKey,
            bitCount: bitCount,
            plaintext: plaintext
        )
    }
}

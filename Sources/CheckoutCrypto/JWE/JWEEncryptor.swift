public import Foundation

/// Encrypts a payload to the compact JWE that Worldline's Client API expects in
/// `PreparedPaymentRequest.encryptedFields`.
///
/// The format is that of Worldline's client SDK (RFC 7516 compact serialisation, RFC 7518 algorithms):
///
/// - protected header, this exact text (note the space after each comma):
///   `{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"<keyId>"}`
/// - a fresh 64-byte content key `MAC_KEY ‖ ENC_KEY` and a fresh 16-byte IV from the ``RandomSource``
///   (drawn in that order: 64 bytes, then 16),
/// - the content key wrapped with RSA-OAEP (SHA-1, MGF1-SHA-1) under the server's public key,
/// - the plaintext encrypted with AES-256-CBC and PKCS#7 padding under `ENC_KEY`,
/// - the tag: the first 32 bytes of HMAC-SHA512 under `MAC_KEY` of `AAD ‖ IV ‖ ciphertext ‖ AL`, where
///   AAD is the ASCII of the base64url header and AL its length in bits, 64-bit big-endian,
/// - output `b64u(header).b64u(wrapped key).b64u(IV).b64u(ciphertext).b64u(tag)`, base64url without
///   padding.
///
/// ```swift
/// // keyId and publicKey come from GET /{customerId}/crypto/publickey
/// let encryptor = try JWEEncryptor(keyId: response.keyId, publicKeyBase64: response.publicKey)
/// let encryptedFields = try encryptor.encrypt(Data(plaintextJSON.utf8))
/// ```
///
/// An encryptor holds only public data; it is `Sendable` and may be reused for many payloads. Each
/// call draws a new content key and IV.
public struct JWEEncryptor: Sendable {
    /// The server's key identifier, written as `kid` into the protected header.
    public let keyId: String

    /// The RSA key the content key is wrapped with.
    public let publicKey: RSAPublicKey

    /// Where content keys and IVs come from.
    private let random: any RandomSource

    /// Creates an encryptor from Worldline's public-key response.
    ///
    /// - Parameters:
    ///   - keyId: the response's `keyId`; goes into the header's `kid` (JSON-escaped if it ever held a
    ///     quote, backslash or control character; Worldline's ids are UUIDs and appear verbatim).
    ///   - publicKeyBase64: the response's `publicKey`, base64 of a DER SubjectPublicKeyInfo of an RSA
    ///     key of at least 2048 bits.
    ///   - random: the source of content keys and IVs; the platform's secure generator unless a test
    ///     injects another.
    /// - Throws: the errors of ``RSAPublicKey/init(subjectPublicKeyInfoBase64:)``.
    public init(keyId: String, publicKeyBase64: String, random: any RandomSource = SystemRandomSource()) throws {
        try self.init(
            keyId: keyId, publicKey: RSAPublicKey(subjectPublicKeyInfoBase64: publicKeyBase64), random: random)
    }

    /// Creates an encryptor from an already parsed key.
    public init(keyId: String, publicKey: RSAPublicKey, random: any RandomSource = SystemRandomSource()) {
        self.keyId = keyId
        self.publicKey = publicKey
        self.random = random
    }

    /// The protected header's JSON text, exactly as Worldline's SDK writes it.
    public var protectedHeader: String {
        "{\"alg\":\"RSA-OAEP\", \"enc\":\"A256CBC-HS512\", \"kid\":\"\(Self.jsonEscaped(keyId))\"}"
    }

    /// Encrypts `plaintext` (for Worldline, the UTF-8 of the payment request JSON) to a compact JWE.
    ///
    /// - Returns: five base64url segments joined by dots; for RSA-2048 and a UUID key id the segments
    ///   are 116, 342, 22, `4 * (plaintext.count / 16 + 1) * 16 / 3` rounded up, and 43 characters long.
    /// - Throws: ``CryptoError/invalidLength(parameter:expected:actual:)`` if the random source returns
    ///   the wrong number of bytes, ``CryptoError/libraryFailure(operation:reason:)`` if the platform
    ///   library or the random source fails.
    public func encrypt(_ plaintext: Data) throws -> String {
        let encodedHeader = Base64URL.encode(Array(protectedHeader.utf8))
        let contentKey = try draw(AES256CBCHMACSHA512.contentKeyCount, "content encryption key")
        let iv = try draw(AES256CBC.blockCount, "initialisation vector")
        let wrappedKey = try publicKey.encryptOAEPSHA1(contentKey)
        let sealed = try AES256CBCHMACSHA512.seal(
            [UInt8](plaintext), contentKey: contentKey, iv: iv, additionalData: Array(encodedHeader.utf8))
        return [
            encodedHeader,
            Base64URL.encode(wrappedKey),
            Base64URL.encode(iv),
            Base64URL.encode(sealed.ciphertext),
            Base64URL.encode(sealed.tag),
        ].joined(separator: ".")
    }

    private func draw(_ count: Int, _ name: String) throws -> [UInt8] {
        let bytes = try random.randomBytes(count: count)
        guard bytes.count == count else {
            throw CryptoError.invalidLength(parameter: "random \(name)", expected: "\(count)", actual: bytes.count)
        }
        return bytes
    }

    /// The contents of a JSON string literal for `text`: quote, backslash and control characters escaped
    /// (RFC 8259 section 7), everything else as is.
    private static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

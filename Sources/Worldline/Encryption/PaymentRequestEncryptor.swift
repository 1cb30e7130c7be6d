public import Foundation

/// Encrypts a payment request's plaintext into the compact JWE the Server API expects.
///
/// ``Session/prepare(_:)`` builds the plaintext (see ``PaymentRequestPlaintext``) and hands it
/// here with the Client API's public key. The real implementation lives in the `CheckoutCrypto`
/// module (RSA-OAEP wrapping a fresh key, AES-256-CBC, HMAC-SHA512 tag); this protocol keeps the
/// Worldline module free of cryptography.
public protocol PaymentRequestEncryptor: Sendable {
    /// Returns the compact JWE of `plaintext`, with `keyId` as the header's `kid`.
    ///
    /// - Parameters:
    ///   - plaintext: The UTF-8 JSON to encrypt.
    ///   - keyId: The key id from the public-key call.
    ///   - publicKey: Base64 of the RSA-2048 SubjectPublicKeyInfo.
    func encrypt(plaintext: Data, keyId: String, publicKey: String) throws -> String
}

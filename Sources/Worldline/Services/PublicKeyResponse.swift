/// The key to encrypt payment requests with (`GET /{customerId}/crypto/publickey`).
public struct PublicKeyResponse: Hashable, Sendable, Codable {
    /// The key's id; it goes into the JWE header as `kid`.
    public var keyId: String
    /// Base64 of the RSA-2048 public key's X.509 SubjectPublicKeyInfo (DER).
    public var publicKey: String

    /// Creates a response.
    public init(keyId: String, publicKey: String) {
        self.keyId = keyId
        self.publicKey = publicKey
    }
}

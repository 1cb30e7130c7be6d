public import CheckoutCrypto
public import Foundation

/// The real ``PaymentRequestEncryptor``: the SDK's compact JWE (RSA-OAEP wrapping a fresh 64-byte
/// key, A256CBC-HS512), from the platform's cryptography through ``CheckoutCrypto``.
///
/// ```swift
/// let session = try Session(clientSessionId: id, customerId: customer, baseURL: api,
///     assetBaseURL: assets, appIdentifier: "MyShop/1.4")   // uses this encryptor by default
/// let prepared = try await session.prepare(request)
/// ```
public struct JWEPaymentRequestEncryptor: PaymentRequestEncryptor {
    private let random: any RandomSource

    /// Creates the encryptor.
    ///
    /// - Parameter random: Where content keys and IVs come from: the platform's secure source
    ///   by default; tests can pass a seeded one.
    public init(random: any RandomSource = SystemRandomSource()) {
        self.random = random
    }

    /// Encrypts `plaintext` for the key the public-key call returned.
    public func encrypt(plaintext: Data, keyId: String, publicKey: String) throws -> String {
        try JWEEncryptor(keyId: keyId, publicKeyBase64: publicKey, random: random).encrypt(plaintext)
    }
}

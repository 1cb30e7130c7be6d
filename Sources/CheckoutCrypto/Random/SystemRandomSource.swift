/// The platform's cryptographically secure random generator: OpenSSL's `RAND_bytes` on Linux,
/// `SecRandomCopyBytes` on Apple platforms.
///
/// This is the default source of ``JWEEncryptor``; there is no reason to use another one outside
/// tests.
///
/// ```swift
/// let iv = try SystemRandomSource().randomBytes(count: 16)
/// ```
public struct SystemRandomSource: RandomSource {
    /// Creates the system source; it has no state.
    public init() {}

    /// Returns `count` bytes from the platform's secure generator.
    ///
    /// - Throws: ``CryptoError/invalidLength(parameter:expected:actual:)`` for a negative count,
    ///   ``CryptoError/libraryFailure(operation:reason:)`` if the platform generator fails.
    public func randomBytes(count: Int) throws -> [UInt8] {
        guard count >= 0 else {
            throw CryptoError.invalidLength(parameter: "random byte count", expected: "0 or more", actual: count)
        }
        guard count > 0 else { return [] }
        return try PlatformCrypto.randomBytes(count: count)
    }
}

/// A source of random bytes for keys and initialisation vectors.
///
/// Production code uses ``SystemRandomSource``, the platform's cryptographically secure generator.
/// Tests inject their own (for example a seeded generator) to make ``JWEEncryptor`` output
/// reproducible. A custom source must be safe to call from any thread, since an encryptor is
/// `Sendable` and may be shared between tasks.
///
/// ```swift
/// struct FixedRandomSource: RandomSource {
///     func randomBytes(count: Int) throws -> [UInt8] { [UInt8](repeating: 7, count: count) }
/// }
/// ```
public protocol RandomSource: Sendable {
    /// Returns exactly `count` random bytes, or throws if the source cannot produce them.
    func randomBytes(count: Int) throws -> [UInt8]
}

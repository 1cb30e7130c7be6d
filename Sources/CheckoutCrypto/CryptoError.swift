/// Why a cryptographic operation of the engine's crypto seam failed.
///
/// Every case says what was wrong and where, so a failure surfaces as a readable message rather
/// than a bare status code. None of the cases carries key material or plaintext.
///
/// ```swift
/// do {
///     _ = try RSAPublicKey(subjectPublicKeyInfoBase64: "not base64!")
/// } catch let error as CryptoError {
///     print(error)  // invalid public key encoding: the public key is not valid base64 ...
/// }
/// ```
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The public key is not base64 of a DER-encoded X.509 SubjectPublicKeyInfo; `reason` names the
    /// structure or byte offset at which decoding stopped.
    case invalidKeyEncoding(reason: String)

    /// The SubjectPublicKeyInfo holds a key of another algorithm than RSA; `algorithm` is its
    /// algorithm identifier (dotted object identifier).
    case unsupportedKeyType(algorithm: String)

    /// The RSA key's modulus is shorter than the engine accepts.
    case keyTooSmall(bits: Int, minimumBits: Int)

    /// An input had a length the operation cannot take, for example a 16-byte AES-256 key or a random
    /// source that returned fewer bytes than asked for.
    case invalidLength(parameter: String, expected: String, actual: Int)

    /// The platform's crypto library reported a failure. On Linux `reason` is OpenSSL's error string
    /// (for example `error:1E08010C:DECODER routines::unsupported`); on Apple platforms it is the
    /// `OSStatus`, `CCCryptorStatus` or `CFError` description.
    case libraryFailure(operation: String, reason: String)

    /// A one-line description naming what failed and why.
    public var description: String {
        switch self {
        case .invalidKeyEncoding(let reason):
            return "invalid public key encoding: \(reason)"
        case .unsupportedKeyType(let algorithm):
            return "unsupported public key type: algorithm \(algorithm) is not RSA (1.2.840.113549.1.1.1)"
        case .keyTooSmall(let bits, let minimumBits):
            return "RSA public key too small: \(bits) bits, at least \(minimumBits) required"
        case .invalidLength(let parameter, let expected, let actual):
            return "invalid length of \(parameter): expected \(expected), got \(actual) bytes"
        case .libraryFailure(let operation, let reason):
            return "\(operation) failed in the platform crypto library: \(reason)"
        }
    }
}

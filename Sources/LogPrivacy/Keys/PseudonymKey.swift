import CheckoutCrypto
public import Foundation

/// The secret a ``Pseudonymiser`` derives every pseudonym from: at least 32 random bytes.
///
/// Each export normally makes its own key with ``random()`` and never writes it, so its
/// pseudonyms can be neither reversed nor linked to another export's. A team that needs the same
/// pseudonyms across one customer's logs keeps a key in a file instead (``write(to:)`` once,
/// ``init(contentsOf:)`` for each export) and names it by its ``keyID``.
///
/// ```swift
/// let key = try PseudonymKey.random()                 // one export, never written
/// try PseudonymKey.random().write(to: keyFileURL)     // checkout pseudonymise --new-key FILE
/// let kept = try PseudonymKey(contentsOf: keyFileURL) // mode 0600, at least 32 bytes
/// print(kept.keyID ?? "random")                       // "9f2c4e1ab07d3365"
/// ```
///
/// The key's bytes never appear in `description`, `debugDescription`, `dump` or a `Mirror`.
/// A key built into an app can be extracted from the app: on-device exports should use a random
/// key.
public struct PseudonymKey: Sendable {
    /// The fewest bytes a key holds (256 bits).
    public static let minimumByteCount = 32
    /// The most bytes a key file may hold: a larger file is not a key made for this.
    public static let maximumByteCount = 4096

    /// The secret itself: used only as the HMAC key.
    let bytes: [UInt8]

    /// Whether the key is kept (read from a file or given by the caller) rather than made for one
    /// export: only a kept key has a ``keyID``.
    public let isKept: Bool

    private init(checkedBytes: [UInt8], isKept: Bool) {
        bytes = checkedBytes
        self.isKept = isKept
    }

    /// A new key of ``minimumByteCount`` bytes from the system's secure random generator
    /// (`SecRandomCopyBytes` on Apple platforms, OpenSSL's `RAND_bytes` on Linux). It has no
    /// ``keyID``: nothing should name a key that is never kept.
    ///
    /// - Throws: ``PseudonymKeyError/randomSourceFailed(reason:)`` if the generator fails.
    public static func random() throws -> PseudonymKey {
        let bytes: [UInt8]
        do {
            bytes = try SystemRandomSource().randomBytes(count: minimumByteCount)
        } catch {
            throw PseudonymKeyError.randomSourceFailed(reason: String(describing: error))
        }
        guard bytes.count == minimumByteCount else {
            throw PseudonymKeyError.randomSourceFailed(reason: "returned \(bytes.count) bytes, not \(minimumByteCount)")
        }
        return PseudonymKey(checkedBytes: bytes, isKept: false)
    }

    /// A kept key from bytes the caller holds (for example from the keychain).
    ///
    /// - Throws: ``PseudonymKeyError/tooShort(path:byteCount:minimum:)`` for fewer than
    ///   ``minimumByteCount`` bytes, ``PseudonymKeyError/tooLong(path:byteCount:maximum:)`` for
    ///   more than ``maximumByteCount``.
    public init(bytes: some Sequence<UInt8>) throws {
        let bytes = Array(bytes)
        guard bytes.count >= Self.minimumByteCount else {
            throw PseudonymKeyError.tooShort(path: nil, byteCount: bytes.count, minimum: Self.minimumByteCount)
        }
        guard bytes.count <= Self.maximumByteCount else {
            throw PseudonymKeyError.tooLong(path: nil, byteCount: bytes.count, maximum: Self.maximumByteCount)
        }
        self.init(checkedBytes: bytes, isKept: true)
    }

    /// Reads a kept key from a key file: every byte of the file is the key.
    ///
    /// The file must be a regular file that neither the group nor others may read or write (mode
    /// 0600 or 0400, as ``write(to:)`` makes it) and hold ``minimumByteCount`` to
    /// ``maximumByteCount`` bytes.
    ///
    /// - Throws: ``PseudonymKeyError`` naming the path and what is wrong (its mode as octal for a
    ///   file others may read).
    public init(contentsOf url: URL) throws {
        let bytes = try KeyFile.contents(ofPath: url.path)
        self.init(checkedBytes: bytes, isKept: true)
    }

    /// Writes the key to a new file with mode 0600 (read and write for the owner only).
    ///
    /// - Throws: ``PseudonymKeyError/fileExists(path:)`` if anything is at `url` already (a key
    ///   file is never overwritten), ``PseudonymKeyError/cannotWrite(path:reason:)`` otherwise.
    public func write(to url: URL) throws {
        try KeyFile.create(path: url.path, containing: bytes)
    }

    /// A short public name for a kept key (16 hex digits: the first 8 bytes of
    /// HMAC-SHA512(key, "CheckoutEngine pseudonym key id v1")), for an export's header; nil for a
    /// random key. It identifies the key without revealing it.
    public var keyID: String? {
        guard isKept, let code = try? HMACSHA512.authenticationCode(for: Array(Self.keyIDLabel.utf8), key: bytes)
        else { return nil }
        return code.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 0x10 ? "0" + hex : hex
        }.joined()
    }

    private static let keyIDLabel = "CheckoutEngine pseudonym key id v1"
}

extension PseudonymKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the key without its bytes: `PseudonymKey(random)` or `PseudonymKey(kept, keyID: …)`.
    public var description: String {
        guard let keyID else { return "PseudonymKey(random)" }
        return "PseudonymKey(kept, keyID: \(keyID))"
    }

    /// The same as ``description``: the bytes never reach a debugger's summary either.
    public var debugDescription: String { description }

    /// A mirror with the key id only, so `dump` and reflection never reach the bytes.
    public var customMirror: Mirror {
        Mirror(self, children: ["isKept": isKept, "keyID": keyID as Any], displayStyle: .struct)
    }
}

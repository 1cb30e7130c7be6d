import StateStore

/// A fingerprint of a state: a 64-bit FNV-1a hash of its canonical compact JSON.
///
/// The same state gives the same fingerprint on every run and platform (unlike `hashValue`, which
/// Swift seeds randomly per process). Action logs store one every few actions so a replay can
/// prove it reproduced what the customer saw.
///
/// ```swift
/// let fingerprint = try Fingerprint.of(store.state)
/// print(fingerprint)   // 9f2c41d07b6a3e58
/// ```
public struct Fingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The hash.
    public let value: UInt64

    /// Creates a fingerprint from a hash value.
    public init(value: UInt64) {
        self.value = value
    }

    /// Parses the 16-digit lowercase hexadecimal text of a fingerprint.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// The fingerprint of a value's canonical form.
    public static func of<T: Encodable>(_ value: T) throws -> Fingerprint {
        // The canonical bytes straight from the encoder: the same as `of(canonical:)` hashes.
        var hasher = FNV1a64()
        try CanonicalEncoder.compactJSONBytes(value).withUnsafeBufferPointer { hasher.combine($0) }
        return Fingerprint(value: hasher.value)
    }

    /// The fingerprint of a canonical value.
    public static func of(canonical: CanonicalValue) -> Fingerprint {
        var hasher = FNV1a64()
        canonical.compactJSONBytes.withUnsafeBufferPointer { hasher.combine($0) }
        return Fingerprint(value: hasher.value)
    }

    /// 16 lowercase hexadecimal digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Encodes as its hexadecimal text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes from its hexadecimal text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let fingerprint = Fingerprint(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "A fingerprint is 16 hexadecimal digits, got \"\(text)\".")
        }
        self = fingerprint
    }
}

/// The 64-bit FNV-1a hash: simple, stable, and plenty to tell two states apart.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
}

import CheckoutCrypto

/// The random choices behind one pseudonym: a stream of bytes that only the key can produce,
/// derived from the value itself, so the same key and value always make the same choices.
///
/// ```
/// seed    = HMAC-SHA512(key, "CheckoutEngine.pseudonym.v1" ‖ 0 ‖ label ‖ 0 ‖ attempt (4 bytes, big-endian) ‖ 0 ‖ NFD(value))
/// block i = HMAC-SHA512(seed, i (4 bytes, big-endian))        i = 0, 1, 2, ...
/// ```
///
/// `label` separates the uses (a kind, or an email's local part and domain), `attempt` gives the
/// redraws, and the value enters in canonical decomposition so that the NFC and NFD spellings of
/// one text share a stream. HMAC, never a plain hash: without the key nobody can compute the
/// stream of a guessed value, so a dictionary of names does not reverse the pseudonyms.
struct KeyedStream {
    /// The scheme's name and version inside every derivation: a new scheme never reproduces an
    /// old one's pseudonyms by accident.
    static let domain = "CheckoutEngine.pseudonym.v1"

    private let seed: [UInt8]
    private var block: [UInt8] = []
    private var offset = 0
    private var counter: UInt32 = 0

    init(key: PseudonymKey, label: String, attempt: Int, value: String) throws {
        var message = Array(Self.domain.utf8)
        message.append(0)
        message.append(contentsOf: label.utf8)
        message.append(0)
        let attempt = UInt32(clamping: attempt)
        message.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: attempt >> $0) })
        message.append(0)
        message.append(contentsOf: value.canonicalUTF8)
        seed = try Self.code(message, key: key.bytes)
    }

    /// A uniformly distributed integer in `0..<bound` (`bound` at least 1), by rejection so that no
    /// value is likelier than another.
    mutating func uniform(below bound: Int) throws -> Int {
        guard bound > 1 else { return 0 }
        let range = UInt64(bound)
        // The largest multiple of `bound` that fits in 32 bits: words at or above it are redrawn.
        let limit = (UInt64(1) << 32) / range * range
        while true {
            let word = UInt64(try nextWord())
            if word < limit { return Int(word % range) }
        }
    }

    private mutating func nextWord() throws -> UInt32 {
        if offset + 4 > block.count {
            var index = [UInt8](repeating: 0, count: 4)
            for shift in 0..<4 { index[shift] = UInt8(truncatingIfNeeded: counter >> (24 - 8 * shift)) }
            block = try Self.code(index, key: seed)
            offset = 0
            counter &+= 1
        }
        let word = block[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        offset += 4
        return word
    }

    private static func code(_ message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        do {
            return try HMACSHA512.authenticationCode(for: message, key: key)
        } catch {
            throw PseudonymError.cryptoFailure(reason: String(describing: error))
        }
    }
}

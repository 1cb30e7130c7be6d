import CheckoutCrypto
import Foundation

/// A deterministic RandomSource for tests: SplitMix64 from a seed. Never use outside tests.
///
/// A class with a lock (visible to ThreadSanitizer) so that it is `Sendable` like the protocol asks.
final class SeededRandomSource: RandomSource, @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64
    private(set) var requestedCounts: [Int] = []

    init(seed: UInt64) {
        state = seed
    }

    func randomBytes(count: Int) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        requestedCounts.append(count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: mixed >> UInt64(shift)))
            }
        }
        return bytes
    }
}

/// A RandomSource that returns one byte fewer than asked, to prove the encryptor checks counts.
struct ShortRandomSource: RandomSource {
    func randomBytes(count: Int) throws -> [UInt8] {
        [UInt8](repeating: 1, count: max(count - 1, 0))
    }
}

import StateStore

/// The checksum each action-log line carries over its own bytes, so a torn or corrupted line is
/// recognised.
///
/// Algorithm (fixed; part of the format): the bytes are read as little-endian 64-bit words (the
/// tail zero-padded); each word is mixed with MurmurHash3's 64-bit multiply–rotate step into a
/// running value seeded with the length; the result goes through MurmurHash3's `fmix64` and is
/// folded to 32 bits (`high ^ low`). It catches torn lines, bit flips and splices with the odds
/// of a 32-bit checksum; it is not a defence against deliberate forgery.
public enum LineChecksum {
    /// The checksum of `bytes`.
    public static func compute(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            hash = mix(hash, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = mix(hash, tail)
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The checksum of the UTF-8 bytes of `text`.
    public static func compute(_ text: String) -> UInt32 {
        var copy = text
        return copy.withUTF8 { compute(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        var k = word &* 0x87C3_7B91_1142_53D5
        k = (k << 31) | (k >> 33)
        k &*= 0x4CF5_AD43_2745_937F
        var h = hash ^ k
        h = (h << 27) | (h >> 37)
        return h &* 5 &+ 0x52DC_E729
    }

    /// The value of eight lowercase hexadecimal digits, or `nil` for anything else (upper case
    /// too: the format writes lower case, so anything else is a damaged line).
    static func parseHex(_ digits: UnsafeRawBufferPointer) -> UInt32? {
        guard digits.count == 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }

    /// Eight lowercase hexadecimal digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

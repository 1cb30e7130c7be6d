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
        let count = bytes.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        if let base = bytes.baseAddress {
            // Four words per iteration and a tail read as one word: the mixing chain is the same,
            // word after word, but the loop's bookkeeping (a checked add, a nil check and a bound
            // per word) and the byte-by-byte tail were some 300 of the 760 instructions a
            // replayed checkout line cost. `count - offset` is never negative, so the arithmetic
            // is unchecked.
            @inline(__always) func word(_ offset: Int) -> UInt64 {
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            var offset = 0
            while count &- offset >= 32 {
                hash = mix(hash, word(offset))
                hash = mix(hash, word(offset &+ 8))
                hash = mix(hash, word(offset &+ 16))
                hash = mix(hash, word(offset &+ 24))
                offset &+= 32
            }
            while count &- offset >= 8 {
                hash = mix(hash, word(offset))
                offset &+= 8
            }
            let rest = count &- offset
            if rest > 0 {
                var tail: UInt64 = 0
                if count >= 8 {
                    // The last eight bytes, shifted down so that only the `rest` not yet mixed
                    // remain, zero above them: the zero-padded tail word.
                    tail = word(count &- 8) &>> UInt64(truncatingIfNeeded: (8 &- rest) &* 8)
                } else {
                    var shift: UInt64 = 0
                    while offset < count {
                        tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
                        shift &+= 8
                        offset &+= 1
                    }
                }
                hash = mix(hash, tail)
            }
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

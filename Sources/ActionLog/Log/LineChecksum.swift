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
    ///
    /// The eight bytes are checked and converted as one word (every line's checksum is read:
    /// byte by byte through a `switch` it was some 120 instructions a replayed checkout line).
    static func parseHex(_ digits: UnsafeRawBufferPointer) -> UInt32? {
        guard digits.count == 8, let base = digits.baseAddress else { return nil }
        let word = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return nil }
        // With each byte's high bit set, subtracting a byte below 0x80 from it never borrows from
        // the next byte: the high bit of each difference says whether the byte is at least that.
        let raised = word | high
        let atLeast0 = (raised &- 0x3030_3030_3030_3030) & high
        let atLeastColon = (raised &- 0x3A3A_3A3A_3A3A_3A3A) & high
        let atLeastA = (raised &- 0x6161_6161_6161_6161) & high
        let atLeastG = (raised &- 0x6767_6767_6767_6767) & high
        let letters = atLeastA & ~atLeastG
        guard (atLeast0 & ~atLeastColon) | letters == high else { return nil }
        // A digit's value is its low four bits; a letter's, its low four bits plus 9 ("a" is
        // 0x61). The first byte is the most significant digit: pairs, then quads, then the whole.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (letters >> 7) &* 9
        let bytes = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        let halves = ((bytes << 8) | (bytes >> 16)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: (halves << 16) | (halves >> 32))
    }

    /// ``parseHex(_:)`` byte by byte, as it was written first: the tests' reference.
    static func parseHexByteByByte(_ digits: UnsafeRawBufferPointer) -> UInt32? {
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

    /// Appends ``hex(_:)``'s eight digits to `bytes` without making the string: a line's seal
    /// printed its checksum through `String(_:radix:)` and padded and joined strings, about 550
    /// instructions a line, for every action the recorder writes and every line an export writes.
    static func appendHex(_ value: UInt32, to bytes: inout [UInt8]) {
        let digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            hexDigit(value >> 28), hexDigit(value >> 24), hexDigit(value >> 20), hexDigit(value >> 16),
            hexDigit(value >> 12), hexDigit(value >> 8), hexDigit(value >> 4), hexDigit(value)
        )
        withUnsafeBytes(of: digits) { bytes.append(contentsOf: $0) }
    }

    /// The lowercase hexadecimal digit of `value`'s lowest four bits.
    @inline(__always)
    static func hexDigit(_ value: UInt32) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// Eight lowercase hexadecimal digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

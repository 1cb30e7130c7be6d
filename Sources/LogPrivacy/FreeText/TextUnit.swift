/// One character of a free text as free-text replacement reads it: percent-encoded UTF-8
/// (`%40`, `%C3%A9`) is read decoded, so a value inside a URL is found as it would be in plain
/// text, and written back encoded.
struct TextUnit {
    /// The character read (decoded, if it was percent-encoded).
    let character: Character
    /// Its place among the text's `Character`s (three or more for an encoded character).
    let source: Range<Int>
    /// Whether the text holds it percent-encoded.
    let isPercentEncoded: Bool
    /// The character lower-cased, for matching values that compare ignoring case.
    let folded: String

    init(_ character: Character, source: Range<Int>, isPercentEncoded: Bool) {
        self.character = character
        self.source = source
        self.isPercentEncoded = isPercentEncoded
        folded = String(character).lowercased()
    }

    /// The units of `characters`: each character as it is, except runs of `%XX` triplets that
    /// hold valid UTF-8, which become the characters they encode. A `%` not followed by two hex
    /// digits, and bytes that are not valid UTF-8, stay as they are written.
    static func units(of characters: [Character]) -> [TextUnit] {
        var units: [TextUnit] = []
        units.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            guard byte(at: index, in: characters) != nil else {
                units.append(TextUnit(characters[index], source: index..<index + 1, isPercentEncoded: false))
                index += 1
                continue
            }
            // A run of triplets: decode as many whole UTF-8 sequences as it holds.
            var bytes: [UInt8] = []
            var end = index
            while let next = byte(at: end, in: characters) {
                bytes.append(next)
                end += 3
            }
            index = decode(bytes, startingAt: index, in: characters, into: &units)
        }
        return units
    }

    /// The byte of the `%XX` triplet at `index`, or nil if there is none there.
    private static func byte(at index: Int, in characters: [Character]) -> UInt8? {
        guard index + 2 < characters.count, characters[index] == "%",
            let high = characters[index + 1].hexDigitValue, let low = characters[index + 2].hexDigitValue
        else { return nil }
        return UInt8(high * 16 + low)
    }

    /// Appends the characters `bytes` encode (the triplets from `start` on); bytes that do not
    /// begin a valid sequence stay as written. Returns the index after the run.
    private static func decode(
        _ bytes: [UInt8], startingAt start: Int, in characters: [Character], into units: inout [TextUnit]
    ) -> Int {
        var offset = 0
        // Scalars decoded so far in this stretch, with the byte offset each starts at.
        var pending: [(scalar: Unicode.Scalar, byteOffset: Int)] = []
        func flush(endingAt byteEnd: Int) {
            guard !pending.isEmpty else { return }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: pending.map(\.scalar))
            var scalarIndex = 0
            for character in String(scalars) {
                let count = character.unicodeScalars.count
                let first = pending[scalarIndex].byteOffset
                let last = scalarIndex + count < pending.count ? pending[scalarIndex + count].byteOffset : byteEnd
                units.append(
                    TextUnit(character, source: start + 3 * first..<start + 3 * last, isPercentEncoded: true))
                scalarIndex += count
            }
            pending = []
        }
        while offset < bytes.count {
            let length = sequenceLength(bytes[offset])
            if length > 0, offset + length <= bytes.count,
                let decoded = String(validating: bytes[offset..<offset + length], as: UTF8.self),
                let scalar = decoded.unicodeScalars.first
            {
                pending.append((scalar, offset))
                offset += length
                continue
            }
            flush(endingAt: offset)
            // Not UTF-8: the triplet stays as its three characters.
            let at = start + 3 * offset
            for position in at..<at + 3 {
                units.append(TextUnit(characters[position], source: position..<position + 1, isPercentEncoded: false))
            }
            offset += 1
        }
        flush(endingAt: offset)
        return start + 3 * bytes.count
    }

    /// The length of the UTF-8 sequence a lead byte starts, 0 for a byte that cannot start one.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// `character` percent-encoded, byte by byte, with upper-case hex digits (RFC 3986).
    static func percentEncoded(_ character: Character) -> String {
        var encoded = ""
        for byte in String(character).utf8 {
            let hex = String(byte, radix: 16, uppercase: true)
            encoded += "%" + (byte < 0x10 ? "0" + hex : hex)
        }
        return encoded
    }
}

/// A block of the Unicode Character Database: a named, contiguous range of code points that
/// holds one script or one kind of character ("Basic Latin", "Cyrillic", "Hangul Syllables").
///
/// A pseudonym keeps each letter in its block, so a Cyrillic name stays Cyrillic and an ASCII
/// address stays ASCII. Swift's standard library has no block property; the table (`all`, in
/// `UnicodeBlocks.swift`) is generated from Blocks.txt by `scripts/generate-unicode-blocks.py`.
struct UnicodeBlock: Sendable {
    /// The first code point of the block.
    let first: UInt32
    /// The last code point of the block (inclusive).
    let last: UInt32
    /// The block's name in the Unicode Character Database.
    let name: String

    init(_ first: UInt32, _ last: UInt32, _ name: String) {
        self.first = first
        self.last = last
        self.name = name
    }

    /// The position in ``all`` of the block holding `scalar`, or nil for a code point outside
    /// every block (unassigned ranges, or blocks newer than the table).
    static func index(of scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        var low = 0
        var high = all.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let block = all[middle]
            if value < block.first {
                high = middle - 1
            } else if value > block.last {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }
}

import ActionLog

/// A small table from a string's identity to what was found for it, beside a dictionary keyed by
/// the string's value: personal values repeat on every step of a log, and decoding gives a
/// repeated value the same storage (or, up to 15 bytes, the same small-string bits), so most
/// lookups are answered by comparing two machine words instead of hashing the text (a pseudonym's
/// lookup hashed each personal leaf's text, 615 instructions, in both passes of an export).
///
/// Sound: a `String` is its 16 bytes (a small string's UTF-8 and count, or a native string's
/// count, flags and storage reference). Two strings with the same bytes are the same string as long
/// as the storage stays alive and unchanged: the table keeps each string it remembers, so its
/// storage is neither freed (and its address reused) nor uniquely referenced (and so never
/// mutated in place). A miss only means the caller's dictionary answers, as without the table.
struct RecentStrings<Value> {
    private static var slots: Int { 64 }
    private var first: [UInt64]
    private var second: [UInt64]
    /// The kind of each slot's string, `nil` for an empty slot.
    private var kinds: [PersonalKind?]
    /// Each slot's string, kept alive (see above).
    private var strings: [String]
    private var values: [Value?]

    init() {
        first = Array(repeating: 0, count: Self.slots)
        second = Array(repeating: 0, count: Self.slots)
        kinds = Array(repeating: nil, count: Self.slots)
        strings = Array(repeating: "", count: Self.slots)
        values = Array(repeating: nil, count: Self.slots)
    }

    /// The string's 16 bytes as two words, nil where a `String` is not 16 bytes (32-bit
    /// platforms): the table is then always empty.
    private static func words(_ text: String) -> (UInt64, UInt64)? {
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        return unsafeBitCast(text, to: (UInt64, UInt64).self)
    }

    private static func slot(_ words: (UInt64, UInt64)) -> Int {
        let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// What was remembered for this very string (same bytes) of `kind`, if anything.
    func value(for text: String, kind: PersonalKind) -> Value? {
        guard let words = Self.words(text) else { return nil }
        let slot = Self.slot(words)
        guard first[slot] == words.0, second[slot] == words.1, kinds[slot] == kind else { return nil }
        return values[slot]
    }

    /// Remembers `value` for `text` of `kind` (replacing whatever shared its slot).
    mutating func remember(_ value: Value, for text: String, kind: PersonalKind) {
        guard let words = Self.words(text) else { return }
        let slot = Self.slot(words)
        first[slot] = words.0
        second[slot] = words.1
        kinds[slot] = kind
        strings[slot] = text
        values[slot] = value
    }

    /// Forgets everything.
    mutating func removeAll() {
        self = RecentStrings()
    }
}

extension RecentStrings: Sendable where Value: Sendable {}

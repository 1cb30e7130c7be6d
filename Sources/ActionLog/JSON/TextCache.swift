public import Foundation

/// The values a tape's reader made last from short texts, found again by the texts' bytes: a
/// log repeats the same names, ids, codes and amounts line after line, and making each string
/// again (checking that it is ASCII, copying it, and for one over 15 bytes allocating its
/// storage, later freed) was about a tenth of decoding a replayed checkout action, each decimal
/// read digit by digit some 300 instructions more. A value found here is the one made before
/// from the same bytes by the same function: the same value (a string shares its storage).
///
/// Direct-mapped, 128 entries, each a value of a text of at most 24 bytes and the key that says
/// exactly which bytes made it (see ``Key``); a newer value takes its slot's place. One for
/// strings and one for decimals per tape (``JSONTape/Storage`` owns them), so one thread at a
/// time uses them, as the tape.
@usableFromInline
struct TextCache<Value> {
    /// The bytes of a text of at most 24 bytes, in three words and its length: two texts with the
    /// same key are the same bytes (every byte of the text is in a word, at a place fixed by the
    /// length; see ``init(_:)``).
    @usableFromInline
    struct Key: Equatable {
        @usableFromInline var length: Int
        @usableFromInline var first: UInt64
        @usableFromInline var middle: UInt64
        @usableFromInline var last: UInt64

        /// The longest text a key holds.
        @inlinable static var maximumLength: Int { 24 }

        /// A key no text has (an empty slot).
        @inlinable static var none: Key { Key(length: -1, first: 0, middle: 0, last: 0) }

        @inlinable
        init(length: Int, first: UInt64, middle: UInt64, last: UInt64) {
            self.length = length
            self.first = first
            self.middle = middle
            self.last = last
        }

        /// The key of `text`, which must be at most ``maximumLength`` bytes. Every load is within
        /// the text: a word at offset `o` of `w` bytes is read only where `o + w <= count`
        /// (`count >= 8` for the words at 0 and `count - 8`, `count > 16` for the one at 8;
        /// `count >= 4` for the half-words at 0 and `count - 4`; single bytes at 0, `count / 2`
        /// and `count - 1` only when `count >= 1`). Together they cover every byte: 17 to 24
        /// bytes are [0, 8), [8, 16) and [count - 8, count); 8 to 16, [0, 8) and [count - 8,
        /// count); 4 to 7, [0, 4) and [count - 4, count); 1 to 3, bytes 0, count / 2 and
        /// count - 1.
        @inlinable @inline(__always)
        init(_ text: UnsafeRawBufferPointer) {
            let count = text.count
            length = count
            middle = 0
            if count >= 8 {
                first = text.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                last = text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                if count > 16 { middle = text.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
            } else if count >= 4 {
                first = UInt64(text.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                last = UInt64(text.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else if count > 0 {
                first = UInt64(text[0]) | UInt64(text[count / 2]) << 8 | UInt64(text[count - 1]) << 16
                last = 0
            } else {
                first = 0
                last = 0
            }
        }

        /// The entry this key goes in: a multiplicative hash's top seven bits.
        @inlinable
        var slot: Int {
            let mixed = (first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ middle ^ UInt64(bitPattern: Int64(length)))
            return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> 57)
        }
    }

    /// An entry: the key of the bytes a value was made from, and the value.
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value

        @inlinable
        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The number of entries.
    @inlinable static var capacity: Int { 128 }

    /// Room for the entries, every one empty (holding `placeholder` under a key no text has);
    /// free it with ``deallocate(_:)``.
    static func allocate(placeholder: Value) -> UnsafeMutablePointer<Entry> {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        entries.initialize(repeating: Entry(key: .none, value: placeholder), count: capacity)
        return entries
    }

    /// Frees what ``allocate(placeholder:)`` made (releasing the values it holds).
    static func deallocate(_ entries: UnsafeMutablePointer<Entry>) {
        entries.deinitialize(count: capacity)
        entries.deallocate()
    }

    /// The value of `text`: the one `make` made before from the same bytes if its slot still
    /// holds it, else `make()`'s, kept in the slot (`nil`, for text that has no value, is not
    /// kept). `make` must depend on the bytes alone. Texts over ``Key/maximumLength`` bytes are
    /// made every time.
    @inlinable
    static func value(
        _ text: UnsafeRawBufferPointer, in entries: UnsafeMutablePointer<Entry>, make: () -> Value?
    ) -> Value? {
        guard text.count <= Key.maximumLength else { return make() }
        let key = Key(text)
        let entry = entries + key.slot
        if entry.pointee.key == key { return entry.pointee.value }
        guard let made = make() else { return nil }
        entry.pointee = Entry(key: key, value: made)
        return made
    }
}

/// A tape's caches (see ``TextCache``): the strings and the decimals its decoders made.
@usableFromInline
struct TextCaches {
    @usableFromInline let strings: UnsafeMutablePointer<TextCache<String>.Entry>
    @usableFromInline let decimals: UnsafeMutablePointer<TextCache<Decimal>.Entry>

    /// Empty caches; free them with ``deallocate()``.
    init() {
        strings = TextCache<String>.allocate(placeholder: "")
        decimals = TextCache<Decimal>.allocate(placeholder: 0)
    }

    /// Frees the caches (and the values they hold).
    func deallocate() {
        TextCache<String>.deallocate(strings)
        TextCache<Decimal>.deallocate(decimals)
    }
}

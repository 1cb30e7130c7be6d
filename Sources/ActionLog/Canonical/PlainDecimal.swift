public import Foundation
import StateStore

extension Decimal {
    /// Parses a plain decimal number, exactly: an optional `-`, digits, and optionally a `.`
    /// followed by digits (`"12"`, `"-0.50"`, `"0.000001"`). Anything else (`"1e3"`, `".5"`,
    /// `"12."`, `"12abc"`, white space, more than 38 significant digits, a value too small for
    /// `Decimal`'s exponent such as a 1 in the 129th decimal place) is `nil`, never a rounded
    /// value.
    ///
    /// The canonical encoding writes decimals in this form, and logs and payment APIs carry
    /// amounts in it, so decoding them is hot: this reads the UTF-8 bytes once and builds the
    /// value from its significand and exponent, where `Decimal(string:locale:)` goes through a
    /// locale-aware scanner (and accepts `"12abc"` as 12).
    ///
    /// ```swift
    /// Decimal(plainText: "12.50")   // 12.5
    /// Decimal(plainText: "12abc")   // nil
    /// ```
    @inlinable
    public init?(plainText text: some StringProtocol) {
        guard let value = Self.plain(utf8: text.utf8, text: { String(text) }) else { return nil }
        self = value
    }

    /// The plain-decimal parse of ``init(plainText:)`` over UTF-8 bytes (a log's tape, a
    /// string's view), with no `String` made unless the number has more than 19 significant
    /// digits: `text` makes it then, for Foundation's parser.
    @inlinable
    static func plain<Bytes: Sequence<UInt8>>(utf8: Bytes, text: () -> String) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var fraction = 0
        var negative = false
        var seenPoint = false
        var position = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "-") where position == 0:
                negative = true
            case UInt8(ascii: ".") where !seenPoint && digits > 0:
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if seenPoint { fraction += 1 }
                // Leading zeros are not significant.
                if significand == 0 && byte == UInt8(ascii: "0") { break }
                // More than 19 significant digits: rare; Foundation's parser takes it.
                guard significand < 1_000_000_000_000_000_000 else { return Self.longPlainText(text()) }
                significand = significand * 10 + UInt64(byte &- UInt8(ascii: "0"))
            default:
                return nil
            }
            position += 1
        }
        guard digits > 0, !seenPoint || fraction > 0 else { return nil }
        if significand == 0 { return 0 }
        // `Decimal`'s exponent goes down to -128; below, it would make the value zero.
        guard fraction <= 128 else { return nil }
        return Decimal(sign: negative ? .minus : .plus, exponent: -fraction, significand: Decimal(significand))
    }

    /// Checks the whole text against the plain form and the 38-digit limit, then lets
    /// Foundation build the value.
    @usableFromInline
    static func longPlainText(_ text: String) -> Decimal? {
        var significant = 0
        var seenPoint = false
        var digitsAfterPoint = 0
        for (position, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where position == 0: continue
            case UInt8(ascii: ".") where !seenPoint: seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if significant > 0 || byte != UInt8(ascii: "0") { significant += 1 }
                if seenPoint { digitsAfterPoint += 1 }
            default: return nil
            }
        }
        guard significant <= 38, !seenPoint || digitsAfterPoint > 0,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }

    /// A decimal in JSON's number form (plain, or with an exponent: `"1.5e2"`), strictly: the
    /// whole text must be the number. `Decimal(string:)` alone reads `"12abc"` as 12, a misread,
    /// and rounds a significand of more than 38 digits, another: both are `nil` here.
    static func strictJSONNumber(_ text: String) -> Decimal? {
        if let plain = Decimal(plainText: text) { return plain }
        var bytes = text.utf8.makeIterator()
        var state = 0  // 0 start, 1 sign, 2 integer, 3 point, 4 fraction, 5 e, 6 e-sign, 7 exponent
        var significant = 0
        while let byte = bytes.next() {
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            // A digit before the exponent belongs to the significand; leading zeros do not count.
            if digit, state < 5, significant > 0 || byte != UInt8(ascii: "0") { significant += 1 }
            switch (state, byte) {
            case (0, UInt8(ascii: "-")): state = 1
            case (0, _) where digit, (1, _) where digit, (2, _) where digit: state = 2
            case (2, UInt8(ascii: ".")): state = 3
            case (3, _) where digit, (4, _) where digit: state = 4
            case (2, UInt8(ascii: "e")), (2, UInt8(ascii: "E")), (4, UInt8(ascii: "e")), (4, UInt8(ascii: "E")):
                state = 5
            case (5, UInt8(ascii: "+")), (5, UInt8(ascii: "-")): state = 6
            case (5, _) where digit, (6, _) where digit, (7, _) where digit: state = 7
            default: return nil
            }
        }
        guard state == 2 || state == 4 || state == 7, significant <= 38,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }
}

extension Decimal {
    /// Exactly `description` (the form logs and the canonical encoding write: `"12.5"`, `"0.05"`,
    /// `"-1200"`, `"NaN"`), made directly from the significand when it fits in 64 bits. Foundation's
    /// `description` divides the 128-bit significand by ten once per digit; for amounts that was
    /// most of the cost of encoding them.
    package var plainDescription: String {
        guard let parts = smallParts else { return description }
        guard parts.significand != 0 else { return "0" }
        let negative = parts.negative
        var remaining = parts.significand
        var exponent = parts.exponent
        // Trailing zeros are not significant (`description` drops them too: 12.50 is "12.5").
        while remaining % 10 == 0 {
            remaining /= 10
            exponent += 1
        }
        let digits = String(remaining)
        var text = negative ? "-" : ""
        if exponent >= 0 {
            text += digits
            text += String(repeating: "0", count: exponent)
        } else {
            let point = digits.utf8.count + exponent
            if point > 0 {
                let split = digits.utf8.index(digits.utf8.startIndex, offsetBy: point)
                text += digits[..<split]
                text += "."
                text += digits[split...]
            } else {
                text += "0."
                text += String(repeating: "0", count: -point)
                text += digits
            }
        }
        return text
    }

    /// Appends the UTF-8 of ``plainDescription`` to `bytes`, without making the string: the
    /// canonical writer writes every amount of a state this way (the string, its digits and the
    /// pieces joined cost about 20 instructions an action in `replay-checkout-1m`).
    func appendPlainDescription(to bytes: inout ByteBuffer) {
        guard let parts = smallParts else { return bytes.append(description) }
        guard parts.significand != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if parts.negative { bytes.append(UInt8(ascii: "-")) }
        var remaining = parts.significand
        var exponent = parts.exponent
        while remaining % 10 == 0 {
            remaining /= 10
            exponent += 1
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            // The digits, right-aligned in `buffer`.
            var first = buffer.count
            repeat {
                first -= 1
                buffer[first] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            let digitCount = buffer.count - first
            func appendDigits(_ range: Range<Int>) {
                for index in range { bytes.append(buffer[first + index]) }
            }
            if exponent >= 0 {
                appendDigits(0..<digitCount)
                for _ in 0..<exponent { bytes.append(UInt8(ascii: "0")) }
            } else {
                let point = digitCount + exponent
                if point > 0 {
                    appendDigits(0..<point)
                    bytes.append(UInt8(ascii: "."))
                    appendDigits(point..<digitCount)
                } else {
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "."))
                    for _ in 0..<(-point) { bytes.append(UInt8(ascii: "0")) }
                    appendDigits(0..<digitCount)
                }
            }
        }
    }

    /// Sign, significand and exponent, read from the value's bytes when its significand fits in
    /// 64 bits; `nil` otherwise (and for NaN). Foundation keeps the fields internal; the layout is
    /// a 32-bit header (the exponent in its low byte, then a 4-bit length in 16-bit words and a
    /// sign bit) and eight 16-bit words of significand. Where the length and sign sit in the
    /// header differs: NSDecimal's C bit-fields on Apple platforms, another order in
    /// swift-foundation. `decimalLayout` finds out which, once; if neither, `description` does all.
    private var smallParts: (negative: Bool, significand: UInt64, exponent: Int)? {
        guard let layout = Self.decimalLayout, !isNaN else { return nil }
        return Self.parts(of: self, layout)
    }

    /// Bit positions of the length and sign in a `Decimal`'s header.
    struct HeaderLayout: Sendable {
        var lengthShift: UInt32
        var signShift: UInt32
    }

    private static func parts(
        of value: Decimal, _ layout: HeaderLayout
    ) -> (negative: Bool, significand: UInt64, exponent: Int)? {
        withUnsafeBytes(of: value) { raw -> (negative: Bool, significand: UInt64, exponent: Int)? in
            let header = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let length = Int((header >> layout.lengthShift) & 0xF)
            guard length <= 4 else { return nil }
            var significand: UInt64 = 0
            for word in 0..<length {
                let bits = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
                significand |= UInt64(bits) << (16 * word)
            }
            return ((header >> layout.signShift) & 1 == 1, significand, Int(Int8(truncatingIfNeeded: header)))
        }
    }

    /// The header layout this platform's `Decimal` has, checked on sample values; `nil` if it is
    /// neither known one.
    static let decimalLayout: HeaderLayout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        let samples: [(Decimal, Bool, UInt64, Int)] = [
            (Decimal(sign: .minus, exponent: -3, significand: 12345), true, 12345, -3),
            (Decimal(sign: .plus, exponent: 7, significand: Decimal(UInt64(1) << 40 | 77)), false, 1 << 40 | 77, 7),
            (Decimal(sign: .minus, exponent: 0, significand: Decimal(UInt64.max)), true, .max, 0),
            (1, false, 1, 0),
            (0, false, 0, 0),
        ]
        let candidates = [
            HeaderLayout(lengthShift: 8, signShift: 12),  // NSDecimal (Apple platforms)
            HeaderLayout(lengthShift: 12, signShift: 11),  // swift-foundation
        ]
        return candidates.first { layout in
            samples.allSatisfy { value, negative, significand, exponent in
                guard let parts = parts(of: value, layout) else { return false }
                return parts.negative == negative && parts.significand == significand && parts.exponent == exponent
            }
        }
    }()
}

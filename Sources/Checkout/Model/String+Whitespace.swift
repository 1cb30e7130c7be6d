/// Whitespace checks without Foundation, for the rules that decide completeness.
///
/// Section progression asks them of every field after every action, so they work on Unicode
/// scalars with an ASCII fast path: `Character.isWhitespace` looks up Unicode properties for
/// every character, ASCII included, and was most of a reduction's cost.
extension String {
    /// `true` when the text is empty or only white space; allocates nothing.
    var isBlank: Bool {
        // Over the UTF-8 bytes in place (a native or small string has them contiguous): most
        // fields are decided by their first byte. Iterating `utf8` instead costs about 80
        // instructions a call in index bookkeeping, and progression asks a dozen times an action.
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if !Unicode.Scalar.isASCIIWhitespace(byte) { return false }
            }
            return true
        }
        if let ascii, let answer = ascii { return answer }
        return unicodeScalars.allSatisfy(\.isWhitespaceScalar)
    }

    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property, without a table lookup for ASCII.
    @inline(__always)
    var isWhitespaceScalar: Bool {
        value < 0x80 ? Self.isASCIIWhitespace(UInt8(truncatingIfNeeded: value)) : properties.isWhitespace
    }

    /// Tab, line feed, vertical tab, form feed, carriage return and space: ASCII's White_Space.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}

/// The plausibility check for an email address: something, an `@`, a dot after it, no spaces.
/// The backend validates for real; this only keeps an obviously unfinished entry from completing
/// the section.
public enum EmailRule {
    /// Whether `email` looks like an email address: after trimming white space, no white space
    /// inside, exactly one `@` with something before it, and a `.` after the `@` that neither
    /// follows it at once nor ends the address.
    public static func isPlausible(_ email: String) -> Bool {
        // Section progression asks on every action: an ASCII address is checked over its UTF-8
        // bytes in place; any other over its Unicode scalars. Both allocate nothing.
        let ascii = email.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var scan = PlausibilityScan()
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if !scan.take(
                    isWhitespace: Unicode.Scalar.isASCIIWhitespace(byte), isAt: byte == 0x40, isDot: byte == 0x2E)
                {
                    return false
                }
            }
            return scan.isPlausible
        }
        if let ascii, let answer = ascii { return answer }
        var scan = PlausibilityScan()
        for scalar in email.unicodeScalars {
            if !scan.take(isWhitespace: scalar.isWhitespaceScalar, isAt: scalar == "@", isDot: scalar == ".") {
                return false
            }
        }
        return scan.isPlausible
    }
}

/// The plausibility check's one pass, a character (Unicode scalar) at a time. Positions count
/// characters of the trimmed address.
private struct PlausibilityScan {
    var length = 0
    var at: Int?
    var lastDotAfterAt: Int?
    var sawText = false
    var spaceAfterText = false

    /// Takes the next character; `false` when the address can no longer be plausible.
    @inline(__always)
    mutating func take(isWhitespace: Bool, isAt: Bool, isDot: Bool) -> Bool {
        if isWhitespace {
            if sawText { spaceAfterText = true }
            return true
        }
        // White space followed by more text is inside the address.
        if spaceAfterText { return false }
        sawText = true
        if isAt {
            guard at == nil, length > 0 else { return false }
            at = length
        } else if isDot, at != nil {
            lastDotAfterAt = length
        }
        length += 1
        return true
    }

    /// Whether the address taken so far is plausible: an `@` with something before it, and a
    /// `.` after it that neither follows it at once nor ends the address.
    var isPlausible: Bool {
        guard let at, let dot = lastDotAfterAt else { return false }
        return dot != at + 1 && dot != length - 1
    }
}

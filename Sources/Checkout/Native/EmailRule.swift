/// The plausibility check for an email address: something, an `@`, a dot after it, no spaces.
/// The backend validates for real; this only keeps an obviously unfinished entry from completing
/// the section.
public enum EmailRule {
    /// Whether `email` looks like an email address: after trimming white space, no white space
    /// inside, exactly one `@` with something before it, and a `.` after the `@` that neither
    /// follows it at once nor ends the address.
    public static func isPlausible(_ email: String) -> Bool {
        // One pass over the Unicode scalars, allocating nothing: section progression asks on
        // every action. Positions count scalars of the trimmed address.
        var length = 0
        var at: Int?
        var lastDotAfterAt: Int?
        var sawText = false
        var spaceAfterText = false
        for scalar in email.unicodeScalars {
            if scalar.isWhitespaceScalar {
                if sawText { spaceAfterText = true }
                continue
            }
            // White space followed by more text is inside the address.
            if spaceAfterText { return false }
            sawText = true
            if scalar == "@" {
                guard at == nil, length > 0 else { return false }
                at = length
            } else if scalar == ".", at != nil {
                lastDotAfterAt = length
            }
            length += 1
        }
        guard let at, let dot = lastDotAfterAt else { return false }
        return dot != at + 1 && dot != length - 1
    }
}

/// The plausibility check for an email address: something, an `@`, a dot after it, no spaces.
/// The backend validates for real; this only keeps an obviously unfinished entry from completing
/// the section.
public enum EmailRule {
    /// Whether `email` looks like an email address.
    public static func isPlausible(_ email: String) -> Bool {
        // Works on a slice of the original: no trimmed copy, no split arrays (section
        // progression asks on every action).
        guard let first = email.firstIndex(where: { !$0.isWhitespace }),
            let last = email.lastIndex(where: { !$0.isWhitespace })
        else { return false }
        let trimmed = email[first...last]
        guard !trimmed.contains(where: \.isWhitespace) else { return false }
        guard let at = trimmed.firstIndex(of: "@"), at != trimmed.startIndex else { return false }
        let domain = trimmed[trimmed.index(after: at)...]
        guard !domain.contains("@") else { return false }
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex else { return false }
        return domain.index(after: dot) != domain.endIndex
    }
}

/// The plausibility check for an email address: something, an `@`, a dot after it, no spaces.
/// The backend validates for real; this only keeps an obviously unfinished entry from completing
/// the section.
public enum EmailRule {
    /// Whether `email` looks like an email address.
    public static func isPlausible(_ email: String) -> Bool {
        let trimmed = email.trimmingWhitespace
        guard !trimmed.contains(where: \.isWhitespace) else { return false }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex else { return false }
        return domain.index(after: dot) != domain.endIndex
    }
}

/// What an IIN lookup found out about the first digits of a card number.
public enum IINStatus: String, Hashable, Sendable, Codable {
    /// The card belongs to a product that can be paid with in this context.
    case supported = "SUPPORTED"
    /// Never produced (kept because the SDK has it).
    case unsupported = "UNSUPPORTED"
    /// The IIN is not recognised.
    case unknown = "UNKNOWN"
    /// Fewer than 6 digits were given; no request was made.
    case notEnoughDigits = "NOT_ENOUGH_DIGITS"
    /// Another lookup is still in flight; no request was made.
    case pending = "PENDING"
    /// The card's product is known but cannot be paid with in this context.
    case existingButNotAllowed = "EXISTING_BUT_NOT_ALLOWED"
}

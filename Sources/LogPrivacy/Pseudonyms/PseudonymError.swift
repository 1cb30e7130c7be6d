public import ActionLog

/// Why a value could not be pseudonymised. The cases name the kind and positions, never the
/// value: an error message may reach a terminal or a ticket.
///
/// ```swift
/// do {
///     _ = try pseudonymiser.pseudonym(for: postcode, kind: .postcode)
/// } catch let error as PseudonymError {
///     print(error)  // a postcode of 6 characters is 7 once normalised ...
/// }
/// ```
public enum PseudonymError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind's normalisation changes the number of characters it compares (a postcode holding
    /// "ß", which upper-cases to "SS"; a lone combining mark or emoji modifier at the start of a
    /// word, which joins the space before it once white space is normalised): no pseudonym can
    /// keep both the value's length and the comparison the checkout makes on it.
    case lengthChangesWhenNormalised(kind: PersonalKind, characters: Int, normalisedCharacters: Int)
    /// A pseudonym was made but would not compare, under the kind's normalisation, as the other
    /// occurrences of the same value do (a case mapping that does not round-trip in context).
    /// Refused rather than returned, so consistency is never silently lost.
    case inconsistentCaseMapping(kind: PersonalKind)
    /// Every attempt up to ``Pseudonymiser/maximumAttempts`` collided with another value's
    /// pseudonym or with an original value, or (for a redraw) repeated the current pseudonym; a
    /// value with nothing to replace (punctuation only) has no other pseudonym.
    case attemptsExhausted(kind: PersonalKind, attempts: Int)
    /// URLs are not redrawn: their pseudonyms come from the values inside them, which are.
    case notRedrawable(kind: PersonalKind)
    /// The platform's HMAC failed.
    case cryptoFailure(reason: String)

    /// One line naming the kind and what is wrong.
    public var description: String {
        switch self {
        case .lengthChangesWhenNormalised(let kind, let characters, let normalised):
            return
                "a \(kind.displayName) of \(characters) characters has \(normalised) once normalised (a case mapping "
                + "or a joining mark changes the count): no pseudonym keeps both its length and its comparison"
        case .inconsistentCaseMapping(let kind):
            return "a \(kind.displayName)'s pseudonym would not compare like its other occurrences (a case mapping "
                + "that does not round-trip); refused rather than made inconsistent"
        case .attemptsExhausted(let kind, let attempts):
            return "no distinct pseudonym for a \(kind.displayName) in \(attempts) attempts (every candidate "
                + "collided with another value, or the value has no letter or digit to replace)"
        case .notRedrawable(let kind):
            return "a \(kind.displayName) is not redrawn: redraw the values inside it"
        case .cryptoFailure(let reason):
            return "HMAC failed: \(reason)"
        }
    }
}

extension PersonalKind {
    /// The kind in words, for messages.
    var displayName: String {
        switch self {
        case .nameOrAddress: return "name or address"
        case .postcode: return "postcode"
        case .email: return "email address"
        case .phone: return "phone number"
        case .freeText: return "free text"
        case .url: return "URL"
        }
    }
}

/// What a string leaf of a logged value holds, for the logs a support engineer may receive.
///
/// Every string a log can hold (struct fields, enum payloads, dictionary keys) has a class,
/// declared beside its type; none is classified by default:
///
/// - ``plain``: data about the checkout, not about a person (ids, currencies, country codes,
///   section names, order numbers): kept as it is in every export.
/// - ``secret``: card data and credentials, already wrapped in `Sensitive` and never written.
/// - ``personal(_:)``: data about a person (names, email, phone, address lines, postcode, free
///   text a shopper types): replaced by a pseudonym of the same shape in an export.
public enum DataClass: Sendable, Hashable {
    /// Not about a person: kept in every export.
    case plain
    /// A secret (card number, CVV, expiry, token): never written to a log.
    case secret
    /// About a person: pseudonymised in an export, masked on screen.
    case personal(PersonalKind)
}

/// The kind of a personal value, which decides how two values compare (the checkout's own
/// normalisation) and so which pseudonyms must stay equal.
///
/// ```swift
/// PersonalKind.postcode.normalised("sw1a-2aa")      // "SW1A2AA"
/// PersonalKind.nameOrAddress.normalised(" Jane  DOE ")   // "jane doe"
/// ```
public enum PersonalKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A name or an address line, city or region: compared ignoring case and runs of white space.
    case nameOrAddress
    /// A postcode: compared ignoring case, spaces and hyphens.
    case postcode
    /// An email address: compared ignoring case and surrounding white space.
    case email
    /// A phone number: compared ignoring case and white space.
    case phone
    /// Free text a person typed or a page showed (notes, messages): compared exactly.
    case freeText
    /// A URL that may carry personal data: compared exactly.
    case url

    /// `value` as the checkout's rules compare it: two values with equal normalised forms are the
    /// same to every decision, so their pseudonyms must be equal once normalised too.
    public func normalised(_ value: String) -> String {
        switch self {
        case .nameOrAddress:
            return value.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        case .postcode:
            return String(value.uppercased().filter { !$0.isWhitespace && $0 != "-" })
        case .email, .phone:
            return value.lowercased().trimmingWhiteSpace()
        case .freeText, .url:
            return value
        }
    }
}

extension PersonalKind {
    /// Hashes the case. (A raw-value enum's default hashes its raw value, a string: the export's
    /// pseudonym and distinct-value lookups, keyed by kind, hashed `"nameOrAddress"` at every
    /// personal leaf.)
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    /// Whether two kinds are the same case (a raw-value enum's default compares raw values).
    @inlinable
    public static func == (lhs: PersonalKind, rhs: PersonalKind) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// The case's position in declaration order.
    @usableFromInline var ordinal: UInt8 {
        switch self {
        case .nameOrAddress: 0
        case .postcode: 1
        case .email: 2
        case .phone: 3
        case .freeText: 4
        case .url: 5
        }
    }
}

extension String {
    fileprivate func trimmingWhiteSpace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}

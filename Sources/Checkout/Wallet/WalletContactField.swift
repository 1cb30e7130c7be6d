/// A field of the shopper's contact that a wallet sheet can point an error at: PassKit's
/// `PKContactField` for the name, email and phone, and the `CNPostalAddress` keys for the
/// address lines.
public enum WalletContactField: String, Sendable, Hashable, Codable {
    /// The name (`PKContactField.name`).
    case name
    /// The email address (`PKContactField.emailAddress`).
    case emailAddress
    /// The phone number (`PKContactField.phoneNumber`).
    case phoneNumber
    /// The street lines (`CNPostalAddressStreetKey`).
    case street
    /// The city (`CNPostalAddressCityKey`).
    case city
    /// The region or state (`CNPostalAddressStateKey`).
    case region
    /// The postal code (`CNPostalAddressPostalCodeKey`).
    case postcode
    /// The country (`CNPostalAddressISOCountryCodeKey`).
    case countryCode

    /// The field for one of the checkout's field names (``Address`` properties, `email`), as
    /// ``CheckoutErrorKind/invalidInput(field:reason:)`` names them; `nil` for any other.
    public init?(checkoutField: String) {
        switch checkoutField {
        case "firstName", "lastName": self = .name
        case "email": self = .emailAddress
        case "phone": self = .phoneNumber
        case "line1", "line2": self = .street
        case "city": self = .city
        case "region": self = .region
        case "postcode": self = .postcode
        case "countryCode": self = .countryCode
        default: return nil
        }
    }

    /// Whether the field is part of the postal address (not the name, email or phone).
    public var isPostalAddress: Bool {
        switch self {
        case .name, .emailAddress, .phoneNumber: return false
        case .street, .city, .region, .postcode, .countryCode: return true
        }
    }
}

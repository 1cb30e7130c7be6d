/// A delivery address as a wallet sheet gives it before the shopper authorises: Apple Pay redacts
/// the contact to its locality, postal code and country until the payment is authorised, so
/// that is all the shipping methods and totals shown in the sheet can depend on.
///
/// ```swift
/// // PKContact.postalAddress in didSelectShippingContact
/// let partial = PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB")
/// ```
///
/// The full address arrives with the authorised payment (``WalletAuthorization``) and goes
/// through the same validation as an address typed into the form.
public struct PartialAddress: Sendable, Hashable, Codable {
    /// The locality (city or town); may be empty.
    public var city: String
    /// The postal code as the sheet gives it (Apple may shorten it, as a UK outward code); may be
    /// empty in countries without one.
    public var postcode: String
    /// The ISO 3166-1 alpha-2 country code (`"GB"`).
    public var countryCode: String

    /// Creates a partial address.
    public init(city: String, postcode: String, countryCode: String) {
        self.city = city
        self.postcode = postcode
        self.countryCode = countryCode
    }

    /// Whether ``countryCode`` is two ASCII letters: shipping cannot be priced without a country.
    public var hasCountry: Bool {
        let scalars = countryCode.trimmingWhitespace.unicodeScalars
        return scalars.count == 2 && scalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
    }
}

/// A postal address with the name and phone of the person at it: a shipping or billing contact.
///
/// Addresses live on the cart, so a cart's address may differ in case, spacing or postcode
/// format from the address-book entry it came from; ``AddressMatcher`` compares them.
public struct Address: Sendable, Hashable, Codable {
    /// The first name.
    public var firstName: String
    /// The last name.
    public var lastName: String
    /// The first address line.
    public var line1: String
    /// The second address line, if any.
    public var line2: String?
    /// The city or town.
    public var city: String
    /// The county, state or region, if any.
    public var region: String?
    /// The postcode or ZIP code.
    public var postcode: String
    /// The ISO 3166-1 alpha-2 country code (`"GB"`, `"US"`).
    public var countryCode: String
    /// The phone number, if any.
    public var phone: String?

    /// Creates an address.
    public init(
        firstName: String, lastName: String, line1: String, line2: String? = nil, city: String,
        region: String? = nil, postcode: String, countryCode: String, phone: String? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.region = region
        self.postcode = postcode
        self.countryCode = countryCode
        self.phone = phone
    }

    /// The first field a checkout cannot ship to without, or `nil` when the address is usable.
    ///
    /// ```swift
    /// address.missingField   // "postcode" when the postcode is blank
    /// ```
    public var missingField: String? {
        // In the order a form shows them; checked without building arrays or trimmed copies,
        // because section progression asks on every action.
        if firstName.isBlank { return "firstName" }
        if lastName.isBlank { return "lastName" }
        if line1.isBlank { return "line1" }
        if city.isBlank { return "city" }
        if postcode.isBlank { return "postcode" }
        if countryCode.isBlank { return "countryCode" }
        return nil
    }
}

/// A part of the shopper's contact a web page's Apple Pay request asks for (Apple Pay JS's
/// `ApplePayContactField` names), and so the part the `paymentauthorized` reply hands back.
///
/// Shipping contact fields may be any of the four; billing contact fields only
/// ``postalAddress`` and ``name`` (Apple's billing contact holds nothing else).
public enum WebApplePayContactField: String, Sendable, Hashable, Codable, CaseIterable {
    /// The postal address (`PKContactField.postalAddress`): street lines, locality, region,
    /// postal code, country.
    case postalAddress
    /// The person's name (`PKContactField.name`).
    case name
    /// The phone number (`PKContactField.phoneNumber`).
    case phone
    /// The email address (`PKContactField.emailAddress`).
    case email
}

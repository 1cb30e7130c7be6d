/// The name and value a product asks the merchant to send to indicate an authentication.
public struct AuthenticationIndicator: Hashable, Sendable, Codable {
    /// The parameter's name.
    public var name: String?
    /// The parameter's value.
    public var value: String?
}

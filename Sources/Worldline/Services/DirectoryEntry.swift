/// An issuer a customer can pick for a product with a directory (e.g. a bank for iDEAL).
public struct DirectoryEntry: Hashable, Sendable, Codable {
    /// The issuer's id to send, e.g. `ABNANL2A`.
    public var issuerId: String
    /// Which list the issuer belongs in: `short` (show first) or `long`.
    public var issuerList: String
    /// The issuer's name.
    public var issuerName: String
    /// The countries the issuer serves, by name.
    public var countryNames: [String]

    /// Creates an entry.
    public init(issuerId: String, issuerList: String, issuerName: String, countryNames: [String] = []) {
        self.issuerId = issuerId
        self.issuerList = issuerList
        self.issuerName = issuerName
        self.countryNames = countryNames
    }

    private enum CodingKeys: String, CodingKey { case issuerId, issuerList, issuerName, countryNames }

    /// Decodes an entry; `issuerId`, `issuerList` and `issuerName` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        issuerId = try container.decode(String.self, forKey: .issuerId)
        issuerList = try container.decode(String.self, forKey: .issuerList)
        issuerName = try container.decode(String.self, forKey: .issuerName)
        countryNames = try container.decodeIfPresent([String].self, forKey: .countryNames) ?? []
    }
}

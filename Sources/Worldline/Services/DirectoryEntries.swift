/// The directory of a product (`GET /{customerId}/products/{id}/directory`), e.g. iDEAL's banks.
public struct DirectoryEntries: Hashable, Sendable, Codable {
    /// The entries, in the API's order.
    public var directoryEntries: [DirectoryEntry]

    /// Creates a directory.
    public init(directoryEntries: [DirectoryEntry]) {
        self.directoryEntries = directoryEntries
    }

    private enum CodingKeys: String, CodingKey { case entries }

    /// Decodes `{"entries": [...]}`; a missing `entries` is an empty directory.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        directoryEntries = try container.decodeIfPresent([DirectoryEntry].self, forKey: .entries) ?? []
    }

    /// Encodes `{"entries": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(directoryEntries, forKey: .entries)
    }

    /// The entries of the `short` list first, then the others, each in the API's order.
    public var sortedForDisplay: [DirectoryEntry] {
        directoryEntries.filter { $0.issuerList == "short" } + directoryEntries.filter { $0.issuerList != "short" }
    }
}

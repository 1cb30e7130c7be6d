/// An address saved in a logged-in user's address book.
public struct AddressBookEntry: Sendable, Hashable, Codable, Identifiable {
    /// The entry's identifier in the address book.
    public var id: String
    /// The address.
    public var address: Address
    /// Whether this is the user's default address.
    public var isDefault: Bool

    /// Creates an address-book entry.
    public init(id: String, address: Address, isDefault: Bool = false) {
        self.id = id
        self.address = address
        self.isDefault = isDefault
    }
}

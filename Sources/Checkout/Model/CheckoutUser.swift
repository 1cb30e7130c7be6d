/// Who is checking out: a guest, or a logged-in user with an address book.
///
/// Guests give an email address first (the contact information section) and enter addresses in a
/// form; logged-in users start from their default address-book address.
public enum CheckoutUser: Sendable, Hashable, Codable {
    /// A user who has not logged in.
    case guest
    /// A logged-in user and their saved addresses.
    case loggedIn(addressBook: [AddressBookEntry])

    /// Whether the user is a guest.
    public var isGuest: Bool {
        if case .guest = self { return true }
        return false
    }

    /// The user's saved addresses (none for a guest).
    public var addressBook: [AddressBookEntry] {
        if case .loggedIn(let addressBook) = self { return addressBook }
        return []
    }

    /// The user's default address-book entry, if any.
    public var defaultAddress: AddressBookEntry? {
        addressBook.first(where: \.isDefault)
    }
}

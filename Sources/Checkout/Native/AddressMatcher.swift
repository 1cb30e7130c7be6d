import ActionLog

/// Compares addresses the way a person would: ignoring case, extra whitespace and postcode format.
///
/// Addresses live on the cart, so the cart's copy may read `"10 downing st "` where the address
/// book says `"10 Downing St"`, or `"sw1a2aa"` for `"SW1A 2AA"`. The matcher finds the
/// address-book entry a cart address came from, to preselect it in selection mode, and tells when
/// a billing contact is "same as shipping".
///
/// ```swift
/// AddressMatcher.matches(cartAddress, entry.address)            // true
/// AddressMatcher.bestMatch(for: cartAddress, in: addressBook)   // the entry
/// ```
public enum AddressMatcher {
    /// Whether two addresses are the same once normalised (the phone number is not compared: a
    /// person's address does not change with it).
    public static func matches(_ lhs: Address, _ rhs: Address) -> Bool {
        NormalisedAddress(lhs) == NormalisedAddress(rhs)
    }

    /// Whether two optional addresses are both present and the same.
    public static func matches(_ lhs: Address?, _ rhs: Address?) -> Bool {
        guard let lhs, let rhs else { return false }
        return matches(lhs, rhs)
    }

    /// The address-book entry matching `address`: the default entry if it matches, otherwise the
    /// first that does; `nil` when none does.
    public static func bestMatch(for address: Address?, in addressBook: [AddressBookEntry]) -> AddressBookEntry? {
        guard let address else { return nil }
        let target = NormalisedAddress(address)
        let matching = addressBook.filter { NormalisedAddress($0.address) == target }
        return matching.first(where: \.isDefault) ?? matching.first
    }

    /// Text with case folded, leading and trailing whitespace removed and inner runs of whitespace
    /// collapsed to one space: `PersonalKind.nameOrAddress`'s normalisation, the one a
    /// pseudonymised log keeps, so that two fields this matcher finds equal have pseudonyms it
    /// finds equal too.
    public static func normaliseText(_ text: String?) -> String {
        PersonalKind.nameOrAddress.normalised(text ?? "")
    }

    /// A postcode with case folded and every space and hyphen removed (`"sw1a-2aa"` → `"SW1A2AA"`):
    /// `PersonalKind.postcode`'s normalisation.
    public static func normalisePostcode(_ postcode: String) -> String {
        PersonalKind.postcode.normalised(postcode)
    }
}

private struct NormalisedAddress: Equatable {
    let fields: [String]

    init(_ address: Address) {
        fields = [
            AddressMatcher.normaliseText(address.firstName), AddressMatcher.normaliseText(address.lastName),
            AddressMatcher.normaliseText(address.line1), AddressMatcher.normaliseText(address.line2),
            AddressMatcher.normaliseText(address.city), AddressMatcher.normaliseText(address.region),
            AddressMatcher.normalisePostcode(address.postcode), AddressMatcher.normaliseText(address.countryCode),
        ]
    }
}

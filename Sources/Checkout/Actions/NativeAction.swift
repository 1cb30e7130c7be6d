/// The user's actions in the native sections.
public enum NativeAction: Sendable, Hashable, Codable {
    /// A guest entered their email address.
    case emailSubmitted(String)
    /// The user tapped the shipping contact section.
    case editShippingContactTapped
    /// The user tapped the billing contact section.
    case editBillingContactTapped
    /// The user picked an entry in the address book (selection mode).
    case addressBookEntrySelected(id: String)
    /// The user chose to enter a new address instead of picking one.
    case addNewAddressTapped
    /// The user submitted the address form.
    indirect case addressFormSubmitted(Address)
    /// The user closed the address screen without choosing.
    case addressEditorClosed
    /// The user chose "same as shipping" for billing.
    case useShippingAsBillingTapped
    /// The user selected a shipping method.
    case shippingMethodSelected(id: String)
}

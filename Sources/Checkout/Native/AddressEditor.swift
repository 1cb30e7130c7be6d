/// The address screen the host shows for a contact section: the address book in selection mode,
/// or the address form.
public struct AddressEditor: Sendable, Hashable, Codable {
    /// Which contact the editor sets.
    public enum Purpose: String, Sendable, Hashable, Codable {
        /// The shipping contact.
        case shipping
        /// The billing contact.
        case billing
    }

    /// What the host shows.
    public enum Mode: Sendable, Hashable, Codable {
        /// The address book, with the entry matching the current address preselected (if any).
        case selection(preselectedEntryID: String?)
        /// The address form, prefilled with the current address (if any).
        case form(prefill: Address?)
    }

    /// Which contact the editor sets.
    public var purpose: Purpose
    /// What the host shows.
    public var mode: Mode

    /// Creates an editor.
    public init(purpose: Purpose, mode: Mode) {
        self.purpose = purpose
        self.mode = mode
    }
}

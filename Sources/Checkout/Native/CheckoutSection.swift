/// The sections of the native checkout, in the order they unveil.
public enum CheckoutSection: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The email address (guests only).
    case contactInformation
    /// Where to deliver.
    case shippingContact
    /// Who pays, and where they live.
    case billingContact
    /// How to deliver.
    case shippingMethod
    /// The cart's items and costs.
    case orderSummary
    /// Payment methods and/or the pay button.
    case payment

    /// Sections compare by their order in the checkout.
    public static func < (lhs: CheckoutSection, rhs: CheckoutSection) -> Bool {
        lhs.position < rhs.position
    }

    /// The position in the checkout, without building `allCases` (compared after every action).
    private var position: Int {
        switch self {
        case .contactInformation: 0
        case .shippingContact: 1
        case .billingContact: 2
        case .shippingMethod: 3
        case .orderSummary: 4
        case .payment: 5
        }
    }

    /// The sections that apply to a user: everything, minus contact information for logged-in users.
    public static func sections(for user: CheckoutUser) -> [CheckoutSection] {
        user.isGuest ? guestSections : memberSections
    }

    private static let guestSections = allCases
    private static let memberSections = allCases.filter { $0 != .contactInformation }
}

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
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }

    /// The sections that apply to a user: everything, minus contact information for logged-in users.
    public static func sections(for user: CheckoutUser) -> [CheckoutSection] {
        user.isGuest ? allCases : allCases.filter { $0 != .contactInformation }
    }
}

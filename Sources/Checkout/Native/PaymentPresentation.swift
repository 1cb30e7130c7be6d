/// How the payment section offers payment. A pay button alone is easier and less error prone, and
/// preferred.
public enum PaymentPresentation: String, Sendable, Hashable, Codable {
    /// A pay button that presents the provider's sheet of payment options (preferred).
    case payButton
    /// A payment-methods section where the user picks a method first, then pays.
    case methodsSection
    /// Both.
    case methodsSectionAndPayButton
}

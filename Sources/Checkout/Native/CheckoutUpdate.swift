/// One edit of the checkout, sent to the backend through the ``CheckoutAPI``.
///
/// Edits apply to the state at once (nothing the user entered waits on the network) and queue
/// for the backend; the backend's answer then refreshes prices, methods and totals.
public enum CheckoutUpdate: Sendable, Hashable, Codable {
    /// Set the contact email address.
    case email(String)
    /// Set the shipping contact.
    case shippingContact(Address)
    /// Set the billing contact.
    case billingContact(Address)
    /// Select a shipping method.
    case shippingMethod(id: String)

    /// The section this edit belongs to.
    public var section: CheckoutSection {
        switch self {
        case .email: return .contactInformation
        case .shippingContact: return .shippingContact
        case .billingContact: return .billingContact
        case .shippingMethod: return .shippingMethod
        }
    }

    /// Applies the edit to `state` locally.
    func apply(to state: inout CheckoutState) {
        switch self {
        case .email(let email): state.email = email
        case .shippingContact(let address): state.shippingContact = address
        case .billingContact(let address): state.billingContact = address
        case .shippingMethod(let id): state.selectedShippingMethodID = id
        }
    }
}

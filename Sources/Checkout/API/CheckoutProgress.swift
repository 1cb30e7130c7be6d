/// The user's progress, sent to rebuild an expired checkout so they can carry on as if nothing
/// happened.
public struct CheckoutProgress: Sendable, Hashable, Codable {
    /// The expired cart's id.
    public var expiredCartID: String
    /// The contact email address.
    public var email: String?
    /// The shipping contact.
    public var shippingContact: Address?
    /// The billing contact.
    public var billingContact: Address?
    /// The selected shipping method.
    public var shippingMethodID: String?

    /// Creates progress.
    public init(
        expiredCartID: String, email: String?, shippingContact: Address?, billingContact: Address?,
        shippingMethodID: String?
    ) {
        self.expiredCartID = expiredCartID
        self.email = email
        self.shippingContact = shippingContact
        self.billingContact = billingContact
        self.shippingMethodID = shippingMethodID
    }
}

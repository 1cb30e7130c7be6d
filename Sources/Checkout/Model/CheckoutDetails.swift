/// The checkout as the backend holds it: the cart with its contacts, the shipping methods it
/// offers, and the one selected. Every Checkout API call returns one, and the native sections
/// take their data from the latest.
public struct CheckoutDetails: Sendable, Hashable, Codable {
    /// The cart.
    public var cart: Cart
    /// The contact email address (guests give one in the contact information section).
    public var email: String?
    /// The shipping contact stored on the cart.
    public var shippingContact: Address?
    /// The billing contact stored on the cart.
    public var billingContact: Address?
    /// The shipping methods offered for the cart as it is now.
    public var shippingMethods: [ShippingMethod]
    /// The selected shipping method, if any.
    public var selectedShippingMethodID: String?

    /// Creates checkout details.
    public init(
        cart: Cart, email: String? = nil, shippingContact: Address? = nil, billingContact: Address? = nil,
        shippingMethods: [ShippingMethod] = [], selectedShippingMethodID: String? = nil
    ) {
        self.cart = cart
        self.email = email
        self.shippingContact = shippingContact
        self.billingContact = billingContact
        self.shippingMethods = shippingMethods
        self.selectedShippingMethodID = selectedShippingMethodID
    }
}

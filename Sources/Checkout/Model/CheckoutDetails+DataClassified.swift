public import ActionLog

extension CheckoutDetails: DataClassified {
    /// Visits the cart, the email (personal, `email`), the contacts, the shipping methods and the
    /// selected method's id (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&cart, field: "cart")
        visitor.visit(&email, field: "email", as: .personal(.email))
        visitor.visit(&shippingContact, field: "shippingContact")
        visitor.visit(&billingContact, field: "billingContact")
        visitor.visit(&shippingMethods, field: "shippingMethods")
        visitor.visit(&selectedShippingMethodID, field: "selectedShippingMethodID", as: .plain)
    }
}

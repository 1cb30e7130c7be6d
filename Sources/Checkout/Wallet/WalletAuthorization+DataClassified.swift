public import ActionLog

extension WalletAuthorization: DataClassified {
    /// Visits the shopper's email (personal, `email`), the addresses, the shipping method's id
    /// (plain), the total shown and the payment (its token is secret).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&email, field: "email", as: .personal(.email))
        visitor.visit(&shippingAddress, field: "shippingAddress")
        visitor.visit(&billingAddress, field: "billingAddress")
        visitor.visit(&shippingMethodID, field: "shippingMethodID", as: .plain)
        visitor.visit(&shownTotal, field: "shownTotal")
        visitor.visit(&payment, field: "payment")
    }
}

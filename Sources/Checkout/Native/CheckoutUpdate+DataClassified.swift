public import ActionLog

extension CheckoutUpdate: DataClassified {
    /// Visits the edit's email (personal, `email`), address, or shipping method id (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .email(var email):
            visitor.visit(&email, field: "email", as: .personal(.email))
            self = .email(email)
        case .shippingContact(var address):
            visitor.visit(&address, field: "shippingContact")
            self = .shippingContact(address)
        case .billingContact(var address):
            visitor.visit(&address, field: "billingContact")
            self = .billingContact(address)
        case .shippingMethod(var id):
            visitor.visit(&id, inCase: "shippingMethod", field: "id", as: .plain)
            self = .shippingMethod(id: id)
        }
    }
}

public import ActionLog

extension PaymentMethodOption: DataClassified {
    /// Visits the method's type and name (plain: the provider's offer, `scheme`, `Card`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&name, field: "name", as: .plain)
    }
}

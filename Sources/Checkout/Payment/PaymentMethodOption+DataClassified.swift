public import ActionLog

extension PaymentMethodOption: DataClassified {
    /// Visits the method's type and name (plain: the provider's offer, `scheme`, `Card`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&name, field: "name", as: .plain)
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

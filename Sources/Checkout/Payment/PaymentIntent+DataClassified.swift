public import ActionLog

extension PaymentIntent: DataClassified {
    /// Visits the payment's reference and cart id (plain: identifiers the backend made) and the
    /// amount.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&reference, field: "reference", as: .plain)
        visitor.visit(&cartID, field: "cartID", as: .plain)
        visitor.visit(&amount, field: "amount")
    }
}

public import ActionLog

extension CheckoutErrorMessage: DataClassified {
    /// Visits what the error is about and what retrying does (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind")
        visitor.visit(&retry, field: "retry", as: .plain)
    }
}

public import ActionLog

extension PaymentSession: DataClassified {
    /// Visits the session's id and provider (plain), the amount, the methods offered, and the
    /// drop-in's token (secret) and the
    /// provider's whole payment methods answer.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&providerID, field: "providerID", as: .plain)
        visitor.visit(&amount, field: "amount")
        visitor.visit(&methods, field: "methods")
        visitor.visit(&token, field: "token")
        visitor.visit(&paymentMethodsResponse, field: "paymentMethodsResponse")
    }
}

public import ActionLog

extension PaymentReceipt: DataClassified {
    /// Visits the provider's reference and result code (plain) and the amount.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&providerReference, field: "providerReference", as: .plain)
        visitor.visit(&amount, field: "amount")
        visitor.visit(&resultCode, field: "resultCode", as: .plain)
    }
}

public import ActionLog

extension PaymentState: DataClassified {
    /// Visits the phase, the provider and method picked (plain), the amounts, the intent, the
    /// session, the receipt, the widget and what the shopper was shown to pay later. (The
    /// confirmation polling holds only numbers.)
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&phase, field: "phase")
        visitor.visit(&providerID, field: "providerID", as: .plain)
        visitor.visit(&selectedMethodID, field: "selectedMethodID", as: .plain)
        visitor.visit(&amount, field: "amount")
        visitor.visit(&paidAmount, field: "paidAmount")
        visitor.visit(&intent, field: "intent")
        visitor.visit(&session, field: "session")
        visitor.visit(&receipt, field: "receipt")
        visitor.visit(&widget, field: "widget")
        visitor.visit(&shopperAction, field: "shopperAction")
        visitor.visit(&dropInResultCode, field: "dropInResultCode", as: .plain)
    }
}

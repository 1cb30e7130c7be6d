public import ActionLog

extension WalletSummaryItem: DataClassified {
    /// Visits the line's kind and label (plain: `Subtotal`, a shipping method's name, the
    /// merchant's name) and its amount.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind", as: .plain)
        visitor.visit(&label, field: "label", as: .plain)
        visitor.visit(&amount, field: "amount")
    }
}

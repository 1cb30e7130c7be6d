public import ActionLog

extension OrderSummary: DataClassified {
    /// Visits the total (its amounts are numbers; its currency is plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&total, field: "total")
    }
}

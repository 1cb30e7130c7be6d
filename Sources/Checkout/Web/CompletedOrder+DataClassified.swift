public import ActionLog

extension CompletedOrder: DataClassified {
    /// Visits the order's id and number (plain), total, and where its id came from and its
    /// status (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&orderID, field: "orderID", as: .plain)
        visitor.visit(&orderNumber, field: "orderNumber", as: .plain)
        visitor.visit(&total, field: "total")
        visitor.visit(&idSource, field: "idSource", as: .plain)
        visitor.visit(&status, field: "status", as: .plain)
    }
}

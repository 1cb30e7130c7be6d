public import ActionLog

extension CompletionParsing: DataClassified {
    /// Visits the scripts awaited (plain), the order id found so far and where it came from
    /// (plain), and the total.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&pendingScripts, field: "pendingScripts", as: .plain)
        visitor.visit(&orderID, field: "orderID", as: .plain)
        visitor.visit(&idSource, field: "idSource", as: .plain)
        visitor.visit(&total, field: "total")
    }
}

public import ActionLog

// Support finds a customer's log by order number through its own systems: order ids and numbers
// are kept in every export.
extension PlacedOrder: DataClassified {
    /// Visits the order's id and number (plain), status (plain) and total.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&number, field: "number", as: .plain)
        visitor.visit(&status, field: "status", as: .plain)
        visitor.visit(&total, field: "total")
    }
}

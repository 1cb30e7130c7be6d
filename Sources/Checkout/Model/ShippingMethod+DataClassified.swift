public import ActionLog

extension ShippingMethod: DataClassified {
    /// Visits the method's id and name (plain: the merchant's offer) and its price.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&name, field: "name", as: .plain)
        visitor.visit(&price, field: "price")
    }
}

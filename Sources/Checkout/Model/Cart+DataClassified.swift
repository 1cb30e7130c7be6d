public import ActionLog

// A cart is the merchant's products and prices: kept in every export (support reads it), and
// none of it is about the shopper. Its totals are numbers and hold no string.
extension Cart: DataClassified {
    /// Visits the cart's id and currency (plain) and its lines.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&lines, field: "lines")
        visitor.visit(&currencyCode, field: "currencyCode", as: .plain)
    }
}

extension CartLine: DataClassified {
    /// Visits the line's id, product id and product title (all plain: the merchant's catalogue).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&productID, field: "productID", as: .plain)
        visitor.visit(&title, field: "title", as: .plain)
    }
}

public import ActionLog

extension WebOrder: DataClassified {
    /// Visits the website's order id and the currency (plain). The amounts are numbers.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&orderID, field: "orderID", as: .plain)
        visitor.visit(&currency, field: "currency", as: .plain)
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

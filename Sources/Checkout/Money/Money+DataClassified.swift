public import ActionLog

extension Money: DataClassified {
    /// Visits the currency code (plain). The amount is a number, and amounts are kept.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&currencyCode, field: "currencyCode", as: .plain)
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

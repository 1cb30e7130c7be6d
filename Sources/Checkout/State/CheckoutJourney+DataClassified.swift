public import ActionLog

extension CheckoutJourney: DataClassified {
    /// Visits the furthest section reached (plain: a section's name).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&furthestSection, field: "furthestSection", as: .plain)
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

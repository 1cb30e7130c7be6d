public import ActionLog

extension NativeCheckoutState: DataClassified {
    /// Visits the sections' statuses, the address screen, the pending edits, the sync failure
    /// and how payment is offered (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&sections, field: "sections")
        visitor.visit(&addressEditor, field: "addressEditor")
        visitor.visit(&pendingUpdates, field: "pendingUpdates")
        visitor.visit(&syncFailure, field: "syncFailure")
        visitor.visit(&paymentPresentation, field: "paymentPresentation", as: .plain)
    }
}

extension SectionStatus: DataClassified {
    /// Visits the section's name (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&section, field: "section", as: .plain)
    }
}

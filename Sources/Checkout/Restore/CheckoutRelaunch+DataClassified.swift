public import ActionLog

extension CheckoutRelaunch: DataClassified {
    /// Visits where the relaunch read its state from and what it found under way (plain: ids,
    /// kinds and steps).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&source, field: "source")
        visitor.visit(&found, field: "found")
    }
}

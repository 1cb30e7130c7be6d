public import ActionLog

// Dynamic content is the merchant's: an identifier or a payload the host understands, chosen by
// the host for the slot. A host that personalises it keeps the personal part out of the state
// (an identifier, not "Hello Ada").
extension DynamicContentSlot: DataClassified {
    /// Visits the slot's id and its content (both plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&content, field: "content", as: .plain)
    }
}

public import ActionLog

extension AddressEditor: DataClassified {
    /// Visits the editor's purpose (plain) and mode.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&purpose, field: "purpose", as: .plain)
        visitor.visit(&mode, field: "mode")
    }
}

extension AddressEditor.Mode: DataClassified {
    /// Visits the preselected address-book entry's id (plain) and the form's prefill.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .selection(var id):
            visitor.enter("selection")
            visitor.visit(&id, field: "preselectedEntryID", as: .plain)
            visitor.leave()
            self = .selection(preselectedEntryID: id)
        case .form(var prefill):
            visitor.enter("form")
            visitor.visit(&prefill, field: "prefill")
            visitor.leave()
            self = .form(prefill: prefill)
        }
    }
}

public import ActionLog

// The host's configuration: URL fragments, a title fragment, a query parameter's name, scripts.
// None is about a customer, and an export must keep them (the rules decide on them).
extension ParseRules: DataClassified {
    /// Visits every rule (plain: the host's configuration).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&completion, field: "completion")
        visitor.visit(&orderNumberQueryParameter, field: "orderNumberQueryParameter", as: .plain)
        visitor.visit(&confirmationURLFragments, field: "confirmationURLFragments", as: .plain)
        visitor.visit(&orderNumberScript, field: "orderNumberScript", as: .plain)
        visitor.visit(&orderSummaryScript, field: "orderSummaryScript", as: .plain)
        visitor.visit(&guestEmailScript, field: "guestEmailScript", as: .plain)
        visitor.visit(&continueShoppingFragment, field: "continueShoppingFragment", as: .plain)
    }
}

extension ParseRules.Completion: DataClassified {
    /// Visits the title fragment or the URL fragments (plain: configuration).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .titleContains(var text):
            visitor.visit(&text, field: "titleContains", as: .plain)
            self = .titleContains(text)
        case .urlContainsAny(var fragments):
            visitor.visit(&fragments, field: "urlContainsAny", as: .plain)
            self = .urlContainsAny(fragments)
        }
    }
}

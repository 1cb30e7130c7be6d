public import ActionLog

extension ParseScriptResult: DataClassified {
    /// Visits the order number (plain), the order summary, the guest's email (personal,
    /// `email`), and a rejection (the script's name is plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .orderNumber(var number):
            visitor.visit(&number, field: "orderNumber", as: .plain)
            self = .orderNumber(number)
        case .orderSummary(var order):
            visitor.visit(&order, field: "orderSummary")
            self = .orderSummary(order)
        case .guestEmail(var email):
            visitor.visit(&email, field: "guestEmail", as: .personal(.email))
            self = .guestEmail(email)
        case .rejected(var script, var rejection):
            visitor.enter("rejected")
            visitor.visit(&script, field: "0", as: .plain)
            visitor.visit(&rejection, field: "1")
            visitor.leave()
            self = .rejected(script, rejection)
        }
    }
}

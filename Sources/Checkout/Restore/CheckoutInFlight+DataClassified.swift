public import ActionLog

extension CheckoutInFlight: DataClassified {
    /// Visits what was under way: the payment's step and action kind (plain), the placement's step
    /// and its idempotency key (plain: an identifier).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&payment, field: "payment")
        visitor.visit(&orderPlacement, field: "orderPlacement")
        visitor.visit(&idempotencyKey, field: "idempotencyKey", as: .plain)
    }
}

extension CheckoutInFlight.Payment: DataClassified {
    /// Visits the kind of the action a payment waits on (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .awaitingReturn(var kind):
            visitor.visit(&kind, field: "awaitingReturn", as: .plain)
            self = .awaitingReturn(kind)
        case .shownToPayLater(var kind):
            visitor.visit(&kind, field: "shownToPayLater", as: .plain)
            self = .shownToPayLater(kind)
        case .outcomeUnknown, .awaitingConfirmation, .notSubmitted:
            break
        }
    }
}

public import ActionLog

extension OrderPlacementState: DataClassified {
    /// Visits the payment reference and idempotency key (plain: identifiers), the amount, the
    /// target status (plain), the placed order and the step.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&paymentReference, field: "paymentReference", as: .plain)
        visitor.visit(&amount, field: "amount")
        visitor.visit(&idempotencyKey, field: "idempotencyKey", as: .plain)
        visitor.visit(&target, field: "target", as: .plain)
        visitor.visit(&placed, field: "placed")
        visitor.visit(&step, field: "step")
    }
}

extension OrderPlacementState.Step: DataClassified {
    /// Visits a failed step's error.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .makingKey, .placing, .updating, .retryScheduled, .recovering, .settled:
            break
        case .failed(var error):
            visitor.visit(&error, field: "failed")
            self = .failed(error)
        }
    }
}

public import ActionLog

extension OrderAction: DataClassified {
    /// Visits the placement's idempotency key and payment reference (plain: identifiers the
    /// checkout and the backend made).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .placementKeyMade(var key, var reference):
            visitor.enter("placementKeyMade")
            visitor.visit(&key, field: "idempotencyKey", as: .plain)
            visitor.visit(&reference, field: "paymentReference", as: .plain)
            visitor.leave()
            self = .placementKeyMade(idempotencyKey: key, paymentReference: reference)
        case .retryDue, .retryTapped:
            break
        }
    }
}

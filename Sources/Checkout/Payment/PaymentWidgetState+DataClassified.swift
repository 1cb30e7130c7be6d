public import ActionLog

extension PaymentWidgetState: DataClassified {
    /// Visits the widget's status and the total it was told.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&status, field: "status")
        visitor.visit(&amount, field: "amount")
    }
}

extension PaymentWidgetState.Status: DataClassified {
    /// Visits the checksum and error code (plain) and the widget's message (personal,
    /// `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .valid(var checksum):
            visitor.enter("valid")
            visitor.visit(&checksum, field: "checksum", as: .plain)
            visitor.leave()
            self = .valid(checksum: checksum)
        case .invalid(var errorCode, var message):
            visitor.enter("invalid")
            visitor.visit(&errorCode, field: "errorCode", as: .plain)
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .invalid(errorCode: errorCode, message: message)
        case .awaitingUpdate:
            break
        }
    }
}

extension PaymentWidgetReport: DataClassified {
    /// Visits the checksum and error code (plain) and the widget's message (personal,
    /// `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&checksum, field: "checksum", as: .plain)
        visitor.visit(&errorCode, field: "errorCode", as: .plain)
        visitor.visit(&message, field: "message", as: .personal(.freeText))
    }
}

public import ActionLog

extension PaymentFailure: DataClassified {
    /// Visits the kind (plain) and the message (personal, `freeText`: a provider's or the
    /// backend's text, scrubbed of the log's personal values in an export).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind", as: .plain)
        visitor.visit(&message, field: "message", as: .personal(.freeText))
    }
}

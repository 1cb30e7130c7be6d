public import ActionLog

// "Visa •••• 1111" is no secret, but it describes the shopper's own card: personal.
extension PaymentSubmission: DataClassified {
    /// Visits the method (plain), the payload (secret) and the card's description (personal,
    /// `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&methodID, field: "methodID", as: .plain)
        visitor.visit(&payload, field: "payload")
        visitor.visit(&displayDescription, field: "displayDescription", as: .personal(.freeText))
    }
}

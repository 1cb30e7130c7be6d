public import ActionLog

extension PaymentActionDetails: DataClassified {
    /// Visits the payload and the return URL (secret) and the widget's checksum (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&payload, field: "payload")
        visitor.visit(&returnURL, field: "returnURL")
        visitor.visit(&widgetChecksum, field: "widgetChecksum", as: .plain)
    }
}

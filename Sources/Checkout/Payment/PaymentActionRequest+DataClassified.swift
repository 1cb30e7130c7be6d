public import ActionLog

extension PaymentActionRequest: DataClassified {
    /// Visits the kind (plain), the URL to open (personal, `url`: a redirect may carry the
    /// shopper's details in its query; its secrets are redacted already) and the payload (secret).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind", as: .plain)
        visitor.visit(&url, field: "url", as: .personal(.url))
        visitor.visit(&payload, field: "payload")
    }
}

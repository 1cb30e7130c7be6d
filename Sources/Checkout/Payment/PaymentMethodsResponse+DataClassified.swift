public import ActionLog

// The provider's /paymentMethods answer is the merchant's: method names and types, brands,
// issuers, wallet configuration. The shopper's saved methods (holder name, expiry, email) are
// secret and never in a log: they stand redacted in the answer.
extension PaymentMethodsResponse: DataClassified {
    /// How the answer's JSON is classified: plain (the merchant's methods and configuration).
    public static let dataPolicy = JSONDataPolicy(name: "payment methods answer", otherwise: .plain)

    /// Visits the answer as logged (the saved methods already redacted), with ``dataPolicy``, and
    /// the saved methods themselves (secret).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        var json = redactedJSON
        visitor.visit(&json, field: "redactedJSON", as: Self.dataPolicy)
        visitor.visitSecret(field: "secretMembers")
        if json != redactedJSON { self = PaymentMethodsResponse(redactedJSON: json) }
    }
}

extension PaymentDropInResult: DataClassified {
    /// Visits the result code and method (plain) and the session's result (secret).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&resultCode, field: "resultCode", as: .plain)
        visitor.visit(&sessionResult, field: "sessionResult")
        visitor.visit(&methodID, field: "methodID", as: .plain)
    }
}

public import ActionLog

extension WalletSheetAnswer: DataClassified {
    /// Visits the update or result the answer carries.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .shippingContact(var update, let id):
            visitor.visit(&update, inCase: "shippingContact", field: "0")
            self = .shippingContact(update, requestID: id)
        case .shippingMethod(var update, let id):
            visitor.visit(&update, inCase: "shippingMethod", field: "0")
            self = .shippingMethod(update, requestID: id)
        case .paymentMethod(var update, let id):
            visitor.visit(&update, inCase: "paymentMethod", field: "0")
            self = .paymentMethod(update, requestID: id)
        case .authorization(var result, let id):
            visitor.visit(&result, inCase: "authorization", field: "0")
            self = .authorization(result, requestID: id)
        }
    }
}

extension WalletShippingContactUpdate: DataClassified {
    /// Visits the errors, the summary and the shipping methods.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&errors, field: "errors")
        visitor.visit(&summaryItems, field: "summaryItems")
        visitor.visit(&shippingMethods, field: "shippingMethods")
    }
}

extension WalletSummaryUpdate: DataClassified {
    /// Visits the errors and the summary.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&errors, field: "errors")
        visitor.visit(&summaryItems, field: "summaryItems")
    }
}

extension WalletAuthorizationResult: DataClassified {
    /// Visits the status (plain) and the errors.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&status, field: "status", as: .plain)
        visitor.visit(&errors, field: "errors")
    }
}

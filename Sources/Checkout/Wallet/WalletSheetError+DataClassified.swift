public import ActionLog

// The messages come from the backend or the provider and may quote the shopper's contact: free
// text. Contact field names, method and provider ids are plain.
extension WalletSheetError: DataClassified {
    /// Visits the fields named (plain), the messages and details (personal, `freeText`), the ids
    /// (plain) and the nested errors and amounts.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .shippingAddressInvalid(var field, var message):
            visitor.enter("shippingAddressInvalid")
            visitor.visit(&field, field: "field", as: .plain)
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .shippingAddressInvalid(field: field, message: message)
        case .shippingAddressUnserviceable(var message):
            visitor.visit(&message, inCase: "shippingAddressUnserviceable", field: "message", as: .personal(.freeText))
            self = .shippingAddressUnserviceable(message: message)
        case .billingAddressInvalid(var field, var message):
            visitor.enter("billingAddressInvalid")
            visitor.visit(&field, field: "field", as: .plain)
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .billingAddressInvalid(field: field, message: message)
        case .contactInvalid(var field, var message):
            visitor.enter("contactInvalid")
            visitor.visit(&field, field: "field", as: .plain)
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .contactInvalid(field: field, message: message)
        case .unknownShippingMethod(var id):
            visitor.visit(&id, inCase: "unknownShippingMethod", field: "id", as: .plain)
            self = .unknownShippingMethod(id: id)
        case .updateTimedOut, .paymentCancelled, .checkoutNotReady, .paymentInProgress, .sheetClosed,
            .alreadyAuthorized, .authorizationInProgress, .requestOutOfOrder:
            break
        case .updateFailed(var error):
            visitor.visit(&error, field: "updateFailed")
            self = .updateFailed(error)
        case .inconsistentUpdate(var detail):
            visitor.visit(&detail, inCase: "inconsistentUpdate", field: "detail", as: .personal(.freeText))
            self = .inconsistentUpdate(detail: detail)
        case .totalChanged(var shown, var current):
            visitor.enter("totalChanged")
            visitor.visit(&shown, field: "shown")
            visitor.visit(&current, field: "current")
            visitor.leave()
            self = .totalChanged(shown: shown, current: current)
        case .paymentDeclined(var reason):
            visitor.visit(&reason, inCase: "paymentDeclined", field: "reason", as: .personal(.freeText))
            self = .paymentDeclined(reason: reason)
        case .paymentFailed(var failure):
            visitor.visit(&failure, field: "paymentFailed")
            self = .paymentFailed(failure)
        case .checkoutRefused(var kind):
            visitor.visit(&kind, field: "checkoutRefused")
            self = .checkoutRefused(kind)
        case .unknownProvider(var id):
            visitor.visit(&id, inCase: "unknownProvider", field: "id", as: .plain)
            self = .unknownProvider(id: id)
        case .pageError(var message):
            visitor.visit(&message, inCase: "pageError", field: "message", as: .personal(.freeText))
            self = .pageError(message: message)
        case .pageTimedOut:
            break
        case .paymentRefused(var violation):
            visitor.visit(&violation, field: "paymentRefused")
            self = .paymentRefused(violation)
        }
    }
}

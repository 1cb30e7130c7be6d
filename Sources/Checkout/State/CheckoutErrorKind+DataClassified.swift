public import ActionLog

// Messages from a page, a provider or the shopper's own input are free text: they may quote the
// customer, so an export scrubs them of the log's personal values. Field names, section names and
// order numbers are plain.
extension CheckoutErrorKind: DataClassified {
    /// Visits the error's payload: messages and reasons are personal (`freeText`); field names,
    /// sections and order numbers are plain.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .cartExpired, .cartChanged, .totalChanged, .paymentUnconfirmed, .applePayNotConfirmed:
            break
        case .request(var error):
            visitor.visit(&error, field: "request")
            self = .request(error)
        case .page(var message):
            visitor.visit(&message, field: "page", as: .personal(.freeText))
            self = .page(message)
        case .paymentDeclined(var reason):
            visitor.visit(&reason, inCase: "paymentDeclined", field: "reason", as: .personal(.freeText))
            self = .paymentDeclined(reason: reason)
        case .paymentFailed(var failure):
            visitor.visit(&failure, field: "paymentFailed")
            self = .paymentFailed(failure)
        case .paymentRefused(var violation):
            visitor.visit(&violation, field: "paymentRefused")
            self = .paymentRefused(violation)
        case .sectionIncomplete(var section):
            visitor.visit(&section, field: "sectionIncomplete", as: .plain)
            self = .sectionIncomplete(section)
        case .invalidInput(var field, var reason):
            visitor.enter("invalidInput")
            visitor.visit(&field, field: "field", as: .plain)
            visitor.visit(&reason, field: "reason", as: .personal(.freeText))
            visitor.leave()
            self = .invalidInput(field: field, reason: reason)
        case .orderPlacementFailed(var error):
            visitor.visit(&error, field: "orderPlacementFailed")
            self = .orderPlacementFailed(error)
        case .orderCancelled(var number):
            visitor.visit(&number, inCase: "orderCancelled", field: "orderNumber", as: .plain)
            self = .orderCancelled(orderNumber: number)
        }
    }
}

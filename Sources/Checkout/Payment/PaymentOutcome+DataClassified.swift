public import ActionLog

extension PaymentOutcome: DataClassified {
    /// Visits the receipts, the action requested, a refusal's reason and an error's message
    /// (personal, `freeText`: the provider's text), and what remains due.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .authorised(var receipt):
            visitor.visit(&receipt, field: "authorised")
            self = .authorised(receipt)
        case .awaitingConfirmation(var receipt):
            visitor.visit(&receipt, field: "awaitingConfirmation")
            self = .awaitingConfirmation(receipt)
        case .actionRequired(var request):
            visitor.visit(&request, field: "actionRequired")
            self = .actionRequired(request)
        case .refused(var reason):
            visitor.visit(&reason, inCase: "refused", field: "reason", as: .personal(.freeText))
            self = .refused(reason: reason)
        case .cancelled:
            break
        case .error(var message):
            visitor.visit(&message, inCase: "error", field: "message", as: .personal(.freeText))
            self = .error(message: message)
        case .partiallyAuthorised(var receipt, var remaining):
            visitor.enter("partiallyAuthorised")
            visitor.visit(&receipt, field: "0")
            visitor.visit(&remaining, field: "remaining")
            visitor.leave()
            self = .partiallyAuthorised(receipt, remaining: remaining)
        }
    }
}

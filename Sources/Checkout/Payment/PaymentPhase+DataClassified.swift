public import ActionLog

extension PaymentPhase: DataClassified {
    /// Visits the action the shopper must take, a decline's reason (personal, `freeText`: a
    /// provider's text) and a failure.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .idle, .preparing, .presenting, .submitting, .submittingDetails, .awaitingConfirmation, .succeeded,
            .cancelled:
            break
        case .actionRequired(var request):
            visitor.visit(&request, field: "actionRequired")
            self = .actionRequired(request)
        case .declined(var reason):
            visitor.visit(&reason, inCase: "declined", field: "reason", as: .personal(.freeText))
            self = .declined(reason: reason)
        case .failed(var failure):
            visitor.visit(&failure, field: "failed")
            self = .failed(failure)
        }
    }
}

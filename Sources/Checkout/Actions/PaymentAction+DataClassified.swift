public import ActionLog

extension PaymentAction: DataClassified {
    /// Visits the ids picked (plain) and every payload the payment's steps carry.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .providerSelected(var id):
            visitor.visit(&id, inCase: "providerSelected", field: "id", as: .plain)
            self = .providerSelected(id: id)
        case .methodSelected(var id):
            visitor.visit(&id, inCase: "methodSelected", field: "id", as: .plain)
            self = .methodSelected(id: id)
        case .payTapped, .actionFinishedWithoutDetails, .declineAcknowledged, .cancelTapped, .appWentAway, .timedOut,
            .retryTapped, .abortTapped, .confirmationRequested, .confirmationPollDue:
            break
        case .intentCreated(var intent, let attempt):
            visitor.visit(&intent, inCase: "intentCreated", field: "0")
            self = .intentCreated(intent, attempt: attempt)
        case .intentFailed(var error, let attempt):
            visitor.visit(&error, inCase: "intentFailed", field: "0")
            self = .intentFailed(error, attempt: attempt)
        case .sessionPrepared(var session, let attempt):
            visitor.visit(&session, inCase: "sessionPrepared", field: "0")
            self = .sessionPrepared(session, attempt: attempt)
        case .submitted(var submission):
            visitor.visit(&submission, field: "submitted")
            self = .submitted(submission)
        case .actionCompleted(var details):
            visitor.visit(&details, field: "actionCompleted")
            self = .actionCompleted(details)
        case .outcomeReceived(var outcome, let attempt):
            visitor.visit(&outcome, inCase: "outcomeReceived", field: "0")
            self = .outcomeReceived(outcome, attempt: attempt)
        case .providerFailed(var failure, let attempt):
            visitor.visit(&failure, inCase: "providerFailed", field: "0")
            self = .providerFailed(failure, attempt: attempt)
        case .dropInCompleted(var result):
            visitor.visit(&result, field: "dropInCompleted")
            self = .dropInCompleted(result)
        case .dropInFailed(var message):
            visitor.visit(&message, inCase: "dropInFailed", field: "message", as: .personal(.freeText))
            self = .dropInFailed(message: message)
        case .widgetStatusChanged(var report):
            visitor.visit(&report, field: "widgetStatusChanged")
            self = .widgetStatusChanged(report)
        }
    }
}

public import ActionLog
import StateStore

extension BridgeAction: DataClassified {
    /// Visits a bridge message (its JSON, or its raw text edited at its literals) with
    /// ``BridgeMessageDataPolicy``, an unreadable message's reason (personal, `freeText`: it may
    /// quote the page), and a Forms rejection.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .messageReceived(var text):
            // The policy depends on the event the text names: read it once to choose.
            let message = (try? JSONParser.parse(text)) ?? .null
            let policy = BridgeMessageDataPolicy.policy(for: message, registrations: visitor.registrations)
            visitor.visit(jsonText: &text, field: "messageReceived", as: policy)
            self = .messageReceived(text)
        case .messagePosted(var message):
            let policy = BridgeMessageDataPolicy.policy(for: message, registrations: visitor.registrations)
            visitor.visit(&message, field: "messagePosted", as: policy)
            self = .messagePosted(message)
        case .messageUnreadable(var reason):
            visitor.visit(&reason, inCase: "messageUnreadable", field: "reason", as: .personal(.freeText))
            self = .messageUnreadable(reason: reason)
        case .formSubmitted(var message):
            let policy = BridgeMessageDataPolicy.policy(for: message, registrations: visitor.registrations)
            visitor.visit(&message, field: "formSubmitted", as: policy)
            self = .formSubmitted(message)
        case .formRejected(var rejection):
            visitor.visit(&rejection, field: "formRejected")
            self = .formRejected(rejection)
        }
    }
}

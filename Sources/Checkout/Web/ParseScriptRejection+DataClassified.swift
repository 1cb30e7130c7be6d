public import ActionLog

extension ParseScriptRejection: DataClassified {
    /// Visits an invalid answer's reason (personal, `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .noPage, .timedOut, .evaluationFailed, .noResult:
            break
        case .invalid(var reason):
            visitor.visit(&reason, inCase: "invalid", field: "reason", as: .personal(.freeText))
            self = .invalid(reason: reason)
        }
    }
}

public import ActionLog

// A Forms rejection never repeats a value the page sent: it quotes a name only when it is a short
// identifier, otherwise its length. Names are plain; reasons are free text.
extension BridgeFormRejection: DataClassified {
    /// Visits the names quoted (plain) and the reasons (personal, `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .notASubmission(var scheme):
            visitor.visit(&scheme, inCase: "notASubmission", field: "scheme", as: .plain)
            self = .notASubmission(scheme: scheme)
        case .malformedURL(var reason):
            visitor.visit(&reason, inCase: "malformedURL", field: "reason", as: .personal(.freeText))
            self = .malformedURL(reason: reason)
        case .wrongHost(var host):
            visitor.visit(&host, field: "wrongHost", as: .plain)
            self = .wrongHost(host)
        case .invalidEvent(var reason):
            visitor.visit(&reason, inCase: "invalidEvent", field: "reason", as: .personal(.freeText))
            self = .invalidEvent(reason: reason)
        case .missingParameter(var name):
            visitor.visit(&name, field: "missingParameter", as: .plain)
            self = .missingParameter(name)
        case .duplicatedParameter(var name):
            visitor.visit(&name, field: "duplicatedParameter", as: .plain)
            self = .duplicatedParameter(name)
        case .unexpectedParameter(var name):
            visitor.visit(&name, field: "unexpectedParameter", as: .plain)
            self = .unexpectedParameter(name)
        case .dataInBody(var method):
            visitor.visit(&method, inCase: "dataInBody", field: "method", as: .plain)
            self = .dataInBody(method: method)
        case .invalidPercentEncoding(var part, let offset):
            visitor.visit(&part, inCase: "invalidPercentEncoding", field: "part", as: .plain)
            self = .invalidPercentEncoding(part: part, offset: offset)
        case .tooLarge(var part, let bytes, let limit):
            visitor.visit(&part, inCase: "tooLarge", field: "part", as: .plain)
            self = .tooLarge(part: part, bytes: bytes, limit: limit)
        case .invalidData(var reason):
            visitor.visit(&reason, inCase: "invalidData", field: "reason", as: .personal(.freeText))
            self = .invalidData(reason: reason)
        }
    }
}

public import ActionLog

// A rejection names what was wrong: event and field names (plain), and a detail or reason that
// may quote a value the page sent (personal, `freeText`: scrubbed of the log's personal values).
extension BridgeRejection: DataClassified {
    /// Visits event and field names (plain), details and reasons (personal, `freeText`), and the
    /// nested rejections.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .malformedJSON(var detail):
            visitor.visit(&detail, inCase: "malformedJSON", field: "detail", as: .personal(.freeText))
            self = .malformedJSON(detail: detail)
        case .unknownEvent(var name):
            visitor.visit(&name, field: "unknownEvent", as: .plain)
            self = .unknownEvent(name)
        case .missingField(var event, var field):
            visitor.enter("missingField")
            visitor.visit(&event, field: "event", as: .plain)
            visitor.visit(&field, field: "field", as: .plain)
            visitor.leave()
            self = .missingField(event: event, field: field)
        case .invalidField(var event, var field, var reason):
            visitor.enter("invalidField")
            visitor.visit(&event, field: "event", as: .plain)
            visitor.visit(&field, field: "field", as: .plain)
            visitor.visit(&reason, field: "reason", as: .personal(.freeText))
            visitor.leave()
            self = .invalidField(event: event, field: field, reason: reason)
        case .ambiguousEvent(var event, var name):
            visitor.enter("ambiguousEvent")
            visitor.visit(&event, field: "event", as: .plain)
            visitor.visit(&name, field: "name", as: .plain)
            visitor.leave()
            self = .ambiguousEvent(event: event, name: name)
        case .parseScript(var script, var rejection):
            visitor.enter("parseScript")
            visitor.visit(&script, field: "0", as: .plain)
            visitor.visit(&rejection, field: "1")
            visitor.leave()
            self = .parseScript(script, rejection)
        case .formSubmission(var rejection):
            visitor.visit(&rejection, field: "formSubmission")
            self = .formSubmission(rejection)
        }
    }
}

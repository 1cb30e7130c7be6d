public import ActionLog

// The backend's and the transport's messages are free text: a backend may quote what it refused
// ("postcode SW1A 2AA is not served"), so an export scrubs them of the log's personal values.
extension CheckoutAPIError: DataClassified {
    /// Visits the error's messages and details (personal, `freeText`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .cartExpired, .timeout:
            break
        case .conflict(var message):
            visitor.enter("conflict")
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .conflict(message: message)
        case .network(var detail):
            visitor.visit(&detail, field: "network", as: .personal(.freeText))
            self = .network(detail)
        case .client(let status, var message):
            visitor.enter("client")
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .client(status: status, message: message)
        case .server(let status, var message):
            visitor.enter("server")
            visitor.visit(&message, field: "message", as: .personal(.freeText))
            visitor.leave()
            self = .server(status: status, message: message)
        case .malformedResponse(var detail):
            visitor.visit(&detail, inCase: "malformedResponse", field: "detail", as: .personal(.freeText))
            self = .malformedResponse(detail: detail)
        case .invalidRequest(var detail):
            visitor.visit(&detail, field: "invalidRequest", as: .personal(.freeText))
            self = .invalidRequest(detail)
        }
    }
}

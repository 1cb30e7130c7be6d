public import ActionLog

extension CheckoutResultAction: DataClassified {
    /// Visits what the Checkout API answered: checkout details, a web session, a placed order, or
    /// the error.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .checkoutLoaded(var details, let id):
            visitor.visit(&details, inCase: "checkoutLoaded", field: "0")
            self = .checkoutLoaded(details, requestID: id)
        case .checkoutLoadFailed(var error, let id):
            visitor.visit(&error, inCase: "checkoutLoadFailed", field: "0")
            self = .checkoutLoadFailed(error, requestID: id)
        case .webSessionLoaded(var session, let id):
            visitor.visit(&session, inCase: "webSessionLoaded", field: "0")
            self = .webSessionLoaded(session, requestID: id)
        case .webSessionFailed(var error, let id):
            visitor.visit(&error, inCase: "webSessionFailed", field: "0")
            self = .webSessionFailed(error, requestID: id)
        case .updateAccepted(var details, let id):
            visitor.visit(&details, inCase: "updateAccepted", field: "0")
            self = .updateAccepted(details, requestID: id)
        case .updateFailed(var error, let id):
            visitor.visit(&error, inCase: "updateFailed", field: "0")
            self = .updateFailed(error, requestID: id)
        case .checkoutRestored(var details, let id):
            visitor.visit(&details, inCase: "checkoutRestored", field: "0")
            self = .checkoutRestored(details, requestID: id)
        case .restoreFailed(var error, let id):
            visitor.visit(&error, inCase: "restoreFailed", field: "0")
            self = .restoreFailed(error, requestID: id)
        case .checkoutRefreshed(var details, let id):
            visitor.visit(&details, inCase: "checkoutRefreshed", field: "0")
            self = .checkoutRefreshed(details, requestID: id)
        case .refreshFailed(var error, let id):
            visitor.visit(&error, inCase: "refreshFailed", field: "0")
            self = .refreshFailed(error, requestID: id)
        case .completionRecorded:
            break
        case .completionRecordFailed(var error, let id):
            visitor.visit(&error, inCase: "completionRecordFailed", field: "0")
            self = .completionRecordFailed(error, requestID: id)
        case .orderPlaced(var order, let id):
            visitor.visit(&order, inCase: "orderPlaced", field: "0")
            self = .orderPlaced(order, requestID: id)
        case .orderPlacementFailed(var error, let id):
            visitor.visit(&error, inCase: "orderPlacementFailed", field: "0")
            self = .orderPlacementFailed(error, requestID: id)
        case .orderStatusUpdated(var order, let id):
            visitor.visit(&order, inCase: "orderStatusUpdated", field: "0")
            self = .orderStatusUpdated(order, requestID: id)
        case .orderStatusUpdateFailed(var error, let id):
            visitor.visit(&error, inCase: "orderStatusUpdateFailed", field: "0")
            self = .orderStatusUpdateFailed(error, requestID: id)
        }
    }
}

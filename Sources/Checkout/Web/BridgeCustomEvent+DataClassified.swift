public import ActionLog

extension BridgeCustomEventRecording: DataClassified {
    /// Visits a personal event's plain paths (plain: the host's configuration).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .record, .redact:
            break
        case .personal(var plainPaths):
            visitor.enter("personal")
            visitor.visit(&plainPaths, field: "plainPaths", as: .plain)
            visitor.leave()
            self = .personal(plainPaths: plainPaths)
        }
    }
}

extension BridgeCustomEvent: DataClassified {
    /// Visits the event's name (plain) and its data, classified as the host registered the event
    /// (``BridgeMessageDataPolicy/customEventData(named:registrations:)``).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&name, field: "name", as: .plain)
        let policy = BridgeMessageDataPolicy.customEventData(named: name, registrations: visitor.registrations)
        visitor.visit(&data, field: "data", as: policy)
    }
}

public import ActionLog

extension CheckoutAction: DataClassified {
    /// Visits the nested action, as a field named after its case (`native`, `payment`, …).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .common(var action):
            visitor.visit(&action, field: "common")
            self = .common(action)
        case .bridge(var action):
            visitor.visit(&action, field: "bridge")
            self = .bridge(action)
        case .parse(var action):
            visitor.visit(&action, field: "parse")
            self = .parse(action)
        case .native(var action):
            visitor.visit(&action, field: "native")
            self = .native(action)
        case .payment(var action):
            visitor.visit(&action, field: "payment")
            self = .payment(action)
        case .result(var action):
            visitor.visit(&action, field: "result")
            self = .result(action)
        case .order(var action):
            visitor.visit(&action, field: "order")
            self = .order(action)
        case .wallet(var action):
            visitor.visit(&action, field: "wallet")
            self = .wallet(action)
        }
    }
}

public import ActionLog

extension WebCheckoutMode: DataClassified {
    /// Visits the parse rules of parse mode.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .bridge, .forms:
            break
        case .parse(var rules):
            visitor.visit(&rules, field: "parse")
            self = .parse(rules)
        }
    }
}

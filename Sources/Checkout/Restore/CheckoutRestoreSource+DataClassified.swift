public import ActionLog

extension CheckoutRestoreSource: DataClassified {
    /// Visits the id of the log a relaunch read (plain: an identifier support looks logs up by).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .log(var logID, let part, let lastSequence):
            visitor.enter("log")
            visitor.visit(&logID, field: "logID", as: .plain)
            visitor.leave()
            self = .log(logID: logID, part: part, lastSequence: lastSequence)
        case .savedState:
            break
        }
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

public import ActionLog

extension CompletionRecord: DataClassified {
    /// Visits a failed record's error.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .notStarted, .recording, .recorded:
            break
        case .failed(var error):
            visitor.visit(&error, field: "failed")
            self = .failed(error)
        }
    }
}

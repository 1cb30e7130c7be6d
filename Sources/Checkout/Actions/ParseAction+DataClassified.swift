public import ActionLog

extension ParseAction: DataClassified {
    /// Visits the page loaded and the script's result.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .pageLoaded(var page):
            visitor.visit(&page, field: "pageLoaded")
            self = .pageLoaded(page)
        case .scriptAnswered(var result, let requestID):
            visitor.visit(&result, inCase: "scriptAnswered", field: "0")
            self = .scriptAnswered(result, requestID: requestID)
        }
    }
}

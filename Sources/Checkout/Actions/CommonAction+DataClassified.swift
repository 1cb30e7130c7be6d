public import ActionLog

extension CommonAction: DataClassified {
    /// Visits a changed user, dynamic content (its slot id and content, plain) and where a
    /// relaunch read its state from.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .started, .loadProgressChanged, .dismissTapped, .dismissConfirmed, .dismissCancelled, .errorDismissed,
            .retryTapped:
            break
        case .userChanged(var user):
            visitor.visit(&user, field: "userChanged")
            self = .userChanged(user)
        case .dynamicContentLoaded(var slotID, var content):
            visitor.enter("dynamicContentLoaded")
            visitor.visit(&slotID, field: "slotID", as: .plain)
            visitor.visit(&content, field: "content", as: .plain)
            visitor.leave()
            self = .dynamicContentLoaded(slotID: slotID, content: content)
        case .relaunched(var source):
            visitor.visit(&source, field: "relaunched")
            self = .relaunched(source)
        }
    }
}

public import ActionLog

extension WebCheckoutState: DataClassified {
    /// Visits the endpoints' type (plain), the mode, the session, the last page's URL (personal,
    /// `url`), the order the page reported, the completion record, the rejections, the
    /// configuration, the custom events, the confirmed order number (plain) and the completion
    /// page's progress, and the page's Apple Pay request.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&apiType, field: "apiType", as: .plain)
        visitor.visit(&mode, field: "mode")
        visitor.visit(&session, field: "session")
        visitor.visit(&currentURL, field: "currentURL", as: .personal(.url))
        visitor.visit(&order, field: "order")
        visitor.visit(&completionRecord, field: "completionRecord")
        visitor.visit(&rejections, field: "rejections")
        visitor.visit(&configuration, field: "configuration")
        visitor.visit(&customEvents, field: "customEvents")
        visitor.visit(&confirmedOrderNumber, field: "confirmedOrderNumber", as: .plain)
        visitor.visit(&completionParsing, field: "completionParsing")
        visitor.visit(&applePay, field: "applePay")
    }
}

public import ActionLog

// A page's URL and title may name the customer (an email in a query, "Thank you, Ada"): they
// are free text, scrubbed of the log's personal values. What the host extracted is the order's.
extension ParsedPage: DataClassified {
    /// Visits the URL (personal, `url`), the title (personal, `freeText`), the extracted order
    /// number (plain) and order.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&url, field: "url", as: .personal(.url))
        visitor.visit(&title, field: "title", as: .personal(.freeText))
        visitor.visit(&extractedOrderNumber, field: "extractedOrderNumber", as: .plain)
        visitor.visit(&extractedOrder, field: "extractedOrder")
    }
}

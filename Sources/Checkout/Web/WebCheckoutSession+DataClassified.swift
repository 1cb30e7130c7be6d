public import ActionLog

extension WebCheckoutSession: DataClassified {
    /// Visits the page's URL (personal, `url`: its secrets are redacted already, and what is
    /// left is scrubbed of the log's personal values), the method (plain), the cookies, the
    /// headers (names plain, values secret), the body (secret) and the reference (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&url, field: "url", as: .personal(.url))
        visitor.visit(&method, field: "method", as: .plain)
        visitor.visit(&cookies, field: "cookies")
        visitor.visit(&headers, field: "headers", keys: .plain)
        visitor.visit(&body, field: "body")
        visitor.visit(&reference, field: "reference", as: .plain)
    }
}

extension WebCheckoutCookie: DataClassified {
    /// Visits the cookie's name, domain and path (plain) and its value (secret).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&name, field: "name", as: .plain)
        visitor.visit(&value, field: "value")
        visitor.visit(&domain, field: "domain", as: .plain)
        visitor.visit(&path, field: "path", as: .plain)
    }
}

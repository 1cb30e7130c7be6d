public import ActionLog

extension WebApplePayState: DataClassified {
    /// Visits the page's payment request and the sheet's status (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&request, field: "request")
        visitor.visit(&status, field: "status", as: .plain)
    }
}

// A payment request is the merchant's: amounts, labels, methods and settings, never the
// shopper's data (which arrives with the authorisation, in wallet actions).
extension WebApplePayRequest: DataClassified {
    /// Visits the country and currency, the lines, the capabilities, networks and contact fields
    /// asked for, and the shipping methods: all plain (the merchant's).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&countryCode, field: "countryCode", as: .plain)
        visitor.visit(&currencyCode, field: "currencyCode", as: .plain)
        visitor.visit(&total, field: "total")
        visitor.visit(&lineItems, field: "lineItems")
        visitor.visit(&merchantCapabilities, field: "merchantCapabilities", as: .plain)
        visitor.visit(&supportedNetworks, field: "supportedNetworks", as: .plain)
        visitor.visit(&requiredShippingContactFields, field: "requiredShippingContactFields", as: .plain)
        visitor.visit(&requiredBillingContactFields, field: "requiredBillingContactFields", as: .plain)
        visitor.visit(&shippingMethods, field: "shippingMethods")
    }
}

extension WebApplePayLine: DataClassified {
    /// Visits the line's label (plain: the merchant's).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&label, field: "label", as: .plain)
    }
}

extension WebApplePayShippingMethod: DataClassified {
    /// Visits the method's identifier, label and detail (plain: the merchant's).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&identifier, field: "identifier", as: .plain)
        visitor.visit(&label, field: "label", as: .plain)
        visitor.visit(&detail, field: "detail", as: .plain)
    }
}

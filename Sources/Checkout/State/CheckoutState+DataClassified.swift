public import ActionLog

extension CheckoutState: DataClassified {
    /// Visits every part of the state: the personal ones are the email, the contacts, the user's
    /// address book, and what nested parts hold (see each type).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind", as: .plain)
        visitor.visit(&view, field: "view")
        visitor.visit(&journey, field: "journey")
        visitor.visit(&web, field: "web")
        visitor.visit(&native, field: "native")
        visitor.visit(&cart, field: "cart")
        visitor.visit(&email, field: "email", as: .personal(.email))
        visitor.visit(&shippingContact, field: "shippingContact")
        visitor.visit(&billingContact, field: "billingContact")
        visitor.visit(&shippingMethods, field: "shippingMethods")
        visitor.visit(&selectedShippingMethodID, field: "selectedShippingMethodID", as: .plain)
        visitor.visit(&orderSummary, field: "orderSummary")
        visitor.visit(&payment, field: "payment")
        visitor.visit(&paymentProviders, field: "paymentProviders")
        visitor.visit(&merchantCurrencies, field: "merchantCurrencies", as: .plain)
        visitor.visit(&errors, field: "errors")
        visitor.visit(&user, field: "user")
        visitor.visit(&dynamicContent, field: "dynamicContent")
        visitor.visit(&completedOrder, field: "completedOrder")
        visitor.visit(&orderPlacement, field: "orderPlacement")
        visitor.visit(&walletSheet, field: "walletSheet")
        visitor.visit(&relaunch, field: "relaunch")
    }

    /// The policies of the custom events' data the web checkout's configuration registered
    /// (``WebCheckoutConfiguration/dataRegistrations``): a visitor of this state's log takes them.
    public var dataRegistrations: DataRegistrations { web.configuration.dataRegistrations }
}

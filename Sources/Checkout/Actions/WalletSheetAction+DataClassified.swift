public import ActionLog

extension WalletSheetAction: DataClassified {
    /// Visits the sheet's provider and merchant name (plain), the partial and authorised
    /// contacts, the card the sheet reported, the method picked (plain), and the Checkout API's
    /// answers for the sheet.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .sheetPresented(var providerID, var merchantName):
            visitor.enter("sheetPresented")
            visitor.visit(&providerID, field: "providerID", as: .plain)
            visitor.visit(&merchantName, field: "merchantName", as: .plain)
            visitor.leave()
            self = .sheetPresented(providerID: providerID, merchantName: merchantName)
        case .shippingContactSelected(var address, let id):
            visitor.visit(&address, inCase: "shippingContactSelected", field: "0")
            self = .shippingContactSelected(address, requestID: id)
        case .shippingMethodSelected(var methodID, let id):
            visitor.visit(&methodID, inCase: "shippingMethodSelected", field: "id", as: .plain)
            self = .shippingMethodSelected(id: methodID, requestID: id)
        case .paymentMethodSelected(var method, let id):
            visitor.visit(&method, inCase: "paymentMethodSelected", field: "0")
            self = .paymentMethodSelected(method, requestID: id)
        case .paymentAuthorized(var authorization, let id):
            visitor.visit(&authorization, inCase: "paymentAuthorized", field: "0")
            self = .paymentAuthorized(authorization, requestID: id)
        case .sheetDismissed, .updateTimedOut:
            break
        case .updateLoaded(var details, let id):
            visitor.visit(&details, inCase: "updateLoaded", field: "0")
            self = .updateLoaded(details, requestID: id)
        case .updateFailed(var error, let id):
            visitor.visit(&error, inCase: "updateFailed", field: "0")
            self = .updateFailed(error, requestID: id)
        }
    }
}

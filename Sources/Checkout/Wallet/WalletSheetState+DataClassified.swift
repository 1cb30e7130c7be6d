public import ActionLog

extension WalletSheetState: DataClassified {
    /// Visits the provider, merchant name and currency (plain), the status, the callback being
    /// answered, the partial address, the card, the summary, the methods, the last answer, the
    /// last callback ignored, the authorisation, its progress and a refusal.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&providerID, field: "providerID", as: .plain)
        visitor.visit(&merchantName, field: "merchantName", as: .plain)
        visitor.visit(&currencyCode, field: "currencyCode", as: .plain)
        visitor.visit(&status, field: "status")
        visitor.visit(&pending, field: "pending")
        visitor.visit(&partialAddress, field: "partialAddress")
        visitor.visit(&paymentMethod, field: "paymentMethod")
        visitor.visit(&summaryItems, field: "summaryItems")
        visitor.visit(&shippingMethods, field: "shippingMethods")
        visitor.visit(&lastAnswer, field: "lastAnswer")
        visitor.visit(&lastIgnored, field: "lastIgnored")
        visitor.visit(&authorization, field: "authorization")
        visitor.visit(&progress, field: "progress")
        visitor.visit(&refusal, field: "refusal")
    }
}

extension WalletSheetStatus: DataClassified {
    /// Visits the reason the engine refused the sheet.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .open, .authorizing, .authorized, .dismissed:
            break
        case .refused(var error):
            visitor.visit(&error, field: "refused")
            self = .refused(error)
        }
    }
}

extension WalletSheetRequest: DataClassified {
    /// Visits what the callback asked and the method being selected (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&kind, field: "kind")
        visitor.visit(&selectingMethodID, field: "selectingMethodID", as: .plain)
    }
}

extension WalletSheetRequest.Kind: DataClassified {
    /// Visits the partial address or the method's id (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .shippingContact(var address):
            visitor.visit(&address, field: "shippingContact")
            self = .shippingContact(address)
        case .shippingMethod(var id):
            visitor.visit(&id, inCase: "shippingMethod", field: "id", as: .plain)
            self = .shippingMethod(id: id)
        case .authorization:
            break
        }
    }
}

extension WalletSheetIgnoredRequest: DataClassified {
    /// Visits why the callback was not answered.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&reason, field: "reason")
    }
}

extension WalletAuthorizationProgress: DataClassified {
    /// Visits the actions dispatched on the shopper's behalf.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&awaitedAction, field: "awaitedAction")
        visitor.visit(&lastAction, field: "lastAction")
    }
}

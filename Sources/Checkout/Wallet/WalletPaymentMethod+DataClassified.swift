public import ActionLog

// "Visa 1234" describes the shopper's own card (personal); the network names a scheme (plain).
extension WalletPaymentMethod: DataClassified {
    /// Visits what the sheet shows for the card (personal, `freeText`), the network and the kind
    /// (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&displayName, field: "displayName", as: .personal(.freeText))
        visitor.visit(&network, field: "network", as: .plain)
        visitor.visit(&kind, field: "kind", as: .plain)
    }
}

public import ActionLog

extension PaymentProviderDescriptor: DataClassified {
    /// Visits the provider's id and name, the currencies it takes and its minor-unit exceptions'
    /// currency codes (all plain: configuration).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&displayName, field: "displayName", as: .plain)
        visitor.visit(&supportedCurrencies, field: "supportedCurrencies", as: .plain)
        visitor.visitKeys(of: &minorUnitOverrides, field: "minorUnitOverrides", as: .plain)
    }

    /// Every leaf is plain: a visitor of personal leaves only skips it.
    public static var holdsPersonalData: Bool { false }
}

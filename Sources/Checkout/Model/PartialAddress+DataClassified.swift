public import ActionLog

// What a wallet sheet gives before authorisation is still about the shopper: their locality and
// postcode (even shortened to an outward code). The country code is plain.
extension PartialAddress: DataClassified {
    /// Visits the city (personal, `nameOrAddress`), the postcode (personal, `postcode`) and the
    /// country code (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&city, field: "city", as: .personal(.nameOrAddress))
        visitor.visit(&postcode, field: "postcode", as: .personal(.postcode))
        visitor.visit(&countryCode, field: "countryCode", as: .plain)
    }
}

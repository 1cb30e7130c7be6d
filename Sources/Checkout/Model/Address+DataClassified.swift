public import ActionLog

// A contact's name, address lines, postcode and phone are about the person at the address; the
// country code is one of a closed list of ISO codes, and decides shipping: plain.
extension Address: DataClassified {
    /// Visits the name and address lines (personal, `nameOrAddress`), the postcode (personal,
    /// `postcode`), the country code (plain) and the phone (personal, `phone`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&firstName, field: "firstName", as: .personal(.nameOrAddress))
        visitor.visit(&lastName, field: "lastName", as: .personal(.nameOrAddress))
        visitor.visit(&line1, field: "line1", as: .personal(.nameOrAddress))
        visitor.visit(&line2, field: "line2", as: .personal(.nameOrAddress))
        visitor.visit(&city, field: "city", as: .personal(.nameOrAddress))
        visitor.visit(&region, field: "region", as: .personal(.nameOrAddress))
        visitor.visit(&postcode, field: "postcode", as: .personal(.postcode))
        visitor.visit(&countryCode, field: "countryCode", as: .plain)
        visitor.visit(&phone, field: "phone", as: .personal(.phone))
    }
}

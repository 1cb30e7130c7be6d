public import ActionLog

extension NativeAction: DataClassified {
    /// Visits the email a guest entered (personal, `email`), the address submitted, and the ids
    /// picked (plain).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .emailSubmitted(var email):
            visitor.visit(&email, field: "emailSubmitted", as: .personal(.email))
            self = .emailSubmitted(email)
        case .editShippingContactTapped, .editBillingContactTapped, .addNewAddressTapped, .addressEditorClosed,
            .useShippingAsBillingTapped:
            break
        case .addressBookEntrySelected(var id):
            visitor.visit(&id, inCase: "addressBookEntrySelected", field: "id", as: .plain)
            self = .addressBookEntrySelected(id: id)
        case .addressFormSubmitted(var address):
            visitor.visit(&address, field: "addressFormSubmitted")
            self = .addressFormSubmitted(address)
        case .shippingMethodSelected(var id):
            visitor.visit(&id, inCase: "shippingMethodSelected", field: "id", as: .plain)
            self = .shippingMethodSelected(id: id)
        }
    }
}

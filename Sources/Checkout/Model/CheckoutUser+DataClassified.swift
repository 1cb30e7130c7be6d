public import ActionLog

extension CheckoutUser: DataClassified {
    /// Visits a logged-in user's address book.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .guest:
            break
        case .loggedIn(var addressBook):
            visitor.enter("loggedIn")
            visitor.visit(&addressBook, field: "addressBook")
            visitor.leave()
            self = .loggedIn(addressBook: addressBook)
        }
    }
}

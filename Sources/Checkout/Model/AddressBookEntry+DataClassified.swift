public import ActionLog

extension AddressBookEntry: DataClassified {
    /// Visits the entry's id (plain: the address book's own identifier) and its address.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&address, field: "address")
    }
}

/// The cart being checked out: its lines and totals, all in one currency.
public struct Cart: Sendable, Hashable, Codable {
    /// The cart's identifier on the backend. It changes when an expired cart is rebuilt.
    public var id: String
    /// The cart's lines.
    public var lines: [CartLine]
    /// The totals, as the backend computed them.
    public var totals: CartTotals
    /// The ISO 4217 currency code of every amount in the cart.
    public var currencyCode: String

    /// Creates a cart.
    public init(id: String, lines: [CartLine], totals: CartTotals, currencyCode: String) {
        self.id = id
        self.lines = lines
        self.totals = totals
        self.currencyCode = currencyCode
    }

    /// The amount to pay.
    public var total: Money { Money(amount: totals.total, currencyCode: currencyCode) }
}

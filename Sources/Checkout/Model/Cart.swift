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

    /// The number of items: the sum of the lines' quantities, or `nil` when it does not fit
    /// `Int` (a decoded cart never has such lines; one built in code may).
    public var itemCount: Int? { Self.itemCount(of: lines) }

    static func itemCount(of lines: [CartLine]) -> Int? {
        var count = 0
        for line in lines {
            let (sum, overflow) = count.addingReportingOverflow(line.quantity)
            if overflow { return nil }
            count = sum
        }
        return count
    }

    private enum CodingKeys: String, CodingKey {
        case id, lines, totals, currencyCode
    }

    /// Decodes a cart.
    ///
    /// - Throws: `DecodingError` naming `lines` when the quantities add up to more than
    ///   `Int.max` (and whatever its lines and totals refuse).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        lines = try container.decode([CartLine].self, forKey: .lines)
        totals = try container.decode(CartTotals.self, forKey: .totals)
        currencyCode = try container.decode(String.self, forKey: .currencyCode)
        guard Self.itemCount(of: lines) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .lines, in: container, debugDescription: Self.itemCountProblem)
        }
    }

    static let itemCountProblem = "the lines' quantities add up to more than \(Int.max)"
}

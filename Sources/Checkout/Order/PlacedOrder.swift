/// An order as the backend placed it: what the thank-you view shows and the customer quotes.
///
/// Decoding refuses an empty ``id`` or ``number`` (naming the field), because an order the
/// customer cannot quote is no order.
public struct PlacedOrder: Sendable, Hashable, Codable {
    /// The backend's order id.
    public var id: String
    /// The order number the customer sees and quotes (`"SB-1001"`).
    public var number: String
    /// The order's status.
    public var status: OrderStatus
    /// The order's total: the amount paid.
    public var total: Money

    /// Creates an order.
    public init(id: String, number: String, status: OrderStatus, total: Money) {
        self.id = id
        self.number = number
        self.status = status
        self.total = total
    }

    private enum CodingKeys: String, CodingKey {
        case id, number, status, total
    }

    /// Decodes an order; an empty `id` or `number` is refused, naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        let number = try container.decode(String.self, forKey: .number)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "the order id is empty")
        }
        guard !number.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .number, in: container, debugDescription: "the order number is empty")
        }
        self.init(
            id: id, number: number, status: try container.decode(OrderStatus.self, forKey: .status),
            total: try container.decode(Money.self, forKey: .total))
    }
}

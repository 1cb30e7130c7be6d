public import Foundation

/// One entry of an analytics event's `items`, with the convention's parameter names: `item_id`,
/// `item_name`, `price` (of one item, in the event's `currency`) and `quantity`.
///
/// The engine makes one from each line of the cart (``init(line:)``): a product's id and title
/// are not personal data.
public struct CheckoutAnalyticsItem: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// `item_id`: the product's identifier.
    public var itemID: String
    /// `item_name`: the product's title.
    public var itemName: String
    /// `price`: the price of one item, in major units of the event's currency.
    public var price: Decimal
    /// `quantity`: how many.
    public var quantity: Int

    /// Creates an item.
    public init(itemID: String, itemName: String, price: Decimal, quantity: Int) {
        self.itemID = itemID
        self.itemName = itemName
        self.price = price
        self.quantity = quantity
    }

    /// The item of a cart line: its product id and title, unit price and quantity.
    public init(line: CartLine) {
        self.init(itemID: line.productID, itemName: line.title, price: line.unitPrice, quantity: line.quantity)
    }

    /// The item's parameters, keyed by the convention's names.
    public var parameters: [String: CheckoutAnalyticsValue] {
        [
            CodingKeys.itemID.rawValue: .string(itemID), CodingKeys.itemName.rawValue: .string(itemName),
            CodingKeys.price.rawValue: .decimal(price), CodingKeys.quantity.rawValue: .integer(quantity),
        ]
    }

    /// The item as a Foundation dictionary (one entry of Firebase's `items` array), as
    /// ``CheckoutAnalyticsValue/foundationValue`` converts each value; a price that is not a
    /// number is left out.
    public var foundationParameters: [String: Any] {
        parameters.compactMapValues(\.foundationValue)
    }

    /// `{item_id=… item_name=… price=… quantity=…}`.
    public var description: String {
        "{" + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + "}"
    }

    private enum CodingKeys: String, CodingKey {
        case itemID = "item_id", itemName = "item_name", price, quantity
    }

    /// Encodes the item with the convention's keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(itemID, forKey: .itemID)
        try container.encode(itemName, forKey: .itemName)
        try container.encode(price, forKey: .price)
        try container.encode(quantity, forKey: .quantity)
    }
}

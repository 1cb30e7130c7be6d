public import Foundation

/// The breakdown of costs shown in the order summary: from the cart (native checkout) or from the
/// page's `order` messages (web checkout).
public struct OrderSummary: Sendable, Hashable, Codable {
    /// The number of items.
    public var itemCount: Int
    /// The sum of the lines, when known.
    public var subtotal: Decimal?
    /// The delivery cost, when known.
    public var delivery: Decimal?
    /// The discount, when known.
    public var discount: Decimal?
    /// The amount to pay.
    public var total: Money

    /// Creates an order summary.
    public init(itemCount: Int, subtotal: Decimal?, delivery: Decimal?, discount: Decimal?, total: Money) {
        self.itemCount = itemCount
        self.subtotal = subtotal
        self.delivery = delivery
        self.discount = discount
        self.total = total
    }

    /// The summary of a cart. Its item count is ``Cart/itemCount``, or `Int.max` for a cart built
    /// in code whose quantities add up to more (a decoded cart refuses those).
    public init(cart: Cart) {
        self.init(
            itemCount: cart.itemCount ?? .max,
            subtotal: cart.totals.subtotal,
            delivery: cart.totals.shipping,
            discount: cart.totals.discount,
            total: cart.total
        )
    }
}

/// An order the checkout completed, and how its id was found: what the thank-you view shows.
public struct CompletedOrder: Sendable, Hashable, Codable {
    /// Where the order id came from.
    public enum IDSource: String, Sendable, Hashable, Codable {
        /// The bridge's `paymentcompleted` message.
        case bridge
        /// The configured query parameter of the confirmation URL.
        case urlQuery
        /// A value the host extracted from the page.
        case extracted
        /// The answer to the parse rules' order-number script.
        case script
        /// Parsing failed: the backend's internal reference stands in for it.
        case internalReference
        /// The payment provider's reference: how a native checkout completed in logs of action
        /// schema 1, before it placed orders. Never produced now (a payment reference is not an
        /// order id); kept so those states still decode.
        case payment
        /// The Checkout API placed the order (native checkout): ``orderID`` and ``orderNumber``
        /// are the backend's.
        case backend
    }

    /// The order id.
    public var orderID: String
    /// The order number the customer quotes, when the backend gave one (native checkout).
    public var orderNumber: String?
    /// The amount paid, when known.
    public var total: Money?
    /// Where ``orderID`` came from.
    public var idSource: IDSource
    /// The order's status, when the backend placed it: ``OrderStatus/pending`` shows the "we'll
    /// email you" view. (A cancelled order is never a completed one.) `nil` for a web checkout,
    /// whose page completed it.
    public var status: OrderStatus?

    /// Creates a completed order.
    public init(
        orderID: String, orderNumber: String? = nil, total: Money?, idSource: IDSource, status: OrderStatus? = nil
    ) {
        self.orderID = orderID
        self.orderNumber = orderNumber
        self.total = total
        self.idSource = idSource
        self.status = status
    }

    /// The thank-you view's order for an order the backend placed.
    public init(placed order: PlacedOrder) {
        self.init(
            orderID: order.id, orderNumber: order.number, total: order.total, idSource: .backend, status: order.status)
    }

    /// Whether the customer should be told "we'll email you": the order awaits its payment's final
    /// result.
    public var isPending: Bool { status == .pending }
}

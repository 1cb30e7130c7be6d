/// An order the checkout completed, and how its id was found.
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
        /// The payment provider's confirmation (native checkout).
        case payment
    }

    /// The order id.
    public var orderID: String
    /// The amount paid, when known.
    public var total: Money?
    /// Where ``orderID`` came from.
    public var idSource: IDSource

    /// Creates a completed order.
    public init(orderID: String, total: Money?, idSource: IDSource) {
        self.orderID = orderID
        self.total = total
        self.idSource = idSource
    }
}

/// The answer to a capture: Afterpay's order id and its status.
public struct AfterpayCapture: Sendable, Hashable {
    /// A capture's status, as Afterpay writes it.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The payment was taken: place the order.
        case approved = "APPROVED"
        /// Afterpay refused the payment.
        case declined = "DECLINED"
    }

    /// Afterpay's order id (`id`).
    public var orderID: String
    /// Approved or declined.
    public var status: Status

    /// Creates a capture answer.
    public init(orderID: String, status: Status) {
        self.orderID = orderID
        self.status = status
    }
}

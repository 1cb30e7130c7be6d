/// The status of an order the backend placed.
///
/// | Payment | Order |
/// | --- | --- |
/// | authorised | ``confirmed`` |
/// | awaiting confirmation (the pending family) | ``pending``: the customer has an order number and a "we'll email you" view |
/// | refused after awaiting confirmation | ``cancelled``: shown as such; the customer can pay again |
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Paid: the order goes ahead.
    case confirmed
    /// Placed while the payment awaits its final result; the backend holds it until then.
    case pending
    /// The payment was refused after the order was placed as pending: the order will not ship.
    case cancelled
}

/// The order a native checkout places once its payment is authoritative, and how far placing it
/// got.
///
/// One placement belongs to one payment (its ``paymentReference``), and every call for it carries
/// the same ``idempotencyKey``: made once, by an effect, and recorded in a
/// ``OrderAction/placementKeyMade(idempotencyKey:paymentReference:)`` action, so a retry (the
/// automatic ones, the customer's, one after a 409 or 410, one after the app restarted from its
/// log) can never create a second order.
///
/// ``target`` is what the payment calls for; ``placed`` is what the backend said last. The
/// checkout makes calls until they agree:
///
/// | ``placed`` | ``target`` | Call |
/// | --- | --- | --- |
/// | none | confirmed | place the order as confirmed |
/// | none | pending | place the order as pending |
/// | none | cancelled | nothing if no call was ever made; otherwise place it as pending (the key returns an order a lost answer may have created), then cancel it |
/// | pending | confirmed or cancelled | update its status |
/// | same as ``target`` | — | none: settled |
public struct OrderPlacementState: Sendable, Hashable, Codable {
    /// Where placing the order is.
    public enum Step: Sendable, Hashable, Codable {
        /// An effect is making the idempotency key.
        case makingKey
        /// The order is being placed (request `requestID`).
        case placing(requestID: Int)
        /// The order's status is being updated (request `requestID`).
        case updating(requestID: Int)
        /// A call failed with an error that may pass; it is made again when the retry timer fires
        /// (``OrderAction/retryDue(retry:)``), on ``BackoffSchedule/orderPlacementRetries``.
        case retryScheduled(retry: Int)
        /// Placing answered 409 or 410: the checkout is being fetched again or rebuilt, and placing
        /// resumes after it (no payment is taken again).
        case recovering
        /// A call failed and no automatic retry is left: the error shows with a retry
        /// (``RetryAction/placeOrder``).
        case failed(CheckoutAPIError)
        /// The backend's order has the status the payment calls for.
        case settled
    }

    /// The payment the order is for (``PaymentIntent/reference``).
    public var paymentReference: String
    /// The amount paid: the total the customer was shown when they paid.
    public var amount: Money
    /// The key every placing call carries, once made.
    public var idempotencyKey: String?
    /// The status the payment calls for.
    public var target: OrderStatus
    /// The backend's order, once it answered.
    public var placed: PlacedOrder?
    /// Where placing is.
    public var step: Step
    /// How many calls were made (a call made may have created the order even if its answer was
    /// lost).
    public var callsMade: Int
    /// Automatic retries since the last answer or the customer's retry.
    public var automaticRetries: Int

    /// A placement that waits for its key.
    public init(paymentReference: String, amount: Money, target: OrderStatus) {
        self.paymentReference = paymentReference
        self.amount = amount
        idempotencyKey = nil
        self.target = target
        placed = nil
        step = .makingKey
        callsMade = 0
        automaticRetries = 0
    }

    /// Whether the placement still holds the checkout: anything but a settled cancellation. While
    /// it does, no new payment starts.
    public var isActive: Bool {
        !(step == .settled && target == .cancelled)
    }

    /// Whether a call or a timer is under way (the checkout waits for it).
    public var isWaiting: Bool {
        switch step {
        case .makingKey, .placing, .updating, .retryScheduled, .recovering: return true
        case .failed, .settled: return false
        }
    }
}

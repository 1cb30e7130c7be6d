/// The session-result lookup's answer (`GET /sessions/{id}?sessionResult=…`): authoritative,
/// unlike the result code the drop-in saw.
public struct AdyenSessionStatus: Sendable, Hashable, Codable {
    /// The session's status as Adyen writes it.
    public enum Status: String, Sendable, Hashable, Codable {
        /// The session is still open (no final payment yet).
        case active
        /// The shopper or merchant cancelled.
        case canceled
        /// Paid.
        case completed
        /// The session expired without a payment.
        case expired
        /// A payment was made; its final status is not known yet.
        case paymentPending
        /// The payment was refused.
        case refused
    }

    /// The session's id.
    public var id: String
    /// Its status.
    public var status: Status

    /// Creates a status.
    public init(id: String, status: Status) {
        self.id = id
        self.status = status
    }
}

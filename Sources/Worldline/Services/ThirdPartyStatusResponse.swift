/// Where a payment that continues at a third party stands
/// (`GET /{customerId}/payments/{paymentId}/thirdpartystatus`).
public struct ThirdPartyStatusResponse: Hashable, Sendable, Codable {
    /// The third party's progress.
    public enum Status: String, Hashable, Sendable, Codable {
        /// Waiting for the customer to start at the third party.
        case waiting = "WAITING"
        /// The customer started at the third party.
        case initialized = "INITIALIZED"
        /// The third party authorised the payment.
        case authorized = "AUTHORIZED"
        /// The customer is done at the third party.
        case completed = "COMPLETED"
    }

    /// The status.
    public var thirdPartyStatus: Status

    /// Creates a response.
    public init(thirdPartyStatus: Status) {
        self.thirdPartyStatus = thirdPartyStatus
    }
}

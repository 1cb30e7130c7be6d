/// Whether a completed order was recorded with the backend's complete endpoint.
public enum CompletionRecord: Sendable, Hashable, Codable {
    /// Nothing to record yet.
    case notStarted
    /// The complete endpoint is being called.
    case recording
    /// The backend recorded the order.
    case recorded
    /// The call failed; the order is still complete for the user, and the call can be retried.
    case failed(CheckoutAPIError)
}

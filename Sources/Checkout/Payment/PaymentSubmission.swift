public import StateStore

/// What the shopper submitted in the drop-in.
public struct PaymentSubmission: Sendable, Hashable, Codable {
    /// The chosen method's type.
    public var methodID: String
    /// The provider's payload for it: a nonce, encrypted card data, the component's payment
    /// data. Secret.
    public var payload: Sensitive<String>
    /// A description safe to show and log (`"Visa •••• 1111"`), if any.
    public var displayDescription: String?

    /// Creates a submission.
    public init(methodID: String, payload: Sensitive<String>, displayDescription: String? = nil) {
        self.methodID = methodID
        self.payload = payload
        self.displayDescription = displayDescription
    }
}

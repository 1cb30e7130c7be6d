/// The result of `Transaction.sale`: success with a transaction, a failed transaction, or
/// validation errors.
public struct BraintreeSaleResult: Sendable, Hashable, Codable {
    /// Whether the sale succeeded.
    public var success: Bool
    /// The transaction, when one was created (also for declines).
    public var transaction: BraintreeTransaction?
    /// The validation errors, when the request was invalid.
    public var errors: [BraintreeValidationError]
    /// Braintree's message.
    public var message: String?

    /// Creates a result.
    public init(
        success: Bool, transaction: BraintreeTransaction?, errors: [BraintreeValidationError] = [],
        message: String? = nil
    ) {
        self.success = success
        self.transaction = transaction
        self.errors = errors
        self.message = message
    }
}

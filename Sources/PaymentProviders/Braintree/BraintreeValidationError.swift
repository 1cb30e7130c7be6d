/// One of Braintree's validation errors (`{"attribute": "amount", "code": "81531", "message": …}`).
public struct BraintreeValidationError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The attribute at fault.
    public var attribute: String
    /// Braintree's code.
    public var code: String
    /// What was wrong.
    public var message: String

    /// Creates an error.
    public init(attribute: String, code: String, message: String) {
        self.attribute = attribute
        self.code = code
        self.message = message
    }

    /// `81531 amount: Amount must be greater than zero.`
    public var description: String { "\(code) \(attribute): \(message)" }
}

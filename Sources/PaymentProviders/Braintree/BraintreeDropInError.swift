/// The drop-in's error (`BTDropInErrorDomain` codes, and errors passed through).
public struct BraintreeDropInError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kinds of error.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Code 0: unknown.
        case unknown
        /// Code 1: the client token or tokenization key is invalid.
        case authorization
        /// Code 2: no recent payment methods.
        case noRecentPaymentMethods
        /// Fetching the configuration failed (passed through).
        case configuration
        /// Tokenizing the method failed (passed through).
        case tokenization
    }

    /// The kind.
    public var kind: Kind
    /// What the SDK said.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// `authorization: …`.
    public var description: String { "\(kind.rawValue): \(message)" }
}

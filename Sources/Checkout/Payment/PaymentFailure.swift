/// Why a payment step failed, in a form that logs and compares.
public struct PaymentFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The provider answered with an error.
        case provider
        /// The Checkout API failed (see ``PaymentFailure/message``).
        case api
        /// A payment guard refused to go on.
        case guardViolation
        /// The step took too long.
        case timeout
        /// The app went away or the user left while the provider was working.
        case interrupted
        /// The configuration is wrong (no provider with the selected id).
        case configuration
        /// The provider refused a payment that was awaiting confirmation (its pending order is
        /// cancelled).
        case refused
        /// The provider declined a payment its drop-in made itself
        /// (``PaymentAction/dropInCompleted(_:)``): that drop-in is over, and paying again starts a
        /// new session.
        case declined
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, without personal data or secrets.
    public var message: String

    /// Creates a failure.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Wraps any error a provider threw.
    public init(_ error: any Error) {
        if let failure = error as? PaymentFailure {
            self = failure
        } else {
            self.init(kind: .provider, message: String(describing: error))
        }
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}

/// An error shown to the user, with what "Retry" does, if anything.
public struct CheckoutErrorMessage: Sendable, Hashable, Codable, Identifiable {
    /// The error's id, unique within a checkout (used to dismiss or retry it).
    public var id: Int
    /// What happened.
    public var kind: CheckoutErrorKind
    /// What retrying does, or `nil` when there is nothing to retry.
    public var retry: RetryAction?

    /// Creates an error message.
    public init(id: Int, kind: CheckoutErrorKind, retry: RetryAction?) {
        self.id = id
        self.kind = kind
        self.retry = retry
    }

    /// A default English text for the error (hosts usually localise from ``kind``).
    public var message: String {
        switch kind {
        case .cartExpired: return "Your basket expired. We've restored it; please check the details and carry on."
        case .cartChanged: return "Your basket changed. Please review the new total before paying."
        case .totalChanged: return "The total changed, so the payment restarted with the new total."
        case .request(let error): return "Something went wrong: \(error)."
        case .page(let message): return message
        case .paymentDeclined(let reason):
            return "The payment was declined (\(reason)). Try again or use another method."
        case .paymentFailed(let failure): return "The payment failed: \(failure.message)."
        case .paymentRefused(let violation): return "The payment cannot start: \(violation)."
        case .sectionIncomplete(let section): return "Please complete \(section.rawValue) first."
        case .invalidInput(let field, let reason): return "\(field): \(reason)"
        }
    }
}

/// What an error is about.
public enum CheckoutErrorKind: Sendable, Hashable, Codable {
    /// The cart expired and was rebuilt (410).
    case cartExpired
    /// The cart changed and was refreshed; no payment was taken (409).
    case cartChanged
    /// The total changed during a payment, which restarted.
    case totalChanged
    /// A Checkout API call failed.
    case request(CheckoutAPIError)
    /// The web checkout page reported an error.
    case page(String)
    /// The provider declined the payment.
    case paymentDeclined(reason: String)
    /// A payment step failed.
    case paymentFailed(PaymentFailure)
    /// A payment guard refused to start or continue.
    case paymentRefused(PaymentGuardViolation)
    /// A section must be completed first.
    case sectionIncomplete(CheckoutSection)
    /// What the user entered is not usable (`field` names it).
    case invalidInput(field: String, reason: String)

    /// A short name for analytics, free of personal data.
    public var code: String {
        switch self {
        case .cartExpired: return "cartExpired"
        case .cartChanged: return "cartChanged"
        case .totalChanged: return "totalChanged"
        case .request(let error): return "request.\(error.code)"
        case .page: return "page"
        case .paymentDeclined: return "paymentDeclined"
        case .paymentFailed(let failure): return "paymentFailed.\(failure.kind.rawValue)"
        case .paymentRefused: return "paymentRefused"
        case .sectionIncomplete: return "sectionIncomplete"
        case .invalidInput(let field, _): return "invalidInput.\(field)"
        }
    }
}

/// What retrying an error does.
public enum RetryAction: String, Sendable, Hashable, Codable {
    /// Load the checkout again (fetch it, or begin the web checkout).
    case load
    /// Send the edits the backend has not accepted.
    case resendUpdates
    /// Rebuild the expired checkout again.
    case restore
    /// Record the completed web checkout with the complete endpoint again.
    case recordCompletion
    /// Start the payment again.
    case payment
    /// Fetch the checkout again after a conflict.
    case refresh
}

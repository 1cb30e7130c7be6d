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
        case .orderPlacementFailed(let error):
            return "Your payment went through, but we could not place your order yet (\(error)). "
                + "Try again: you will not be charged twice."
        case .orderCancelled(let number):
            return "The payment for order \(number) was refused, so the order was cancelled. You can pay again."
        case .paymentUnconfirmed:
            return "We could not confirm your payment yet. Check again in a moment: you will not be charged twice."
        case .applePayNotConfirmed:
            return "The shop did not confirm your Apple Pay payment in time. If it went through, the page will "
                + "show your order; otherwise try again."
        }
    }
}

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
    /// The payment went through but placing the order failed (the retry uses the same key).
    case orderPlacementFailed(CheckoutAPIError)
    /// The payment awaiting confirmation was refused: the pending order `orderNumber` was
    /// cancelled, and the customer can pay again.
    case orderCancelled(orderNumber: String)
    /// The payment provider has not said whether a payment went through (its answer was lost when
    /// the app was killed, or the shopper did not come back from a redirect), and its lookups
    /// ended without a definite answer: paying again stays locked (the payment may have been
    /// taken); the retry asks again (``RetryAction/confirmPayment``).
    case paymentUnconfirmed
    /// A web checkout's page did not confirm an Apple Pay payment in time: it may still complete
    /// the order; retrying presents the sheet again (``RetryAction/applePay``).
    case applePayNotConfirmed

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
        case .orderPlacementFailed(let error): return "orderPlacementFailed.\(error.code)"
        case .orderCancelled: return "orderCancelled"
        case .paymentUnconfirmed: return "paymentUnconfirmed"
        case .applePayNotConfirmed: return "applePayNotConfirmed"
        }
    }
}

/// Where a payment is: one provider-neutral state machine for every provider.
///
/// ```
///  idle ──payTapped──▶ preparing ──sessionPrepared──▶ presenting ──submitted──▶ submitting
///   ▲                     │                              ▲   │                     │
///   │                     │failed                 decline│   │cancel               ├─ actionRequired ──actionCompleted──▶ submittingDetails
///   │abort                ▼                 acknowledged │   ▼                     │                                        │
///  failed ◀──────────── (errors) ───────────────────  declined cancelled ──payTapped──▶ preparing
///   │retry ──▶ preparing                                                           ├─ awaitingConfirmation ──confirmed──▶ succeeded
///                                                                                  └─ succeeded
/// ```
///
/// Every arrow is a ``PaymentAction``, so a recorded log replays a payment exactly.
public enum PaymentPhase: Sendable, Hashable, Codable {
    /// No payment under way.
    case idle
    /// Asking the backend to start the payment and the provider to prepare it.
    case preparing
    /// The provider's drop-in is presented.
    case presenting
    /// The shopper's choice is with the provider.
    case submitting
    /// The shopper must act (redirect, 3-D Secure, voucher).
    case actionRequired(PaymentActionRequest)
    /// The action's result is with the provider.
    case submittingDetails
    /// Received, not final; the UI shows success while the authoritative result is awaited.
    case awaitingConfirmation
    /// Paid.
    case succeeded
    /// The provider declined; the drop-in stays up so the shopper can retry.
    case declined(reason: String)
    /// The shopper cancelled; back to choosing how to pay.
    case cancelled
    /// Something failed; retry or abort.
    case failed(PaymentFailure)

    /// Whether a new payment may start from here.
    public var canStart: Bool {
        switch self {
        case .idle, .cancelled, .failed: return true
        default: return false
        }
    }

    /// Whether a payment is under way (the checkout's sections cannot be edited).
    public var locksCheckout: Bool {
        switch self {
        case .idle, .cancelled, .failed: return false
        default: return true
        }
    }

    /// Whether the provider holds the shopper's choice (money may be moving).
    public var isWithProvider: Bool {
        switch self {
        case .submitting, .submittingDetails: return true
        default: return false
        }
    }

    /// A short name for analytics and logs (`"actionRequired"`).
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .preparing: return "preparing"
        case .presenting: return "presenting"
        case .submitting: return "submitting"
        case .actionRequired: return "actionRequired"
        case .submittingDetails: return "submittingDetails"
        case .awaitingConfirmation: return "awaitingConfirmation"
        case .succeeded: return "succeeded"
        case .declined: return "declined"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }
}

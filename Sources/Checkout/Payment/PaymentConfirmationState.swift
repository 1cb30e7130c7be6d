/// The polling of a payment that awaits confirmation (the pending family: `Pending`, `Received`,
/// vouchers, bank transfers, `settlement_pending`, …).
///
/// The checkout asks the provider's authoritative lookup (``PaymentProvider/confirm(_:)``) on
/// ``BackoffSchedule/confirmationPolling``: the timer runs on the environment's clock and sends
/// ``PaymentAction/confirmationPollDue(poll:)``; the reducer counts the polls, so a replay (no
/// timers) reaches the same state. When the schedule runs out with the payment still pending,
/// polling ends and the order stays pending: the customer was told "we'll email you", and the
/// backend's webhook settles it. The host can still ask at any time
/// (``PaymentAction/confirmationRequested``).
public struct PaymentConfirmationState: Sendable, Hashable, Codable {
    /// How many lookups the timer made.
    public var polls: Int
    /// The poll the timer is waiting to make, if one is scheduled.
    public var nextPoll: Int?
    /// Whether a lookup is with the provider.
    public var isLookupInFlight: Bool
    /// Whether the schedule ran out with the payment still pending.
    public var hasEnded: Bool

    /// Polling that has not started.
    public init() {
        polls = 0
        nextPoll = nil
        isLookupInFlight = false
        hasEnded = false
    }
}

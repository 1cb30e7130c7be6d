/// When to try again: the delay before each try doubles from ``initialDelay`` up to
/// ``maximumDelay``, and the tries stop once their delays would add up to more than ``limit``.
///
/// The schedules are constants of the checkout (not of the environment), so that a replay, which
/// runs no timers, reaches the same state as the recording: whether another try is due is decided
/// by the reducer from the number of tries made, and only the waiting runs on the environment's
/// clock.
///
/// ```swift
/// BackoffSchedule.confirmationPolling.delay(beforeTry: 1)   // 2 s
/// BackoffSchedule.confirmationPolling.delay(beforeTry: 6)   // 60 s (capped)
/// BackoffSchedule.confirmationPolling.delay(beforeTry: 14)  // nil: past 10 minutes in all
/// ```
public struct BackoffSchedule: Sendable, Hashable {
    /// The delay before the first try.
    public var initialDelay: Duration
    /// No delay is longer than this.
    public var maximumDelay: Duration
    /// The delays of all tries add up to no more than this.
    public var limit: Duration

    /// Creates a schedule.
    public init(initialDelay: Duration, maximumDelay: Duration, limit: Duration) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.limit = limit
    }

    /// Polling a payment that awaits confirmation: 2 s, doubling, at most 60 s apart, for 10
    /// minutes in all. That is 13 lookups, at 2, 6, 14, 30, 62, 122, 182, …, 542 s.
    public static let confirmationPolling = BackoffSchedule(
        initialDelay: .seconds(2), maximumDelay: .seconds(60), limit: .seconds(600))

    /// Placing an order again after a failure that may pass (timeout, network, 5xx, 408, 429):
    /// after 2, 4 and 8 s; then the error shows with a retry.
    public static let orderPlacementRetries = BackoffSchedule(
        initialDelay: .seconds(2), maximumDelay: .seconds(8), limit: .seconds(14))

    /// The delay before try `number` (the first is 1), or `nil` when the schedule has no such try
    /// (`number` below 1, past the limit, or a schedule whose delays are not positive).
    public func delay(beforeTry number: Int) -> Duration? {
        guard number >= 1, initialDelay > .zero, maximumDelay > .zero else { return nil }
        var delay = min(initialDelay, maximumDelay)
        var total = delay
        var index = 1
        while index < number {
            // Every delay is at least the first, so the total passes the limit after at most
            // limit / initialDelay steps, whatever `number` is.
            guard total <= limit else { return nil }
            delay = min(delay * 2, maximumDelay)
            total += delay
            index += 1
        }
        return total <= limit ? delay : nil
    }

    /// How many tries the schedule has.
    public var tryCount: Int {
        var count = 0
        while delay(beforeTry: count + 1) != nil { count += 1 }
        return count
    }
}

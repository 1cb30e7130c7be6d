import Foundation

/// A clock on which time passes only as it is slept: `sleep` returns at once (after yielding) and
/// moves ``now`` to the deadline. For demos and tests of the checkout's timers (confirmation
/// polling, order placement retries), which then run their whole schedules without waiting, in
/// the order their deadlines fall; every sleep is recorded, so a test can check the schedule.
///
/// ```swift
/// let clock = SandboxClock()
/// let environment = CheckoutEnvironment(api: api, paymentProviders: [provider], clock: clock)
/// // … a pending payment is polled …
/// clock.sleeps   // [.seconds(2), .seconds(4), .seconds(8)]
/// ```
///
/// Several sleepers do not wait for each other: each returns at once. Use it where timers run one
/// at a time (a checkout's do), and `StateStoreTesting`'s `TestClock` where a test moves time
/// itself.
public final class SandboxClock: Clock, @unchecked Sendable {
    /// A moment of a ``SandboxClock``: the time slept since the clock was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's start.
        public let offset: Duration

        /// Creates the instant `offset` after the clock's start.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Earlier instants are smaller.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, such as `6.0 seconds`.
        public var description: String { "\(offset)" }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var current = Instant()
    private var slept: [Duration] = []

    /// Creates a clock at its start.
    public init() {}

    /// The time slept so far.
    public var now: Instant {
        lock.withLock { current }
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Every sleep's duration, in the order they were asked for.
    public var sleeps: [Duration] {
        lock.withLock { slept }
    }

    /// Moves ``now`` to `deadline` (if it is later) and returns; throws `CancellationError` when
    /// the task is cancelled, as `ContinuousClock` does.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        lock.withLock {
            slept.append(current.duration(to: deadline))
            if current < deadline { current = deadline }
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}

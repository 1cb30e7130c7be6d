/// A clock whose time moves only when a test says so.
///
/// Effects that need time (debounce, timeouts, polling, retries) take a clock from their
/// environment. Production code passes `ContinuousClock()`; a test passes the test store's
/// ``TestStore/clock`` and moves time with ``advance(by:)`` or ``run(maximumWakeUps:)``. Nothing sleeps for real,
/// so the test is fast and never flaky.
///
/// ```swift
/// let store = TestStore(initialState: Search.State()) { clock in
///     searchReducer(clock: clock, api: .fake)
/// }
/// await store.send(.queryChanged("shoes")) { $0.query = "shoes" }
/// await store.clock.advance(by: .milliseconds(300))   // the debounce elapses
/// await store.receive(.resultsLoaded(["Red shoes"])) { $0.results = ["Red shoes"] }
/// ```
///
/// ## Determinism
/// Before moving time, and after waking each sleeper, the clock waits until its test store's effects
/// have run as far as they can (each one finished or asleep on this clock). Sleepers wake one at a
/// time, earliest deadline first, ties in the order they fell asleep. So the order of the actions
/// effects send does not depend on thread scheduling.
///
/// A clock not attached to a test store (used on its own) cannot know what is still running; it
/// yields a few times instead, which is enough for work that only sleeps on this clock.
public final class TestClock: Clock, @unchecked Sendable {
    /// A moment of a ``TestClock``: the time elapsed since the clock was created.
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

        /// The offset, such as `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let sequence: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
        let effect: EffectContext?
    }

    private let lock = PlainLock()
    // Guarded by `lock`.
    private var current = Instant()
    private var sleepers: [UInt64: Sleeper] = [:]
    private var cancelledBeforeSleeping: Set<UInt64> = []
    private var nextSequence: UInt64 = 0
    private weak var attachedSettler: (any ClockSettling)?

    /// Creates a clock at its start (``now`` is zero).
    public init() {}

    /// The current instant.
    public var now: Instant {
        lock.withLock { current }
    }

    /// Zero: a test clock wakes sleepers exactly at their deadlines.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// The earliest deadline of a sleeping task, or `nil` when none sleeps.
    public var nextDeadline: Instant? {
        lock.withLock { earliestLocked()?.deadline }
    }

    /// Suspends the calling task until the clock is advanced to `deadline`.
    ///
    /// Returns at once when `deadline` has passed. Throws `CancellationError` when the task is
    /// cancelled while asleep, as `ContinuousClock` does.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let sequence = lock.withLock {
            nextSequence += 1
            return nextSequence
        }
        let effect = EffectContext.current
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case slept, due, cancelled }
                let outcome: Outcome = lock.withLock {
                    if cancelledBeforeSleeping.remove(sequence) != nil { return .cancelled }
                    if deadline <= current { return .due }
                    sleepers[sequence] = Sleeper(
                        sequence: sequence, deadline: deadline, continuation: continuation, effect: effect)
                    if let effect { effect.tracker.sleepBegan(effect: effect.key) }
                    return .slept
                }
                switch outcome {
                case .slept: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let sleeper = sleepers.removeValue(forKey: sequence) else {
                    cancelledBeforeSleeping.insert(sequence)
                    return nil
                }
                if let effect = sleeper.effect { effect.tracker.sleepEnded(effect: effect.key) }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // A cancellation that arrived after the wake-up left a mark nobody will read.
        lock.withLock { _ = cancelledBeforeSleeping.remove(sequence) }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline it passes, one at a
    /// time in deadline order, and letting the effects run after each wake-up. With no argument it
    /// only lets effects run up to their next sleep.
    public func advance(by duration: Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline` (never backward), waking sleepers as ``advance(by:)`` does.
    public func advance(to deadline: Instant) async {
        while true {
            await settle()
            let sleeper: Sleeper? = lock.withLock {
                guard let earliest = earliestLocked(), earliest.deadline <= deadline else {
                    if current < deadline { current = deadline }
                    return nil
                }
                sleepers.removeValue(forKey: earliest.sequence)
                if current < earliest.deadline { current = earliest.deadline }
                if let effect = earliest.effect { effect.tracker.sleepEnded(effect: effect.key) }
                return earliest
            }
            guard let sleeper else { break }
            sleeper.continuation.resume()
        }
        await settle()
    }

    /// Advances time to each next deadline until nothing sleeps on the clock.
    ///
    /// - Parameter maximumWakeUps: A guard against effects that sleep forever in a loop (a timer):
    ///   after this many wake-ups, `run` stops and returns `false`.
    /// - Returns: `true` when nothing sleeps on the clock any more.
    @discardableResult
    public func run(maximumWakeUps: Int = 10_000) async -> Bool {
        for _ in 0..<maximumWakeUps {
            await settle()
            guard let next = nextDeadline else { return true }
            await advance(to: next)
        }
        return nextDeadline == nil
    }

    // MARK: Attachment to a test store

    /// Attaches the test store whose effects this clock waits for (the last one attached wins).
    func attach(_ settler: any ClockSettling) {
        lock.withLock { attachedSettler = settler }
    }

    private func settle() async {
        if let settler = lock.withLock({ attachedSettler }) {
            await settler.settle()
        } else {
            for _ in 0..<10 { await Task.yield() }
        }
    }

    private func earliestLocked() -> Sleeper? {
        sleepers.values.min { lhs, rhs in
            lhs.deadline == rhs.deadline ? lhs.sequence < rhs.sequence : lhs.deadline < rhs.deadline
        }
    }
}

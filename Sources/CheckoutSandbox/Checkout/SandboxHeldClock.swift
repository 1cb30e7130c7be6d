import Foundation

/// A clock whose time stands still until ``advance(by:)``: a sleep on it ends only when the
/// sleeping task is cancelled or the clock is advanced past its deadline, never by itself. For
/// demos and tests whose deadlines guard against an answer that does not come (the completion
/// page's script deadline, the wallet sheet's update timeout) while every answer comes from the
/// same process: on this clock the deadline cannot win the race however the machine schedules the
/// tasks, so the run does not depend on the machine's speed or load.
///
/// ```swift
/// let clock = SandboxHeldClock()
/// let environment = CheckoutEnvironment(
///     api: SandboxCheckoutAPI(), webPage: page, walletSheet: sheet, clock: clock)
/// // … the page answers its scripts and the backend the sheet's updates, whenever they run …
/// clock.sleeperCount   // 0: each deadline's timer was cancelled by its answer
/// ```
///
/// A checkout's schedules (confirmation polling, order placement retries) would wait on it until
/// the clock is advanced: use ``SandboxClock`` where they run on their own, and an app's
/// `ContinuousClock` (`CheckoutEnvironment`'s default) everywhere else.
public final class SandboxHeldClock: Clock, @unchecked Sendable {
    /// A moment of a ``SandboxHeldClock``: the time advanced since the clock's start (the same
    /// offset as a ``SandboxClock``'s).
    public typealias Instant = SandboxClock.Instant

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var current = Instant()
    private var sleepers: [UInt64: Sleeper] = [:]
    // Sleeps cancelled before their continuation was stored: the store must not keep them.
    private var cancelledBeforeSleeping: Set<UInt64> = []
    private var nextSequence: UInt64 = 0

    /// Creates a clock at its start.
    public init() {}

    /// The time advanced so far.
    public var now: Instant {
        lock.withLock { current }
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Returns at once when `deadline` has passed; otherwise suspends until ``advance(by:)``
    /// passes it. Throws `CancellationError` when the task is cancelled, as `ContinuousClock`
    /// does.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let sequence = lock.withLock {
            nextSequence += 1
            return nextSequence
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case asleep, due, cancelled }
                let outcome: Outcome = lock.withLock {
                    if cancelledBeforeSleeping.remove(sequence) != nil { return .cancelled }
                    if deadline <= current { return .due }
                    sleepers[sequence] = Sleeper(deadline: deadline, continuation: continuation)
                    return .asleep
                }
                switch outcome {
                case .asleep: break
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
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // A cancellation that came after the wake-up left a mark nobody reads.
        lock.withLock { _ = cancelledBeforeSleeping.remove(sequence) }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline that passes.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let passed = sleepers.filter { $0.value.deadline <= current }
            for key in passed.keys { sleepers.removeValue(forKey: key) }
            return passed.sorted { $0.key < $1.key }.map(\.value)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// Which test-store effect the current task belongs to, so that a ``TestClock`` can tell the test
/// store when that effect sleeps and wakes.
///
/// Bound as a task-local value around each effect's work, so child tasks of the effect inherit it.
struct EffectContext: Sendable {
    let tracker: any SleepTracking
    let key: UInt64

    @TaskLocal static var current: EffectContext?
}

/// Told by a ``TestClock`` when an effect starts and stops sleeping on it. Called with the clock's
/// lock held, so the two calls for one sleep always arrive in order; implementations must not call
/// back into the clock.
protocol SleepTracking: AnyObject, Sendable {
    func sleepBegan(effect key: UInt64)
    func sleepEnded(effect key: UInt64)
}

/// Lets a ``TestClock`` wait, before and after moving time, until the effects of its test store
/// have run as far as they can: every one finished or asleep on the clock.
protocol ClockSettling: AnyObject, Sendable {
    func settle() async
}

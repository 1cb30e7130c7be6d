import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread has used: what a "fast enough" check of synchronous
/// work measures. Unlike the wall clock, it does not grow while the thread waits for a core, so
/// such a check says the same on an idle machine and on a loaded one (CI runs the suite on two
/// cores shared with whatever else runs; a wall-clock bound there fails by load, not by code).
enum ThreadCPUTime {
    /// The thread's processor time so far.
    static func now() -> Duration {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return .zero }
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    /// The processor time `work` used on this thread, and what it returned.
    static func measure<Value>(_ work: () throws -> Value) rethrows -> (Value, Duration) {
        let start = now()
        let value = try work()
        return (value, now() - start)
    }
}

import Foundation

/// A value guarded by a lock, shared between threads.
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer on Linux cannot see the futex
/// behind `Mutex` and reports false races, while it understands `NSLock` (see DESIGN.md). Every
/// read and write goes through `withLock`, so the `@unchecked Sendable` promise holds.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Keep `body` short and never call back into
    /// code that could take the same lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

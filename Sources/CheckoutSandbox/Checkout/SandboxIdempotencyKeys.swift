import Foundation

/// Idempotency keys that are the same in every run (`order-key-1`, `order-key-2`, …), for demos
/// and tests: a recorded log, and its snapshots, do not change when it is recorded again. An app
/// uses `CheckoutEnvironment.randomIdempotencyKey`.
///
/// ```swift
/// let keys = SandboxIdempotencyKeys()
/// let environment = CheckoutEnvironment(api: api, makeIdempotencyKey: keys.next)
/// ```
public final class SandboxIdempotencyKeys: @unchecked Sendable {
    private let lock = NSLock()
    private let prefix: String
    // Guarded by `lock`.
    private var made = 0

    /// Creates a maker whose keys are `PREFIX-1`, `PREFIX-2`, ….
    public init(prefix: String = "order-key") {
        self.prefix = prefix
    }

    /// The next key.
    public var next: @Sendable () -> String {
        { [self] in
            lock.withLock {
                made += 1
                return "\(prefix)-\(made)"
            }
        }
    }
}

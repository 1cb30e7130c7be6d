extension Middleware {
    /// A middleware that logs each action and how long processing it took.
    ///
    /// ```swift
    /// let store = Store(reducer: reducer, state: state, middleware: [.logging()])
    /// // [StateStore] increment (0.004 ms)
    /// ```
    ///
    /// Place it first to time the whole chain. Actions are described with `String(describing:)`:
    /// values wrapped in a redacting type never show their secret.
    ///
    /// - Parameters:
    ///   - prefix: Text put before each line.
    ///   - describe: Turns an action into text; by default `String(describing:)`.
    ///   - log: Where lines go; by default standard output.
    public static func logging(
        prefix: String = "[StateStore]",
        describe: @escaping @Sendable (State.Action) -> String = { String(describing: $0) },
        log: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> Middleware {
        Middleware { _, action, next in
            let clock = ContinuousClock()
            let start = clock.now
            next(action)
            let elapsed = clock.now - start
            log("\(prefix) \(describe(action)) (\(formatMilliseconds(elapsed)) ms)")
        }
    }
}

/// Formats a duration as milliseconds with three decimals, without Foundation.
func formatMilliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    let whole = micros / 1000
    let fraction = micros % 1000
    let padded = String(fraction)
    return "\(whole)." + String(repeating: "0", count: max(0, 3 - padded.count)) + padded
}

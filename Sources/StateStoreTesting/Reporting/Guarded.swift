/// A value only ever read or written while holding its own lock.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = PlainLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}

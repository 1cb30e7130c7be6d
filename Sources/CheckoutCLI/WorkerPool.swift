import Foundation

/// A bounded pool of threads for `checkout verify`: `workers` threads take the next index and do
/// its work; the calling thread receives the results strictly in index order, whatever order
/// they finish in, so the output is the same however the work was scheduled.
enum WorkerPool {
    /// A worker thread's stack: the main thread's usual 8 MiB (deep but valid logs recurse in
    /// decoding; the default for new threads can be as small as 512 KiB).
    static let stackSize = 8 << 20

    /// Runs `work` for `0..<count` on up to `workers` threads, and `inOrder` on the calling
    /// thread for each index in turn, as soon as its result and every earlier one are in.
    static func run<Result: Sendable>(
        _ count: Int, workers: Int, work: @escaping @Sendable (Int) -> Result, inOrder: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let board = Board<Result>(count: count)
        for _ in 0..<max(1, min(workers, count)) {
            let thread = Thread {
                while let index = board.take() { board.put(work(index), at: index) }
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for index in 0..<count { inOrder(index, board.wait(for: index)) }
    }

    /// The indexes left to take and the results not yet handed on, behind one condition.
    private final class Board<Result: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        // Guarded by `condition`.
        private var next = 0
        private var results: [Result?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func put(_ result: Result, at index: Int) {
            condition.lock()
            results[index] = result
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the result at `index`, and lets go of it.
        func wait(for index: Int) -> Result {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let result = results[index] {
                    results[index] = nil
                    return result
                }
                condition.wait()
            }
        }
    }
}

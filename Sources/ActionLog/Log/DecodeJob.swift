import Dispatch
import StateStore

/// A batch of log lines to decode, cut into pieces that any number of threads take one at a time
/// until none is left. Whoever needs the batch calls ``waitUntilDone()``.
///
/// Pieces rather than one share per core: the cores are shared (a replay reduces on one while
/// the next batch decodes), so a fixed share would leave the batch waiting for whichever thread
/// the scheduler set aside; small pieces go to whoever is free.
final class DecodeJob: @unchecked Sendable {
    let pieces: Int
    private let body: (Int) -> Void
    private let lock = Lock()
    // Guarded by `lock`.
    private var nextPiece = 0
    private var finishedPieces = 0
    private let done = DispatchSemaphore(value: 0)

    /// `body` decodes piece `index`; pieces write to disjoint places, so they run in any order
    /// on any thread.
    init(pieces: Int, body: @escaping (Int) -> Void) {
        self.pieces = pieces
        self.body = body
    }

    /// Takes and decodes pieces until none is left to take.
    func work() {
        while let piece = claim() {
            body(piece)
            lock.lock()
            finishedPieces += 1
            let last = finishedPieces == pieces
            lock.unlock()
            if last { done.signal() }
        }
    }

    /// Waits until every piece is decoded (returns at once for an empty job). One caller only:
    /// the thread that owns the batch.
    func waitUntilDone() {
        guard pieces > 0 else { return }
        done.wait()
    }

    private func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextPiece < pieces else { return nil }
        nextPiece += 1
        return nextPiece - 1
    }
}

import Dispatch
import StateStore

/// A batch of log lines to decode, cut into pieces that any number of threads take one at a time
/// until none is left. Whoever needs the batch calls ``waitUntilDone()``.
///
/// Each thread that takes pieces is a worker with a number of its own (0, 1, … in the order they
/// take their first piece), so it can keep state from piece to piece: the reader's parsers, one
/// per worker, whose tapes and strings made (``TextCache``) stay warm across pieces and
/// batches.
///
/// Pieces rather than one share per core: the cores are shared (a replay reduces on one while
/// the next batch decodes), so a fixed share would leave the batch waiting for whichever thread
/// the scheduler set aside; small pieces go to whoever is free.
final class DecodeJob: @unchecked Sendable {
    let pieces: Int
    private let body: (_ piece: Int, _ worker: Int) -> Void
    private let lock = Lock()
    // Guarded by `lock`.
    private var nextPiece = 0
    private var finishedPieces = 0
    private var workers = 0
    private let done = DispatchSemaphore(value: 0)

    /// `body` decodes a piece, given by its index, on a worker, given by its number; pieces write
    /// to disjoint places, so they run in any order on any thread, and one worker's pieces run
    /// one after another on one thread. A worker's number is below one more than the number of
    /// threads that call ``work()``. Everything a worker did happens before
    /// ``waitUntilDone()`` returns (each piece's end is counted under the lock, and the last
    /// count signals the waiter), so the next job's worker of the same number may use its state.
    init(pieces: Int, body: @escaping (_ piece: Int, _ worker: Int) -> Void) {
        self.pieces = pieces
        self.body = body
    }

    /// Takes and decodes pieces until none is left to take.
    func work() {
        var worker: Int?
        while let (piece, number) = claim(worker: worker) {
            worker = number
            body(piece, number)
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

    /// The next piece to decode, and the worker's number (a new one for a thread's first piece).
    private func claim(worker: Int?) -> (piece: Int, worker: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard nextPiece < pieces else { return nil }
        nextPiece += 1
        if let worker { return (nextPiece - 1, worker) }
        workers += 1
        return (nextPiece - 1, workers - 1)
    }
}

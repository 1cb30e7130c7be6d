import Foundation
import StoreTestSupport
import XCTest

@testable import ActionLog
@testable import StateStore

/// The lock-free single-producer, single-consumer queue behind the buffered action recorder.
final class HandoffQueueTests: XCTestCase {
    /// Counts live instances, to check that the queue destroys every element exactly once.
    private final class Tracked: @unchecked Sendable {
        static let live = Lock.Guarded(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.live.withValue { $0 += 1 }
        }
        deinit { Self.live.withValue { $0 -= 1 } }
    }

    func testElementsComeOutInOrderAcrossChunkBoundaries() {
        let queue = HandoffQueue<Int>(chunkCapacity: 4)
        var out: [Int] = []
        var next = 0
        // Pushes and pops of every size around the chunk size, interleaved.
        for size in [1, 3, 4, 5, 8, 9, 2, 13] {
            for _ in 0..<size {
                queue.push(next)
                next += 1
            }
            queue.popAll(into: &out, maximumCount: 3)
        }
        queue.popAll(into: &out)
        XCTAssertEqual(out, Array(0..<next))
        XCTAssertFalse(queue.hasElements)
        XCTAssertEqual(queue.publishedCount, next)
    }

    func testPopFirstTakesOneElementAtATimeAcrossChunks() {
        let queue = HandoffQueue<Int>(chunkCapacity: 2)
        XCTAssertNil(queue.popFirst())
        for value in 0..<5 { queue.push(value) }
        var out: [Int] = []
        while let value = queue.popFirst() { out.append(value) }
        XCTAssertEqual(out, [0, 1, 2, 3, 4])
        queue.push(5)
        queue.popAll(into: &out)
        XCTAssertEqual(out, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(queue.pushedCount, 6)
    }

    func testPushReportsTheStartOfEachNewChunk() {
        let queue = HandoffQueue<Int>(chunkCapacity: 3)
        let starts = (0..<10).map { queue.push($0) }
        XCTAssertEqual(starts, [false, false, false, true, false, false, true, false, false, true])
    }

    func testUnpoppedAndDiscardedElementsAreDestroyedExactlyOnce() {
        do {
            let queue = HandoffQueue<Tracked>(chunkCapacity: 3)
            for value in 0..<10 { queue.push(Tracked(value)) }
            var out: [Tracked] = []
            queue.popAll(into: &out, maximumCount: 4)
            XCTAssertEqual(out.map(\.value), [0, 1, 2, 3])
            out.removeAll()
            XCTAssertEqual(Tracked.live.withValue { $0 }, 6)
            // The rest stay queued until the queue goes.
        }
        XCTAssertEqual(Tracked.live.withValue { $0 }, 0)
        let queue = HandoffQueue<Tracked>(chunkCapacity: 2)
        for value in 0..<5 { queue.push(Tracked(value)) }
        queue.discardAll()
        XCTAssertEqual(Tracked.live.withValue { $0 }, 0)
        XCTAssertFalse(queue.hasElements)
        queue.push(Tracked(5))
        var out: [Tracked] = []
        queue.popAll(into: &out)
        XCTAssertEqual(out.map(\.value), [5])
    }

    func testAConsumerDrainingConcurrentlyReceivesEveryElementInOrder() {
        let total = 100_000
        let queue = HandoffQueue<Int>(chunkCapacity: 16)
        let done = startThread(queue) { queue in
            for value in 0..<total { queue.push(value) }
        }
        XCTAssertEqual(drain(queue, expecting: total), Array(0..<total))
        done.wait()
    }

    func testProducersOnChangingThreadsOrderedByALockKeepTheOrder() {
        // As in a store: whichever thread holds the lock produces, and the lock orders them.
        let perThread = 5_000
        let threads = 8
        let queue = HandoffQueue<Int>(chunkCapacity: 32)
        let next = Lock.Guarded(0)
        let done = (0..<threads).map { _ in
            startThread(queue) { queue in
                for _ in 0..<perThread {
                    next.withValue { value in
                        queue.push(value)
                        value += 1
                    }
                }
            }
        }
        XCTAssertEqual(drain(queue, expecting: threads * perThread), Array(0..<threads * perThread))
        for thread in done { thread.wait() }
    }

    /// Runs `body` on a new thread. The thread does not retain the queue, so the queue goes (and
    /// its `deinit` runs) on the test's thread, after the returned semaphore was waited for.
    private func startThread(
        _ queue: HandoffQueue<Int>, _ body: @escaping @Sendable (HandoffQueue<Int>) -> Void
    ) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let unretained = Unmanaged.passUnretained(queue)
        Thread {
            body(unretained.takeUnretainedValue())
            done.signal()
        }.start()
        return done
    }

    /// Pops on this thread until `count` elements arrived (the producers always finish).
    private func drain(_ queue: HandoffQueue<Int>, expecting count: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        while out.count < count {
            let before = out.count
            queue.popAll(into: &out, maximumCount: 1000)
            if out.count == before { sched_yield() }
        }
        return out
    }
}

import Foundation
import XCTest

@testable import LogPrivacy

/// The bounded queue pass 2 of an export hands its prepared steps over by: everything pushed
/// comes out once and in order, a producer never runs more than its capacity ahead, and a
/// consumer that gives up releases a producer waiting for room; and the chunks it carries, whose
/// elements are moved out once each.
final class HandoverQueueTests: XCTestCase {
    func testEveryElementCrossesOnceAndInOrderWhileTheProducerIsNeverMoreThanTheCapacityAhead() {
        let queue = HandoverQueue<Int>(capacity: 3)
        let popped = AtomicCounter()
        let count = 10_000
        let finished = DispatchSemaphore(value: 0)
        let overrun = AtomicCounter()
        let producer = Thread {
            for value in 0..<count {
                // Pushing value n needs value n - capacity popped already: the queue holds at
                // most `capacity` waiting elements.
                _ = queue.push(value)
                if value + 1 - popped.value > queue.capacity + 1 { overrun.increment() }
            }
            finished.signal()
        }
        producer.start()
        var received: [Int] = []
        received.reserveCapacity(count)
        for _ in 0..<count {
            received.append(queue.pop())
            popped.increment()
        }
        finished.wait()
        XCTAssertEqual(received, Array(0..<count))
        XCTAssertEqual(overrun.value, 0)
    }

    func testClosingReleasesAProducerWaitingForRoomAndRefusesLaterPushes() {
        let queue = HandoverQueue<Int>(capacity: 2)
        XCTAssertTrue(queue.push(1))
        XCTAssertTrue(queue.push(2))
        let outcome = AtomicCounter()
        let finished = DispatchSemaphore(value: 0)
        let producer = Thread {
            // The queue is full: this push waits until the consumer closes the queue.
            if !queue.push(3) { outcome.increment() }
            finished.signal()
        }
        producer.start()
        queue.close()
        finished.wait()
        XCTAssertEqual(outcome.value, 1)
        XCTAssertFalse(queue.push(4))
    }

    func testAPopThatMayBeToldToStopGivesEachElementInOrderThenNilOnceClosed() {
        let queue = HandoverQueue<Int>(capacity: 2)
        XCTAssertTrue(queue.push(1))
        XCTAssertTrue(queue.push(2))
        XCTAssertEqual(queue.popUnlessClosed(), 1)
        XCTAssertEqual(queue.popUnlessClosed(), 2)
        XCTAssertTrue(queue.push(3))
        queue.close()
        XCTAssertNil(queue.popUnlessClosed(), "what waited is dropped by the close")
    }

    func testClosingReleasesAThreadWaitingForAnElement() {
        let queue = HandoverQueue<Int>(capacity: 2)
        let outcome = AtomicCounter()
        let finished = DispatchSemaphore(value: 0)
        let waiter = Thread {
            // The queue is empty: this pop waits until the queue is closed.
            if queue.popUnlessClosed() == nil { outcome.increment() }
            finished.signal()
        }
        waiter.start()
        queue.close()
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "the waiting pop returned")
        XCTAssertEqual(outcome.value, 1)
    }

    func testAChunkIsReadInPlaceAndDestroysItsElementsWhenEmptiedForReuseOrDropped() {
        let alive = AtomicCounter()
        do {
            let chunk = PreparedChunk<Tracked>(capacity: 4)
            XCTAssertTrue(chunk.isEmpty)
            for value in 0..<4 { XCTAssertTrue(chunk.append(Tracked(value, alive: alive))) }
            XCTAssertTrue(chunk.isFull)
            XCTAssertFalse(chunk.append(Tracked(99, alive: alive)), "a full chunk refuses more")
            XCTAssertEqual(alive.value, 4, "the refused element is not kept")
            XCTAssertEqual((0..<chunk.count).map { chunk[$0].value }, [0, 1, 2, 3])
            XCTAssertEqual((0..<chunk.count).map { chunk[$0].value }, [0, 1, 2, 3], "reading leaves them in place")
            XCTAssertEqual(alive.value, 4)
            chunk.removeAll()
            XCTAssertEqual(alive.value, 0, "emptied for reuse: every element destroyed")
            XCTAssertTrue(chunk.isEmpty)
            for value in 10..<12 { chunk.append(Tracked(value, alive: alive)) }
            XCTAssertEqual((0..<chunk.count).map { chunk[$0].value }, [10, 11], "refilled from the start")
            XCTAssertEqual(alive.value, 2)
        }
        XCTAssertEqual(alive.value, 0, "a dropped chunk destroys what it still held")
    }

    func testChunksGoRoundAPoolBetweenTwoThreadsAndEveryElementIsDestroyedByTheThreadThatMadeIt() {
        // As pass 2 of an export: a pool of chunks, filled on one thread, read on another, handed
        // back and emptied where they were filled.
        let pool = 3
        let full = HandoverQueue<PreparedChunk<Tracked>?>(capacity: pool)
        let returned = HandoverQueue<PreparedChunk<Tracked>>(capacity: pool)
        let alive = AtomicCounter()
        let destroyedElsewhere = AtomicCounter()
        let overfull = AtomicCounter()
        let count = 5_000
        let finished = DispatchSemaphore(value: 0)
        let producer = Thread {
            let maker = Thread.current
            var made = 1
            var chunk = PreparedChunk<Tracked>(capacity: 7)
            for value in 0..<count {
                chunk.append(
                    Tracked(value, alive: alive) { if Thread.current != maker { destroyedElsewhere.increment() } })
                if alive.value > pool * 7 { overfull.increment() }
                guard chunk.isFull else { continue }
                _ = full.push(chunk)
                if made < pool {
                    made += 1
                    chunk = PreparedChunk(capacity: 7)
                } else if let back = returned.popUnlessClosed() {
                    back.removeAll()
                    chunk = back
                }
            }
            _ = full.push(chunk)
            _ = full.push(nil)
            finished.signal()
        }
        producer.start()
        var received: [Int] = []
        while let chunk = full.pop() {
            for index in 0..<chunk.count { received.append(chunk[index].value) }
            _ = returned.push(chunk)
        }
        finished.wait()
        XCTAssertEqual(received, Array(0..<count))
        XCTAssertEqual(overfull.value, 0, "no more than the pool's elements live at once")
        XCTAssertEqual(destroyedElsewhere.value, 0, "every element destroyed while chunks went round, by its maker")
        returned.close()
        XCTAssertEqual(alive.value, 0)
    }
}

/// A counter two threads share in a test.
private final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    func decrement() {
        lock.lock()
        count -= 1
        lock.unlock()
    }
}

/// Counts itself alive in `alive`, to see a chunk destroy exactly what it still holds; calls
/// `destroyed` when destroyed.
private final class Tracked {
    let value: Int
    let alive: AtomicCounter
    let destroyed: () -> Void

    init(_ value: Int, alive: AtomicCounter, destroyed: @escaping () -> Void = {}) {
        self.value = value
        self.alive = alive
        self.destroyed = destroyed
        alive.increment()
    }

    deinit {
        destroyed()
        alive.decrement()
    }
}

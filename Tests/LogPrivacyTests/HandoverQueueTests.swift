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

    func testAChunkHandsEachElementOverOnceInOrderAndDestroysOnlyWhatWasNotTaken() {
        let alive = AtomicCounter()
        var taken: [Int] = []
        do {
            let chunk = PreparedChunk<Tracked>(capacity: 4)
            XCTAssertTrue(chunk.isEmpty)
            for value in 0..<4 { XCTAssertTrue(chunk.append(Tracked(value, alive: alive))) }
            XCTAssertTrue(chunk.isFull)
            XCTAssertFalse(chunk.append(Tracked(99, alive: alive)), "a full chunk refuses more")
            XCTAssertEqual(alive.value, 4, "the refused element is not kept")
            for _ in 0..<2 {
                if let element = chunk.take() { taken.append(element.value) }
            }
            XCTAssertEqual(alive.value, 2, "a taken element lives only as long as its taker holds it")
        }
        XCTAssertEqual(taken, [0, 1])
        XCTAssertEqual(alive.value, 0, "the chunk destroyed the two it still held, and only those")
        let drained = PreparedChunk<Tracked>(capacity: 2)
        drained.append(Tracked(7, alive: alive))
        XCTAssertEqual(drained.take()?.value, 7)
        XCTAssertNil(drained.take(), "each element is handed over once")
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

/// Counts itself alive in `alive`, to see a chunk destroy exactly what it still holds.
private final class Tracked {
    let value: Int
    let alive: AtomicCounter

    init(_ value: Int, alive: AtomicCounter) {
        self.value = value
        self.alive = alive
        alive.increment()
    }

    deinit { alive.decrement() }
}

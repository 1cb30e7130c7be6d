import Foundation
import XCTest

@testable import LogPrivacy

/// The bounded queue pass 2 of an export hands its prepared steps over by: everything pushed
/// comes out once and in order, a producer never runs more than its capacity ahead, and a
/// consumer that gives up releases a producer waiting for room.
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
}

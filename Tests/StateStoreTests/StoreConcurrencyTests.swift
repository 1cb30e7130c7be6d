import Foundation
import StoreTestSupport
import XCTest

@testable import StateStore

/// Dispatch is safe from any thread or task: nothing is lost, nothing is reordered per sender.
final class StoreConcurrencyTests: XCTestCase {
    func testEightTasksDispatchingTenThousandActionsEachLoseNone() async {
        let store = makeStore()
        let perTask = 10_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<perTask { store.dispatch(.increment) }
                }
            }
        }
        XCTAssertEqual(store.state.count, 8 * perTask)
    }

    func testEachSendersActionsKeepTheirOrder() async {
        let store = makeStore()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for index in 0..<500 { store.dispatch(.note("\(sender)-\(index)")) }
                }
            }
        }
        let history = store.state.history
        XCTAssertEqual(history.count, 2_000)
        for sender in 0..<4 {
            let own = history.filter { $0.hasPrefix("\(sender)-") }
            XCTAssertEqual(own, (0..<500).map { "\(sender)-\($0)" })
        }
    }

    func testSubscribersSeeAMonotonicCountWhileManyThreadsDispatch() async {
        let store = makeStore()
        let seen = Recorder<Int>()
        let subscription = store.subscribe(\.count) { seen.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 { store.dispatch(.increment) }
                }
            }
            group.addTask {
                // Subscribing and cancelling from another thread while others dispatch.
                for _ in 0..<200 {
                    let extra = store.subscribe(\.count) { _ in }
                    extra.cancel()
                    _ = store.state.count
                }
            }
        }
        subscription.cancel()
        let values = seen.values
        XCTAssertEqual(values.last, 8_000)
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(Set(values).count, values.count)
    }

    func testEffectsDispatchingConcurrentlyWithCallersLoseNothing() async {
        let store = makeStore()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<500 { store.dispatch(.startWork(id: "w\(index % 7)", value: index)) }
            }
            group.addTask {
                for _ in 0..<500 { store.dispatch(.increment) }
            }
        }
        await store.waitForEffects()
        XCTAssertEqual(store.state.count, 500)
        XCTAssertEqual(store.state.history.filter { $0.hasPrefix("finished") }.count, 500)
    }

    func testWaitForEffectsWaitsForADrainInProgressOnAThreadThatIsNotAnEffect() async throws {
        let store = makeStore()
        let entered = Recorder<Int>()
        let release = DispatchSemaphore(value: 0)
        // The first notification blocks the draining thread (a plain thread, not an effect).
        let subscription = store.subscribe(\.count) { count in
            if count == 1 {
                entered.append(count)
                release.wait()
            }
        }
        DispatchQueue.global().async { store.dispatch(.increment) }
        while entered.values.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        // Queued behind that drain: dispatch returns before it is reduced.
        store.dispatch(.note("queued"))
        let returned = Recorder<[String]>()
        let waiter = Task {
            await store.waitForEffects()
            returned.append(store.state.history)
        }
        try await Task.sleep(nanoseconds: 30_000_000)
        XCTAssertTrue(returned.values.isEmpty, "waitForEffects returned while the store was still draining")
        release.signal()
        await waiter.value
        XCTAssertEqual(returned.values.first?.contains("queued"), true, "the queued action was reduced first")
        subscription.cancel()
    }

    func testTheStoresLockLetsOneThreadAtATimeThroughWhileFourThreadsContendForIt() {
        // Four threads take the lock 20,000 times each and increment a plain counter under it:
        // any lost exclusion loses increments. Contended, the lock sleeps and wakes its waiters.
        let lock = StoreLock()
        let counter = UnguardedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 {
                lock.lock()
                counter.value += 1
                lock.unlock()
            }
        }
        XCTAssertEqual(lock.withLock { counter.value }, 80_000)
        lock.deallocate()
    }
}

/// A counter with no synchronisation of its own: the store's lock test guards it.
private final class UnguardedCounter: @unchecked Sendable {
    var value = 0
}

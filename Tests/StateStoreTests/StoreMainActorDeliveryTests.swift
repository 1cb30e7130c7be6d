import Foundation
import StateStore
import StoreTestSupport
import XCTest

#if canImport(Observation)
import Observation
#endif

/// Subscriptions made with `on: .mainActor`, and `ObservedState`: changes reach the main actor,
/// every one and in the store's order (the latest one for `ObservedState`), and `dispatch` never
/// waits for the main thread.
///
/// The synchronous tests run on the main thread; they block it on purpose (so changes pile up for
/// the main actor), then let the main queue run with `wait(for:timeout:)`, which drains it.
final class StoreMainActorDeliveryTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(Thread.isMainThread, "these tests block and drain the main thread")
    }

    // MARK: First value

    func testSubscribingOnTheMainActorDeliversTheCurrentValueBeforeReturning() {
        let store = makeStore()
        store.dispatch(.add(3))
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        XCTAssertEqual(trace.values, [3])
        subscription.cancel()
    }

    func testAChangeProcessedOnTheMainThreadIsDeliveredBeforeDispatchReturns() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        store.dispatch(.increment)
        store.dispatch(.setName("same count"))  // a repeat: not delivered
        store.dispatch(.increment)
        XCTAssertEqual(trace.values, [0, 1, 2])
        XCTAssertEqual(trace.offMainCount, 0)
        subscription.cancel()
    }

    func testSubscribingOffTheMainActorDeliversTheFirstValueOnTheMainActor() {
        let store = makeStore()
        store.dispatch(.add(2))
        let trace = MainActorTrace<Int>()
        let subscriptions = Recorder<StoreSubscription>()
        let subscribed = expectation(description: "subscribed on a background thread")
        Thread {
            subscriptions.append(store.subscribe(\.count, on: .mainActor) { trace.record($0) })
            subscribed.fulfill()
        }.start()
        wait(for: [subscribed, trace.expectation(count: 1, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, [2])
        XCTAssertEqual(trace.offMainCount, 0)
        XCTAssertEqual(subscriptions.values.count, 1)
    }

    func testSubscribingOnTheMainActorWhileAnotherThreadProcessesDeliversAtOnceAndNoRepeat() {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocking = Middleware<CounterState> { _, action, next in
            if action == .note("block") {
                entered.signal()
                release.wait()
            }
            next(action)
        }
        let store = makeStore(middleware: [blocking])
        store.dispatch(.add(5))
        Thread { store.dispatch(.note("block")) }.start()
        XCTAssertEqual(entered.wait(timeout: .now() + 30), .success)  // another thread is processing

        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        XCTAssertEqual(trace.values, [5], "the current value, before subscribe returns")
        store.dispatch(.increment)  // queued behind the blocked action and the subscription
        release.signal()
        wait(for: [trace.expectation(count: 2, in: self)], timeout: 30)
        drainMainQueue()
        XCTAssertEqual(trace.values, [5, 6], "joining the store's order does not repeat 5")
        subscription.cancel()
    }

    // MARK: Order and thread

    func testChangesDispatchedFromManyThreadsArriveOnTheMainActorInTheStoresOrder() {
        let store = makeStore()
        let threads = 4
        let perThread = 1_000
        let trace = MainActorTrace<String?>()
        let subscription = store.subscribe({ $0.history.last }, on: .mainActor) { trace.record($0) }
        let dispatched = expectation(description: "every thread dispatched")
        dispatched.expectedFulfillmentCount = threads
        for thread in 0..<threads {
            Thread {
                for index in 0..<perThread { store.dispatch(.note("\(thread)-\(index)")) }
                dispatched.fulfill()
            }.start()
        }
        wait(for: [dispatched, trace.expectation(count: 1 + threads * perThread, in: self)], timeout: 60)

        let history = store.state.history
        XCTAssertEqual(history.count, threads * perThread)
        // Every change, none merged, in the order the store reduced the actions.
        XCTAssertEqual(trace.values, [nil] + history.map { $0 })
        XCTAssertEqual(trace.offMainCount, 0)
        for thread in 0..<threads {
            let own = trace.values.compactMap { $0 }.filter { $0.hasPrefix("\(thread)-") }
            XCTAssertEqual(own, (0..<perThread).map { "\(thread)-\($0)" })
        }
        subscription.cancel()
    }

    func testMainActorSubscriptionsOfOneStoreSeeChangesInOneOrder() {
        let store = makeStore()
        let trace = MainActorTrace<String>()
        let first = store.subscribe(\.count, on: .mainActor) { trace.record("a\($0)") }
        let second = store.subscribe(\.count, on: .mainActor) { trace.record("b\($0)") }
        let dispatched = expectation(description: "dispatched")
        Thread {
            for _ in 0..<200 { store.dispatch(.increment) }
            dispatched.fulfill()
        }.start()
        wait(for: [dispatched, trace.expectation(count: 2 * 201, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, (0...200).flatMap { ["a\($0)", "b\($0)"] })
        first.cancel()
        second.cancel()
    }

    func testAnEffectsResultArrivesOnTheMainActor() {
        let store = makeStore()
        let trace = MainActorTrace<String?>()
        let subscription = store.subscribe({ $0.history.last }, on: .mainActor) { trace.record($0) }
        store.dispatch(.startWork(id: "load", value: 7))  // the effect sends its result from a task
        wait(for: [trace.expectation(count: 3, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, [nil, "start load", "finished 7"])
        XCTAssertEqual(trace.offMainCount, 0)
        subscription.cancel()
    }

    func testWholeStateSubscriptionOnTheMainActorSeesEveryChange() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(on: .mainActor) { state in trace.record(state.count) }
        let dispatched = expectation(description: "dispatched")
        Thread {
            store.dispatch(.increment)
            store.dispatch(.setName("x"))
            dispatched.fulfill()
        }.start()
        wait(for: [dispatched, trace.expectation(count: 3, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, [0, 1, 1])
        subscription.cancel()
    }

    func testCustomComparisonOnTheMainActorDecidesWhatIsARepeat() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe({ $0.count }, isDuplicate: { $0 / 10 == $1 / 10 }, on: .mainActor) {
            trace.record($0)
        }
        let dispatched = expectation(description: "dispatched")
        Thread {
            for _ in 0..<25 { store.dispatch(.increment) }
            dispatched.fulfill()
        }.start()
        wait(for: [dispatched, trace.expectation(count: 3, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, [0, 10, 20])
        subscription.cancel()
    }

    // MARK: Dispatch never waits for the main thread

    func testDispatchOnABackgroundThreadReturnsWhileTheMainThreadIsBlocked() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<100 { store.dispatch(.increment) }
            returned.signal()
        }.start()
        // The main thread waits here for the dispatches; were they to wait for it, this would
        // time out.
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(store.state.count, 100)
        XCTAssertEqual(trace.values, [0], "nothing reaches the main actor while it is blocked")
        wait(for: [trace.expectation(count: 101, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, Array(0...100))
        subscription.cancel()
    }

    // MARK: Cancelling

    func testCancellingOnTheMainActorDropsChangesAlreadyQueued() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<1_000 { store.dispatch(.increment) }
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)  // 1,000 changes queued
        subscription.cancel()
        drainMainQueue()
        XCTAssertEqual(trace.values, [0])
    }

    func testCancellingOnAnotherThreadDropsChangesNotYetDelivered() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { trace.record($0) }
        let cancelled = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<1_000 { store.dispatch(.increment) }
            subscription.cancel()
            cancelled.signal()
        }.start()
        XCTAssertEqual(cancelled.wait(timeout: .now() + 30), .success)
        drainMainQueue()
        XCTAssertEqual(trace.values, [0])
    }

    func testCancellingInsideACallbackStopsTheRestOfTheBatch() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let holder = LockedSubscription()
        holder.set(
            store.subscribe(\.count, on: .mainActor) { count in
                trace.record(count)
                if count == 5 { holder.cancel() }
            })
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<100 { store.dispatch(.increment) }
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)
        drainMainQueue()
        XCTAssertEqual(trace.values, [0, 1, 2, 3, 4, 5])
    }

    func testACallbackThatDispatchesSeesItsChangeAfterTheOnesQueuedBeforeIt() {
        let store = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store.subscribe(\.count, on: .mainActor) { count in
            trace.record(count)
            if count == 3 { store.dispatch(.set(100)) }  // from the main actor, mid-batch
        }
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<5 { store.dispatch(.increment) }
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)
        wait(for: [trace.expectation(count: 7, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, [0, 1, 2, 3, 4, 5, 100])
        subscription.cancel()
    }

    func testDroppingTheStoreStillDeliversWhatWasQueued() {
        var store: Store<CounterState>? = makeStore()
        let trace = MainActorTrace<Int>()
        let subscription = store?.subscribe(\.count, on: .mainActor) { trace.record($0) }
        let returned = DispatchSemaphore(value: 0)
        Thread { [store] in
            for _ in 0..<10 { store?.dispatch(.increment) }
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)
        store = nil
        wait(for: [trace.expectation(count: 11, in: self)], timeout: 30)
        XCTAssertEqual(trace.values, Array(0...10))
        subscription?.cancel()
    }

    // MARK: ObservedState

    #if canImport(Observation)
    func testObservedStateChangesOnlyOnTheMainActorAndCoalescesToTheLatest() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            throw XCTSkip("Observation needs macOS 14 / iOS 17")
        }
        let store = makeStore()
        let observed = store.observe(\.count)
        let changes = Recorder<Bool>()
        withObservationTracking {
            _ = observed.value
        } onChange: {
            changes.append(Thread.isMainThread)
        }
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<500 { store.dispatch(.increment) }
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(observed.value, 0, "changed only on the main actor, which is blocked here")
        XCTAssertEqual(changes.values, [])
        drainMainQueue()
        XCTAssertEqual(observed.value, 500)
        XCTAssertEqual(changes.values, [true])
    }

    func testObservedStateUpdatesAtOnceForAChangeProcessedOnTheMainThread() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            throw XCTSkip("Observation needs macOS 14 / iOS 17")
        }
        let store = makeStore()
        let observed = store.observe(\.count)
        store.dispatch(.add(4))
        XCTAssertEqual(observed.value, 4)
    }

    @MainActor
    func testObservedStateSeenFromAMainActorTaskNeverGoesBack() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            throw XCTSkip("Observation needs macOS 14 / iOS 17")
        }
        XCTAssertTrue(Thread.isMainThread)
        let store = makeStore()
        let observed = store.observe(\.count)
        let total = 4 * 500
        let dispatchers = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<500 { store.dispatch(.increment) }
                    }
                }
            }
        }
        let changedOnMain = Recorder<Bool>()
        var samples: [Int] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let value = withObservationTracking {
                observed.value
            } onChange: {
                changedOnMain.append(Thread.isMainThread)
            }
            samples.append(value)
            if value == total { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        await dispatchers.value
        XCTAssertEqual(samples.last, total)
        XCTAssertEqual(samples, samples.sorted(), "the main actor never sees an older value after a newer one")
        XCTAssertFalse(changedOnMain.values.isEmpty)
        XCTAssertFalse(changedOnMain.values.contains(false))
    }
    #endif

    // MARK: Helpers

    /// Runs the main queue until everything queued on it before this call has run.
    private func drainMainQueue() {
        let drained = expectation(description: "the main queue ran what was queued")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 30)
    }
}

/// What a main-actor callback received, checking that it ran on the main actor.
final class MainActorTrace<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    private var offMain = 0
    private var waiters: [(count: Int, expectation: XCTestExpectation)] = []

    /// Records a value; call it from the callback under test.
    @MainActor
    func record(_ value: Value) {
        MainActor.preconditionIsolated()
        let onMainThread = Thread.isMainThread
        lock.lock()
        storage.append(value)
        if !onMainThread { offMain += 1 }
        let count = storage.count
        let ready = waiters.filter { $0.count <= count }
        waiters.removeAll { $0.count <= count }
        lock.unlock()
        for waiter in ready { waiter.expectation.fulfill() }
    }

    /// The values received, in order.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// How many values arrived off the main thread (none should).
    var offMainCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return offMain
    }

    /// An expectation fulfilled once `count` values were recorded.
    func expectation(count: Int, in test: XCTestCase) -> XCTestExpectation {
        let expectation = test.expectation(description: "\(count) values on the main actor")
        lock.lock()
        let reached = storage.count >= count
        if !reached { waiters.append((count, expectation)) }
        lock.unlock()
        if reached { expectation.fulfill() }
        return expectation
    }
}

/// A subscription a callback can cancel, set after `subscribe` returns.
final class LockedSubscription: @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: StoreSubscription?

    func set(_ subscription: StoreSubscription) {
        lock.lock()
        self.subscription = subscription
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        let subscription = self.subscription
        lock.unlock()
        subscription?.cancel()
    }
}

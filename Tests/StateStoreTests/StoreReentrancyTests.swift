import StateStore
import StoreTestSupport
import XCTest

/// Actions dispatched while another is being processed are queued (FIFO), never recursive.
final class StoreReentrancyTests: XCTestCase {
    func testDispatchFromASubscriberIsProcessedAfterTheRound() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let first = store.subscribe(\.count) { count in
            seen.append(count)
            if count == 1 { store.dispatch(.note("from subscriber")) }
        }
        // The queued action is reduced only after the whole round has been notified.
        let second = store.subscribe(\.history) { history in
            seen.append(100 + history.count)
        }
        store.dispatch(.increment)
        XCTAssertEqual(store.state.history, ["from subscriber"])
        XCTAssertEqual(seen.values, [0, 100, 1, 101])
        _ = (first, second)
    }

    func testFollowUpFromAReducerEffectRunsAfterTheCurrentActionAndBeforeLaterOnes() {
        let order = Recorder<String>()
        let recorder = Middleware<CounterState>.observing { _, action in order.append("\(action)") }
        let store = makeStore(middleware: [recorder])
        let subscription = store.subscribe(\.history) { history in
            if history == ["followUp 1"] { store.dispatch(.note("from subscriber")) }
        }
        store.dispatch(.followUp(1))
        XCTAssertEqual(store.state.history, ["followUp 1", "after 1", "from subscriber"])
        XCTAssertEqual(order.values, ["followUp(1)", "note(\"after 1\")", "note(\"from subscriber\")"])
        subscription.cancel()
    }

    func testNestedDispatchesKeepFIFOOrder() {
        let chain = Middleware<CounterState> { context, action, next in
            next(action)
            if case .add(let value) = action, value < 3 {
                context.dispatch(.add(value + 1))
                context.dispatch(.note("queued after add \(value)"))
            }
        }
        let store = makeStore(middleware: [chain])
        store.dispatch(.add(1))
        XCTAssertEqual(store.state.count, 1 + 2 + 3)
        XCTAssertEqual(store.state.history, ["queued after add 1", "queued after add 2"])
    }

    func testReducedOrderMatchesWhatAnAfterReduceObserverRecords() async {
        let reduced = Recorder<CounterState.Action>()
        let store = makeStore(middleware: [.afterReduce { _, action, _, _ in reduced.append(action) }])
        store.dispatch(.startWork(id: "a", value: 1))
        store.dispatch(.followUp(2))
        await store.waitForEffects()
        // Whatever the interleaving, the recorded order reproduces the state.
        var replayed = CounterState()
        for action in reduced.values {
            _ = counterReducer.reduce(&replayed, action)
        }
        XCTAssertEqual(replayed, store.state)
        XCTAssertEqual(reduced.values.count, 4)
    }

    // The store's lock is not recursive: a reducer that reaches its own store (it should not, but
    // nothing may deadlock or crash) is recognised as the store's owner.

    func testAReducerThatReadsItsStoreSeesTheStateBeingReducedWithoutDeadlocking() {
        for middleware in [[], [Middleware<CounterState>.observing { _, _ in }]] {
            let box = StoreBox()
            let reducer = Reducer<CounterState, CounterState.Action>.pure { state, _ in
                state.count += 1
                state.history.append("store says \(box.store?.state.count ?? -1)")
            }
            let store = Store(reducer: reducer, state: CounterState(), middleware: middleware)
            box.store = store
            store.dispatch(.increment)
            XCTAssertEqual(store.state.history, ["store says 1"])
            box.store = nil
        }
    }

    func testAReducerThatDispatchesToItsStoreQueuesTheActionAfterTheCurrentOne() {
        for middleware in [[], [Middleware<CounterState>.observing { _, _ in }]] {
            let box = StoreBox()
            let reducer = Reducer<CounterState, CounterState.Action>.pure { state, action in
                state.history.append("\(action)")
                if action == .increment { box.store?.dispatch(.note("queued by the reducer")) }
            }
            let store = Store(reducer: reducer, state: CounterState(), middleware: middleware)
            box.store = store
            store.dispatch(.increment)
            XCTAssertEqual(store.state.history, ["increment", "note(\"queued by the reducer\")"])
            store.dispatch(.decrement)
            XCTAssertEqual(store.state.history.last, "decrement")
            box.store = nil
        }
    }

    func testAReducerThatSwitchesEffectsOffOrSubscribesDoesNotDeadlock() {
        let box = StoreBox()
        let seen = Recorder<Int>()
        let subscriptions = Recorder<StoreSubscription>()
        let reducer = Reducer<CounterState, CounterState.Action>.pure { state, action in
            state.count += 1
            guard action == .increment, let store = box.store else { return }
            store.effectsEnabled = !store.effectsEnabled
            subscriptions.append(store.subscribe(\.count) { seen.append($0) })
        }
        let store = Store(reducer: reducer, state: CounterState())
        box.store = store
        store.dispatch(.increment)
        XCTAssertFalse(store.effectsEnabled)
        // Subscribed from the reducer: at once (the count being reduced), then after the action.
        store.dispatch(.decrement)
        XCTAssertEqual(seen.values, [1, 2])
        box.store = nil
    }

    func testTheLastActionOfManyThreadsIsNeverLeftQueuedWhenTheDrainerFinishes() async {
        // Each dispatch hands the drainer role over with an atomic step that races the threads
        // queueing behind it; whatever the interleaving, every action is processed and every
        // change notified by the time the dispatching threads return.
        for middleware in [[], [Middleware<CounterState>.observing { _, _ in }]] {
            let store = makeStore(middleware: middleware)
            let seen = Recorder<Int>()
            let subscription = store.subscribe(\.count) { seen.append($0) }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<2_000 { store.dispatch(.increment) }
                    }
                }
                group.addTask {
                    // Subscription changes take the drainer role too when the store is idle.
                    for _ in 0..<200 { store.subscribe(\.count) { _ in }.cancel() }
                }
            }
            XCTAssertEqual(store.state.count, 8_000)
            XCTAssertEqual(seen.values, Array(0...8_000))
            subscription.cancel()
        }
    }
}

/// Lets a reducer reach the store it runs in (set after the store is made).
private final class StoreBox: @unchecked Sendable {
    // Set and cleared by the test's thread before and after it dispatches; read by the reducer,
    // which runs on that thread.
    var store: Store<CounterState>?
}

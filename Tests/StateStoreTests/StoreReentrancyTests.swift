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
}

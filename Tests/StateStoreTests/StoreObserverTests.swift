import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// `ActionObserver`: what it sees, when, and on which thread; that a store without middleware
/// keeps its order with observers from many threads; that releasing the store releases them.
final class StoreObserverTests: XCTestCase {
    private func observing(_ seen: Recorder<String>, _ name: String = "") -> ActionObserver<CounterState> {
        ActionObserver { context, action in
            seen.append("\(name)\(action) count \(context.state.count)")
        }
    }

    func testAnObserverSeesEveryReducedActionWithTheStateAfterIt() {
        let seen = Recorder<String>()
        let store = Store(reducer: counterReducer, state: CounterState(), observers: [observing(seen)])
        store.dispatch(.increment)
        store.dispatch(.add(5))
        store.dispatch(.decrement)
        XCTAssertEqual(seen.values, ["increment count 1", "add(5) count 6", "decrement count 5"])
    }

    func testAnObserverSeesWhatTheReducerSawAfterEveryMiddleware() {
        let seen = Recorder<String>()
        let rewriting = Middleware<CounterState> { _, action, next in
            switch action {
            case .decrement: return  // swallowed
            case .increment: next(.add(10))  // replaced
            case .set: next(action); next(action)  // passed on twice
            default: next(action)
            }
        }
        let store = Store(
            reducer: counterReducer, state: CounterState(), middleware: [rewriting], observers: [observing(seen)])
        store.dispatch(.decrement)
        store.dispatch(.increment)
        store.dispatch(.set(3))
        XCTAssertEqual(seen.values, ["add(10) count 10", "set(3) count 3", "set(3) count 3"])
    }

    func testObserversRunInOrderAfterTheReducerAndBeforeSubscribers() {
        let seen = Recorder<String>()
        let store = Store(
            reducer: counterReducer, state: CounterState(), observers: [observing(seen, "a "), observing(seen, "b ")])
        let subscription = store.subscribe(\.count) { count in seen.append("subscriber \(count)") }
        store.dispatch(.increment)
        XCTAssertEqual(seen.values, ["subscriber 0", "a increment count 1", "b increment count 1", "subscriber 1"])
        subscription.cancel()
    }

    func testAnObserversDispatchIsQueuedBehindTheCurrentAction() {
        let history = Recorder<[String]>()
        let echo = ActionObserver<CounterState> { context, action in
            guard case .note(let text) = action, !text.hasPrefix("echo") else { return }
            context.dispatch(.note("echo \(text)"))
            // Queued, not reduced yet: the state is still the one after the current action.
            history.append(context.state.history)
        }
        let store = Store(reducer: counterReducer, state: CounterState(), observers: [echo])
        store.dispatch(.note("one"))
        XCTAssertEqual(history.values, [["one"]])
        XCTAssertEqual(store.state.history, ["one", "echo one"])
    }

    func testAnObserverSeesTheActionsAnEffectSends() async {
        let seen = Recorder<String>()
        let store = Store(reducer: counterReducer, state: CounterState(), observers: [observing(seen)])
        store.dispatch(.followUp(1))
        await store.waitForEffects()
        XCTAssertEqual(seen.values, ["followUp(1) count 0", "note(\"after 1\") count 0"])
    }

    /// Without middleware, each dispatch takes the store's own path; the observers must still see
    /// every action once, in the order reduced, whichever thread reduced it.
    func testObserversOfAStoreWithoutMiddlewareSeeEveryThreadsActionsInTheOrderReduced() {
        let seen = Recorder<String>()
        let store = Store(
            reducer: counterReducer, state: CounterState(),
            observers: [
                ActionObserver { _, action in
                    if case .note(let text) = action { seen.append(text) }
                }
            ])
        let threads = 4
        let perThread = 2_000
        onThreads(threads) { thread in
            for index in 0..<perThread { store.dispatch(.note("\(thread)-\(index)")) }
        }
        let observed = seen.values
        let reduced = store.state.history
        XCTAssertEqual(observed.count, threads * perThread)
        XCTAssertEqual(reduced.count, threads * perThread)
        let firstDifference = (0..<min(observed.count, reduced.count)).first { observed[$0] != reduced[$0] }
        XCTAssertNil(firstDifference, "observed and reduced orders differ from action \(firstDifference ?? 0) on")
    }

    func testReleasingTheStoreReleasesItsObservers() {
        final class Captured: Sendable {}
        weak var captured: Captured?
        do {
            let object = Captured()
            captured = object
            let store = Store(
                reducer: counterReducer, state: CounterState(),
                observers: [ActionObserver { _, _ in withExtendedLifetime(object) {} }])
            store.dispatch(.increment)
            XCTAssertNotNil(captured)
        }
        XCTAssertNil(captured, "the store's observer (and its context) kept the store alive")
    }
}

import StateStore
import StoreTestSupport
import XCTest

final class StoreMiddlewareTests: XCTestCase {
    func testMiddlewareRunInTheOrderGivenBeforeTheReducer() {
        let seen = Recorder<String>()
        func tagging(_ name: String) -> Middleware<CounterState> {
            Middleware { context, action, next in
                seen.append("\(name) before, count \(context.state.count)")
                next(action)
                seen.append("\(name) after, count \(context.state.count)")
            }
        }
        let store = makeStore(middleware: [tagging("a"), tagging("b")])
        store.dispatch(.increment)
        XCTAssertEqual(
            seen.values,
            ["a before, count 0", "b before, count 0", "b after, count 1", "a after, count 1"]
        )
    }

    func testMiddlewareCanSwallowAnAction() {
        let blockDecrement = Middleware<CounterState> { _, action, next in
            if action == .decrement { return }
            next(action)
        }
        let store = makeStore(middleware: [blockDecrement])
        store.dispatch(.increment)
        store.dispatch(.decrement)
        XCTAssertEqual(store.state.count, 1)
    }

    func testMiddlewareCanReplaceAnAction() {
        let double = Middleware<CounterState> { _, action, next in
            next(action == .increment ? .add(2) : action)
        }
        let store = makeStore(middleware: [double])
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 2)
    }

    func testMiddlewareDispatchIsQueuedAfterTheCurrentAction() {
        let echo = Middleware<CounterState> { context, action, next in
            if case .note(let text) = action, !text.hasPrefix("echo") {
                context.dispatch(.note("echo \(text)"))
                // Not processed yet: it is queued behind the current action.
                XCTAssertEqual(context.state.history, [])
            }
            next(action)
        }
        let store = makeStore(middleware: [echo])
        store.dispatch(.note("one"))
        XCTAssertEqual(store.state.history, ["one", "echo one"])
    }

    func testNextCalledTwiceReducesTwice() {
        let twice = Middleware<CounterState> { _, action, next in
            next(action)
            next(action)
        }
        let store = makeStore(middleware: [twice])
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 2)
    }

    func testObservingAndAfterReduceMiddlewareSeeBeforeAndAfter() {
        let seen = Recorder<String>()
        let store = makeStore(middleware: [
            .observing { context, action in seen.append("observe \(action) at \(context.state.count)") },
            .afterReduce { _, action, before, after in seen.append("\(action): \(before.count) -> \(after.count)") },
        ])
        store.dispatch(.add(4))
        XCTAssertEqual(seen.values, ["observe add(4) at 0", "add(4): 0 -> 4"])
    }

    func testLoggingMiddlewareWritesOneLinePerAction() {
        let lines = Recorder<String>()
        let store = makeStore(middleware: [.logging(prefix: "[test]", log: { lines.append($0) })])
        store.dispatch(.increment)
        store.dispatch(.setName("x"))
        XCTAssertEqual(lines.values.count, 2)
        XCTAssertTrue(lines.values[0].hasPrefix("[test] increment ("), lines.values[0])
        XCTAssertTrue(lines.values[1].hasPrefix("[test] setName(\"x\") ("), lines.values[1])
        XCTAssertTrue(lines.values[1].hasSuffix(" ms)"), lines.values[1])
    }

    func testContextThatOutlivesItsStoreIsHarmless() {
        let kept = Recorder<MiddlewareContext<CounterState>>()
        var store: Store<CounterState>? = makeStore(middleware: [
            .observing { context, _ in kept.append(context) }
        ])
        store?.dispatch(.increment)
        store = nil
        let context = kept.values[0]
        context.dispatch(.increment)  // does nothing, does not crash
        XCTAssertEqual(context.state.count, 1)
    }
}

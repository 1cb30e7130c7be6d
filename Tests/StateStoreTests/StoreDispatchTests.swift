import StateStore
import StoreTestSupport
import XCTest

final class StoreDispatchTests: XCTestCase {
    func testDispatchReducesBeforeReturningWhenIdle() {
        let store = makeStore()
        store.dispatch(.increment)
        store.dispatch(.add(5))
        XCTAssertEqual(store.state.count, 6)
    }

    func testCombinedReducersRunInOrderOnTheSameState() {
        let first = Reducer<CounterState, CounterState.Action>.pure { state, _ in state.history.append("first") }
        let second = Reducer<CounterState, CounterState.Action>.pure { state, _ in
            state.history.append("second saw \(state.history.count)")
        }
        let store = Store(reducer: .combine(first, second), state: CounterState())
        store.dispatch(.increment)
        XCTAssertEqual(store.state.history, ["first", "second saw 1"])
    }

    func testCombinedReducersMergeEffectsInOrder() async {
        let first = Reducer<CounterState, CounterState.Action> { _, action in
            action == .increment ? .send(.note("from first")) : .none
        }
        let second = Reducer<CounterState, CounterState.Action> { _, action in
            action == .increment ? .send(.note("from second")) : .none
        }
        let store = Store(reducer: .combine(first, second, counterReducer), state: CounterState())
        store.dispatch(.increment)
        XCTAssertEqual(store.state.history, ["from first", "from second"])
    }

    func testScopedReducerSeesOnlyItsCaseAndMutatesTheChildInPlace() async {
        struct AppState: StoreState, Equatable {
            enum Action: Codable, Sendable, Equatable {
                case counter(CounterState.Action)
                case rename(String)
            }
            var counter = CounterState()
            var title = ""
        }
        let counterCase = ActionCase<AppState.Action, CounterState.Action>(
            embed: AppState.Action.counter,
            extract: { if case .counter(let action) = $0 { action } else { nil } }
        )
        let title = Reducer<AppState, AppState.Action>.pure { state, action in
            if case .rename(let name) = action { state.title = name }
        }
        let app = Reducer.combine(counterReducer.scope(state: \AppState.counter, action: counterCase), title)
        let store = Store(reducer: app, state: AppState())

        store.dispatch(.counter(.add(3)))
        store.dispatch(.rename("Bag"))
        // The child's effect is lifted into the parent action and fed back through the store.
        store.dispatch(.counter(.startWork(id: "w", value: 7)))
        await store.waitForEffects()

        XCTAssertEqual(store.state.counter.count, 3)
        XCTAssertEqual(store.state.title, "Bag")
        XCTAssertEqual(store.state.counter.history, ["start w", "finished 7"])
    }

    func testIfLetReducerRunsOnlyWhileTheChildIsPresent() {
        struct Parent: StoreState, Equatable {
            typealias Action = CounterState.Action
            var child: CounterState?
        }
        let reducer = counterReducer.ifLet(state: \Parent.child, action: .identity)
        let store = Store(reducer: reducer, state: Parent(child: nil))
        store.dispatch(.increment)
        XCTAssertNil(store.state.child)

        let present = Store(reducer: reducer, state: Parent(child: CounterState()))
        present.dispatch(.increment)
        present.dispatch(.increment)
        XCTAssertEqual(present.state.child?.count, 2)
    }

    func testEmptyReducerLeavesStateUnchanged() {
        let store = Store(reducer: Reducer<CounterState, CounterState.Action>.empty, state: CounterState(count: 4))
        store.dispatch(.increment)
        XCTAssertEqual(store.state, CounterState(count: 4))
    }
}

import StateStore
import StoreTestSupport
import XCTest

final class StoreEffectTests: XCTestCase {
    func testEffectFeedsItsActionBack() async {
        let store = makeStore()
        store.dispatch(.startWork(id: "load", value: 42))
        await store.waitForEffects()
        XCTAssertEqual(store.state.history, ["start load", "finished 42"])
        XCTAssertEqual(store.activeEffectCount, 0)
    }

    func testThrowingEffectEndsInTheActionItNames() async {
        let store = makeStore()
        store.dispatch(.startThrowingWork(id: "pay"))
        await store.waitForEffects()
        XCTAssertEqual(store.state.history, ["failed network down"])
    }

    func testEffectCancelledByIDSendsNothing() async {
        let started = Signal()
        let reducer = Reducer<CounterState, CounterState.Action> { state, action in
            switch action {
            case .startWork(let id, let value):
                return .run(id: EffectID(id)) { send in
                    await started.raise()
                    try? await Task.sleep(for: .seconds(60))
                    send(.workFinished(value))
                }
            default:
                return counterReducer.reduce(&state, action)
            }
        }
        let store = Store(reducer: reducer, state: CounterState())
        store.dispatch(.startWork(id: "slow", value: 1))
        await started.wait()
        XCTAssertEqual(store.activeEffectIDs, ["slow"])
        store.dispatch(.cancelWork(id: "slow"))
        XCTAssertEqual(store.activeEffectCount, 0)
        await store.waitForEffects()
        XCTAssertEqual(store.state.history, [])
    }

    func testCancelInFlightReplacesTheRunningEffect() async {
        let firstStarted = Signal()
        let reducer = Reducer<CounterState, CounterState.Action> { state, action in
            switch action {
            case .startWork(let id, let value):
                return .run(id: EffectID(id), cancelInFlight: true) { send in
                    if value == 1 {
                        await firstStarted.raise()
                        try? await Task.sleep(for: .seconds(60))
                    }
                    send(.workFinished(value))
                }
            default:
                return counterReducer.reduce(&state, action)
            }
        }
        let store = Store(reducer: reducer, state: CounterState())
        store.dispatch(.startWork(id: "search", value: 1))
        await firstStarted.wait()
        store.dispatch(.startWork(id: "search", value: 2))
        await store.waitForEffects()
        XCTAssertEqual(store.state.history, ["finished 2"])
    }

    func testReleasingTheStoreCancelsItsEffects() async {
        let started = Signal()
        let cancelled = Signal()
        let reducer = Reducer<CounterState, CounterState.Action> { _, action in
            guard case .startWork = action else { return .none }
            return .run { _ in
                await started.raise()
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    await cancelled.raise()
                }
            }
        }
        var store: Store<CounterState>? = Store(reducer: reducer, state: CounterState())
        store?.dispatch(.startWork(id: "x", value: 0))
        await started.wait()
        store = nil
        await cancelled.wait()  // returns only because the store cancelled the effect
    }

    func testEffectsSwitchedOffRunNothingNotEvenFollowUps() async {
        let store = makeStore(effectsEnabled: false)
        store.dispatch(.startWork(id: "w", value: 1))
        store.dispatch(.followUp(2))
        XCTAssertEqual(store.activeEffectCount, 0)
        await store.waitForEffects()
        XCTAssertEqual(store.state.history, ["start w", "followUp 2"])
        store.effectsEnabled = true
        XCTAssertTrue(store.effectsEnabled)
        store.dispatch(.followUp(3))
        XCTAssertEqual(store.state.history.suffix(2), ["followUp 3", "after 3"])
    }

    func testMergedEffectsAllRun() async {
        let reducer = Reducer<CounterState, CounterState.Action> { state, action in
            if action == .increment {
                return .merge(.send(.note("a")), .none, .send(.note("b")))
            }
            return counterReducer.reduce(&state, action)
        }
        let store = Store(reducer: reducer, state: CounterState())
        store.dispatch(.increment)
        XCTAssertEqual(store.state.history, ["a", "b"])
    }

    func testMappedEffectTranslatesItsActionsAndErrors() async {
        let sent = Recorder<String>()
        let effect = Effect<Int>.run { _ in
            throw TestFailure(message: "boom")
        } catch: { _ in
            -1
        }
        .map { "value \($0)" }
        let store = Store(
            reducer: Reducer<CounterState, CounterState.Action> { _, action in
                action == .increment ? effect.map { CounterState.Action.note($0) } : .none
            }.combined(with: counterReducer),
            state: CounterState()
        )
        store.dispatch(.increment)
        await store.waitForEffects()
        sent.append(contentsOf: store.state.history)
        XCTAssertEqual(sent.values, ["value -1"])
    }
}

extension Recorder {
    func append(contentsOf values: [Value]) {
        for value in values { append(value) }
    }
}

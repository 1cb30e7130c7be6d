import StateStore
import StateStoreTesting
import XCTest

/// The test store runs effects the way `Store` does, and in a deterministic order.
final class TestStoreEffectSemanticsTests: XCTestCase {
    func testSleepersWakeInDeadlineOrderNotStartOrder() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) { clock in
                Reducer { state, action in
                    switch action {
                    case .loadBothTapped:
                        return .merge(
                            .run { send in
                                try? await clock.sleep(for: .seconds(2))
                                send(.loaded(2))
                            },
                            .run { send in
                                try? await clock.sleep(for: .seconds(1))
                                send(.loaded(1))
                            }
                        )
                    case .loaded(let value):
                        state.value = value
                        return .none
                    default:
                        return .none
                    }
                }
            }
            await store.send(.loadBothTapped)
            XCTAssertEqual(store.clock.sleeperCount, 2)
            await store.clock.advance(by: .seconds(3))
            await store.receive(.loaded(1)) { $0.value = 1 }
            await store.receive(.loaded(2)) { $0.value = 2 }
        }
        XCTAssertEqual(failures, [])
    }

    func testActionsAnEffectSendsAfterBeingCancelledOnArrivalAreDropped() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Feature(),
                reducer: Reducer { state, action in
                    switch action {
                    case .loadTapped:
                        return .run(id: "load") { send in
                            send(.loaded(1))
                            send(.loaded(2))
                        }
                    case .loaded(let value):
                        state.value = value
                        return .cancel(id: "load")
                    default:
                        return .none
                    }
                }, timeout: finishingEffectsTimeout)
            await store.send(.loadTapped)
            await store.receive(.loaded(1)) { $0.value = 1 }
            await store.finish()
        }
        XCTAssertEqual(failures, [])
    }

    func testFollowUpsOfReceivedActionsAreReceivedInOrder() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Feature(),
                reducer: Reducer { state, action in
                    switch action {
                    case .loadTapped:
                        return .run { send in send(.loaded(1)) }
                    case .loaded(let value):
                        state.value = value
                        return .merge(.send(.increment), .send(.tick))
                    case .increment:
                        state.count += 1
                        return .none
                    case .tick:
                        state.ticks += 1
                        return .none
                    default:
                        return .none
                    }
                }, timeout: finishingEffectsTimeout)
            await store.send(.loadTapped)
            await store.receive(.loaded(1)) { $0.value = 1 }
            await store.receive(.increment) { $0.count = 1 }
            await store.receive(.tick) { $0.ticks = 1 }
        }
        XCTAssertEqual(failures, [])
    }

    func testCancelInFlightCancelsWorkNotYetStarted() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Feature(),
                reducer: Reducer { state, action in
                    switch action {
                    case .loadTapped:
                        // Both runs are asked for in one reduce: the second replaces the first
                        // before either starts, as in a store.
                        return .merge(
                            .run(id: "load", cancelInFlight: true) { send in send(.loaded(1)) },
                            .run(id: "load", cancelInFlight: true) { send in send(.loaded(2)) }
                        )
                    case .loaded(let value):
                        state.value = value
                        return .none
                    default:
                        return .none
                    }
                }, timeout: finishingEffectsTimeout)
            await store.send(.loadTapped)
            await store.receive(.loaded(2)) { $0.value = 2 }
        }
        XCTAssertEqual(failures, [])
    }

    func testStandaloneClockReturnsAtOnceForAPassedDeadline() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
        XCTAssertEqual(clock.now, TestClock.Instant(offset: .seconds(5)))
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testCancelledSleepThrowsCancellationError() async {
        let clock = TestClock()
        let task = Task {
            try await clock.sleep(for: .seconds(1))
        }
        task.cancel()
        do {
            try await task.value
            XCTFail("a cancelled sleep must throw")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertEqual(clock.sleeperCount, 0)
    }
}

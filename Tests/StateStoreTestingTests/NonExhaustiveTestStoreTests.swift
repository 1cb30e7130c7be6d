import StateStore
import StateStoreTesting
import XCTest

/// Non-exhaustive mode: what it lets pass, and what it still fails.
final class NonExhaustiveTestStoreTests: XCTestCase {
    func testUnassertedChangesAndActionsAndEffectsPass() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment)
            await store.send(.loadTapped)
            await store.send(.timerStarted)
            await store.send(.increment) { $0.count = 2 }
            XCTAssertEqual(store.state.value, 42)
        }
        XCTAssertEqual(failures, [])
    }

    func testReceiveSkipsEarlierActionsToTheOneAsserted() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadBothTapped)
            await store.receive(.loaded(2)) { $0.value = 2 }
        }
        XCTAssertEqual(failures, [])
    }

    func testRelativeAssertionsAreCheckedFromTheStateBefore() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment) { $0.count += 1 }
            await store.send(.increment) { $0.count += 1 }
        }
        XCTAssertEqual(failures, [])
    }

    func testWrongAssertionStillFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped)
            await store.send(.increment) { $0.count = 5 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("-count: 5\n+count: 1") == true, "\(failures)")
    }

    func testReceivingAnActionThatNeverComesStillFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped)
            await store.receive(.loadFailed("offline"))
        }
        XCTAssertEqual(failures, ["Expected to receive .loadFailed(\"offline\"), but no effect is running to send it."])
    }

    func testAssertChecksTheCurrentStateWithoutAnAction() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), exhaustivity: .off, timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped)
            await store.skipReceivedActions()
            store.assert { $0.value = 42 }
            store.assert { $0.value = 41 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("-value: 41\n+value: 42") == true, "\(failures)")
    }
}

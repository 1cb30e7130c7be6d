import StateStore
import StateStoreTesting
import XCTest

/// What a passing test looks like: every behaviour of the test store that must NOT fail.
final class TestStoreTests: XCTestCase {
    func testSendAssertsTheFullStateChangeWithoutFailing() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment) { $0.count = 1 }
            await store.send(.increment) { $0.count += 1 }
            XCTAssertEqual(store.state.count, 2)
        }
        XCTAssertEqual(failures, [])
    }

    func testReceiveAssertsTheActionAnEffectSentBack() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.receive(.loaded(42)) {
                $0.isLoading = false
                $0.value = 42
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testThrowingEffectIsReceivedAsItsCatchAction() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.failingLoadTapped) { $0.isLoading = true }
            await store.receive(.loadFailed("offline")) {
                $0.isLoading = false
                $0.error = "offline"
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testFollowUpSendIsReceivedAfterTheActionThatAskedForIt() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.incrementLater)
            await store.receive(.increment) { $0.count = 1 }
        }
        XCTAssertEqual(failures, [])
    }

    func testMergedEffectsAreReceivedInTheOrderGiven() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadBothTapped)
            await store.receive(.loaded(1)) { $0.value = 1 }
            await store.receive(.loaded(2)) { $0.value = 2 }
        }
        XCTAssertEqual(failures, [])
    }

    func testTimerTicksOnlyWhenTheClockAdvances() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
            XCTAssertEqual(store.clock.sleeperCount, 1)
            XCTAssertEqual(store.receivedActions, [])
            await store.clock.advance(by: .milliseconds(2_500))
            await store.receive(.tick) { $0.ticks = 1 }
            await store.receive(.tick) { $0.ticks = 2 }
            await store.clock.advance(by: .milliseconds(500))
            await store.receive(.tick) { $0.ticks = 3 }
            await store.send(.timerStopped)
            XCTAssertEqual(store.inFlightEffectCount, 0)
        }
        XCTAssertEqual(failures, [])
    }

    func testCancelInFlightKeepsOnlyTheLastSearch() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.queryChanged("s")) { $0.query = "s" }
            await store.clock.advance(by: .milliseconds(200))
            await store.send(.queryChanged("sh")) { $0.query = "sh" }
            await store.clock.advance(by: .milliseconds(200))
            XCTAssertEqual(store.receivedActions, [])
            await store.clock.advance(by: .milliseconds(100))
            await store.receive(.searched("sh")) { $0.results = ["sh 1", "sh 2"] }
        }
        XCTAssertEqual(failures, [])
    }

    func testCancelledEffectSendsNothing() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
            await store.send(.timerStopped)
            await store.clock.advance(by: .seconds(10))
            XCTAssertEqual(store.receivedActions, [])
            await store.finish()
        }
        XCTAssertEqual(failures, [])
    }

    func testClockRunWakesEverySleeperUntilNoneIsLeft() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.queryChanged("a")) { $0.query = "a" }
            let settled = await store.clock.run()
            XCTAssertTrue(settled)
            XCTAssertEqual(store.clock.now, TestClock.Instant(offset: .milliseconds(300)))
            await store.receive(.searched("a")) { $0.results = ["a 1", "a 2"] }
        }
        XCTAssertEqual(failures, [])
    }

    func testReceiveWherePredicateMatchesUnpredictableValues() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.failingLoadTapped) { $0.isLoading = true }
            await store.receive(where: { if case .loadFailed = $0 { true } else { false } }) {
                $0.isLoading = false
                $0.error = "offline"
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testEffectFedFromOutsideIsReceivedWhenItSends() async {
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        let failures = await collectFailures {
            // The store's timeout is how long settling waits before it takes the listening effect
            // for one that waits on the outside: a passing test waits it once, so it is short.
            // Waiting for the action and for the effect's end are failure guards only (a passing
            // run never waits them out), so they are long: a loaded machine may take more than
            // 100 ms to wake the effect once the stream has a value, or has finished.
            let store = TestStore(initialState: Feature(), timeout: .milliseconds(100)) {
                featureReducer(clock: $0, events: events)
            }
            await store.send(.listenTapped)
            continuation.yield(7)
            await store.receive(.loaded(7), assert: { $0.value = 7 }, timeout: .seconds(60))
            continuation.finish()
            await store.finish(timeout: .seconds(60))
        }
        XCTAssertEqual(failures, [])
    }

    func testSkipInFlightEffectsLetsALongLivedEffectEndTheTest() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
            await store.skipInFlightEffects()
        }
        XCTAssertEqual(failures, [])
    }

    func testSkipReceivedActionsAcceptsTheirState() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.skipReceivedActions()
            XCTAssertEqual(store.state.value, 42)
            await store.send(.increment) { $0.count = 1 }
        }
        XCTAssertEqual(failures, [])
    }

    func testClockRunGivesUpOnATimerThatNeverStops() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
            let settled = await store.clock.run(maximumWakeUps: 3)
            XCTAssertFalse(settled)
            await store.receive(.tick) { $0.ticks = 1 }
            await store.receive(.tick) { $0.ticks = 2 }
            await store.receive(.tick) { $0.ticks = 3 }
            await store.send(.timerStopped)
        }
        XCTAssertEqual(failures, [])
    }
}

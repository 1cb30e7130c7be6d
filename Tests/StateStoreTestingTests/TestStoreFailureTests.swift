import StateStore
import StateStoreTesting
import XCTest

/// Every way a test store must FAIL a test, each proven by collecting what it reports.
final class TestStoreFailureTests: XCTestCase {
    func testUnassertedStateChangeFailsAtTheSendLineWithADiff() async {
        let sendLine = Box<UInt>(0)
        let (_, failures) = await FailureReporter.collectingFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            sendLine.value = #line + 1
            await store.send(.increment)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.location.line, sendLine.value)
        XCTAssertEqual("\(failures.first?.location.filePath ?? "")", #filePath)
        XCTAssertEqual(
            failures.first?.message,
            """
            State changed when sending .increment, but no change was asserted. (− before, + after)
            --- before
            +++ after
            @@ -1,4 +1,4 @@
            -count: 0
            +count: 1
             isLoading: false
             query: ""
             results: []
            """
        )
    }

    func testWrongAssertionFailsWithOnlyTheDifferingLines() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment) { $0.count = 2 }
        }
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.hasPrefix("State after sending .increment does not match the assertion."), message)
        XCTAssertTrue(message.contains("\n-count: 2\n+count: 1\n"), message)
        XCTAssertFalse(message.contains("-isLoading"), message)
    }

    func testClosureThatChangesNothingFailsWhenTheActionChangesNothing() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStopped) { _ in }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("the state did not change") == true, "\(failures)")
    }

    func testThrowingAssertionClosureFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.increment) { _ in throw LoadError() }
        }
        XCTAssertEqual(failures, ["The assertion closure for sending .increment threw: offline"])
    }

    func testUnexpectedReceivedActionFailsWithAnActionDiff() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.receive(.loaded(41)) {
                $0.isLoading = false
                $0.value = 41
            }
        }
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.hasPrefix("Received an unexpected action: .loaded(42), expected .loaded(41)."), message)
        XCTAssertTrue(message.contains("-loaded._0: 41\n+loaded._0: 42"), message)
    }

    func testWrongStateOfAReceivedActionFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.receive(.loaded(42)) { $0.value = 42 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("-isLoading: true\n+isLoading: false") == true, "\(failures)")
    }

    func testMissingReceivedActionFailsAtOnceWhenNoEffectIsRunning() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: .seconds(60)) { featureReducer(clock: $0) }
            await store.send(.trackTapped)
            await store.receive(.loaded(1))
        }
        XCTAssertEqual(failures, ["Expected to receive .loaded(1), but no effect is running to send it."])
    }

    func testReceiveWhileEffectsSleepOnTheClockFailsWithAdviceToAdvance() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: .seconds(60)) { featureReducer(clock: $0) }
            await store.send(.queryChanged("a")) { $0.query = "a" }
            await store.receive(.searched("a"))
            await store.skipInFlightEffects()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.contains("asleep on the TestClock (the next wakes at 0.3 seconds)") == true, "\(failures)")
    }

    func testReceiveGivesUpAfterTheTimeoutWhenAnEffectNeverSends() async {
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: .milliseconds(50)) {
                featureReducer(clock: $0, events: events)
            }
            await store.send(.listenTapped)
            await store.receive(.loaded(1))
            await store.skipInFlightEffects()
        }
        continuation.finish()
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("nothing arrived within 0.05 seconds") == true, "\(failures)")
    }

    func testSendingBeforeReceivingFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            await store.send(.increment) {
                $0.count = 1
                $0.isLoading = false
                $0.value = 42
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.hasPrefix("Must handle 1 received action before sending .increment:") == true)
        XCTAssertTrue(failures.first?.contains("  .loaded(42)") == true, "\(failures)")
    }

    func testUnreceivedActionFailsAtFinish() async {
        let finishLine = Box<UInt>(0)
        let (_, failures) = await FailureReporter.collectingFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.loadTapped) { $0.isLoading = true }
            finishLine.value = #line + 1
            await store.finish()
        }
        XCTAssertEqual(
            failures.map(\.message),
            ["1 received action was not asserted:\n  .loaded(42)\nAssert each with `await store.receive(...)`."])
        XCTAssertEqual(failures.first?.location.line, finishLine.value)
    }

    func testUnreceivedActionFailsWhenTheStoreIsReleased() async {
        let creationLine = Box<UInt>(0)
        let (_, failures) = await FailureReporter.collectingFailures {
            creationLine.value = #line + 1
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.incrementLater)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("  .increment") == true)
        XCTAssertEqual(failures.first?.location.line, creationLine.value)
    }

    func testEffectStillRunningFailsAtFinish() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.hasPrefix("1 effect is still running at the end of the test:"), message)
        XCTAssertTrue(
            message.contains(
                "effect \"timer\", started by .timerStarted sent at StateStoreTestingTests/TestStoreFailureTests.swift:"
            ),
            message)
        XCTAssertTrue(message.contains("need `store.clock.advance(by:)`"), message)
    }

    func testEffectStillRunningFailsWhenTheStoreIsReleased() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.timerStarted)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("still running at the end of the test") == true, "\(failures)")
    }

    func testFinishReportsOnlyOnceEvenWhenTheStoreIsReleasedAfterwards() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.incrementLater)
            await store.finish()
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testSecretsInAFailureDiffAreRedacted() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.cardEntered(Sensitive("4111111111111111"), lastFour: "1111"))
        }
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.contains("+cardNumber: \"[REDACTED]\""), message)
        XCTAssertFalse(message.contains("4111111111111111"), message)
    }

    func testStatesDifferingOnlyInASecretFailAndSaySo() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Feature(), timeout: finishingEffectsTimeout) {
                featureReducer(clock: $0)
            }
            await store.send(.cardEntered(Sensitive("4111111111111111"), lastFour: "1111")) {
                $0.cardNumber = Sensitive("4000000000000002")
                $0.cardLastFour = "1111"
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("differ only in values their rendering does not show") == true)
        XCTAssertFalse(failures.joined().contains("4111111111111111"))
    }
}

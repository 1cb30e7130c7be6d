import StateStore
import StateStoreTesting
import XCTest

final class ReducerSnapshotTests: XCTestCase {
    func testTextShowsEachStepsActionEffectsAndWholeState() throws {
        let snapshot = try ReducerSnapshot(
            of: featureReducer(clock: ContinuousClock()), from: Feature(),
            actions: [.loadTapped, .queryChanged("a"), .timerStopped])
        XCTAssertEqual(
            snapshot.text,
            """
            == step 0: initial state ==
            count: 0
            isLoading: false
            query: ""
            results: []
            ticks: 0

            == step 1 ==
            action: {"loadTapped":{}}
            effects: run id="load"
            -- state --
            count: 0
            isLoading: true
            query: ""
            results: []
            ticks: 0

            == step 2 ==
            action: {"queryChanged":{"_0":"a"}}
            effects: run id="search" cancelInFlight catch
            -- state --
            count: 0
            isLoading: true
            query: "a"
            results: []
            ticks: 0

            == step 3 ==
            action: {"timerStopped":{}}
            effects: cancel id="timer"
            -- state --
            count: 0
            isLoading: true
            query: "a"
            results: []
            ticks: 0

            """
        )
    }

    func testMergedAndFollowUpEffectsAreDescribedInOrder() throws {
        let snapshot = try ReducerSnapshot(
            of: featureReducer(clock: ContinuousClock()), from: Feature(), actions: [.loadBothTapped, .incrementLater])
        XCTAssertEqual(snapshot.steps[1][2], "effects: run; run")
        XCTAssertEqual(snapshot.steps[2][2], #"effects: send {"increment":{}}"#)
    }

    func testSecretsRenderAsRedacted() throws {
        let snapshot = try ReducerSnapshot(
            of: featureReducer(clock: ContinuousClock()), from: Feature(),
            actions: [.cardEntered(Sensitive("4111111111111111"), lastFour: "1111")])
        XCTAssertTrue(snapshot.text.contains(#"cardNumber: "[REDACTED]""#), snapshot.text)
        XCTAssertTrue(snapshot.text.contains(#"action: {"cardEntered":{"_0":"[REDACTED]","lastFour":"1111"}}"#))
        XCTAssertFalse(snapshot.text.contains("4111111111111111"))
    }

    func testTextReadsBackIntoTheSameSteps() throws {
        let snapshot = try ReducerSnapshot(
            of: featureReducer(clock: ContinuousClock()), from: Feature(), actions: [.increment, .loadTapped])
        XCTAssertEqual(ReducerSnapshot(text: snapshot.text), snapshot)
        XCTAssertNil(ReducerSnapshot(text: snapshot.text).firstDifferingStep(from: snapshot))
    }

    func testFirstDifferingStepFindsTheEarliestChangeAndMissingSteps() throws {
        let reducer = featureReducer(clock: ContinuousClock())
        let twice = try ReducerSnapshot(of: reducer, from: Feature(), actions: [.increment, .increment])
        let once = try ReducerSnapshot(of: reducer, from: Feature(), actions: [.increment])
        let other = try ReducerSnapshot(of: reducer, from: Feature(), actions: [.increment, .loadTapped])
        XCTAssertEqual(twice.firstDifferingStep(from: once), 2)
        XCTAssertEqual(twice.firstDifferingStep(from: other), 2)
        XCTAssertEqual(once.firstDifferingStep(from: twice), 2)
    }
}

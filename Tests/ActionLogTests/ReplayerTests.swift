import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

final class ReplayerTests: XCTestCase {
    private func recordLog(_ actions: [CounterState.Action], interval: Int = 1) throws -> (String, CounterState) {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(fingerprintInterval: interval))
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for action in actions { store.dispatch(action) }
        try recorder.close()
        return (path, store.state)
    }

    func testReplayReproducesTheRecordedFinalStateWithEffectsOff() async throws {
        // Recorded with effects on: the effect's result action is in the log.
        let path = try makeTemporaryDirectory(self).appendingPathComponent("log.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: CounterState(), mode: .durable)
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        store.dispatch(.startWork(id: "w", value: 9))
        await store.waitForEffects()
        store.dispatch(.followUp(1))
        try recorder.close()

        let replay = try Replayer(path: path, reducer: counterReducer)
        XCTAssertEqual(replay.finalState, store.state)
        XCTAssertEqual(replay.count, 4)  // startWork, workFinished, followUp, note
        XCTAssertNil(replay.divergence)
    }

    func testProgressIsReportedPerBatchUpToEveryStepWithAnEstimate() throws {
        let path = try makeTemporaryDirectory(self).appendingPathComponent("long.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: CounterState(), mode: .buffered())
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        let actions = (0..<5_000).map { $0 % 3 == 0 ? CounterState.Action.note("n\($0)") : .increment }
        for action in actions { store.dispatch(action) }
        try recorder.close()
        var reports: [(replayed: Int, estimate: Int?)] = []
        let replay = try Replayer(path: path, reducer: counterReducer) { replayed, estimate in
            reports.append((replayed, estimate))
        }
        XCTAssertGreaterThan(reports.count, 1, "one report per batch")
        XCTAssertEqual(reports.last?.replayed, replay.count)
        XCTAssertEqual(reports.map(\.replayed), reports.map(\.replayed).sorted(), "never backwards")
        let estimate = try XCTUnwrap(reports.last?.estimate)
        // The estimate comes from the file's size over the lines read: close to the truth.
        XCTAssertEqual(Double(estimate), Double(actions.count), accuracy: Double(actions.count) * 0.1)
    }

    func testVerifyReportsTheFirstDivergentStep() throws {
        let actions: [CounterState.Action] = [.increment, .increment, .add(3), .note("x"), .add(2)]
        let (path, _) = try recordLog(actions)
        // A "new version" of the reducer that adds differently.
        let changed = Reducer<CounterState, CounterState.Action> { state, action in
            if case .add(let value) = action {
                state.count += value * 10
                return .none
            }
            return counterReducer.reduce(&state, action)
        }
        let replay = try Replayer(path: path, reducer: changed)
        let divergence = try XCTUnwrap(replay.divergence)
        XCTAssertEqual(divergence.step, 3)
        XCTAssertEqual(divergence.action, .add(3))
        XCTAssertEqual(divergence.lastMatchingStep, 2)
        XCTAssertEqual(divergence.lastMatchingState.count, 2)
        XCTAssertEqual(divergence.replayedState.count, 32)
        XCTAssertNotEqual(divergence.recorded, divergence.replayed)
    }

    func testADivergenceOnlyTheFooterSeesIsReportedAtTheLastStep() throws {
        // No fingerprint on any record (the interval is longer than the log): the footer's final
        // fingerprint is the only check, and it names the last step.
        let actions: [CounterState.Action] = [.increment, .add(3), .note("x"), .increment]
        let (path, _) = try recordLog(actions, interval: 1000)
        let changed = Reducer<CounterState, CounterState.Action> { state, action in
            if case .add(let value) = action {
                state.count += value * 10
                return .none
            }
            return counterReducer.reduce(&state, action)
        }
        XCTAssertNil(try Replayer(path: path, reducer: counterReducer).divergence)
        let divergence = try XCTUnwrap(try Replayer(path: path, reducer: changed).divergence)
        XCTAssertEqual(divergence.step, 4)
        XCTAssertEqual(divergence.action, .increment)
        XCTAssertEqual(divergence.lastMatchingStep, 0)
        XCTAssertEqual(divergence.lastMatchingState.count, 0)
        XCTAssertEqual(divergence.replayedState.count, 32)
    }

    func testTimeTravelGivesTheStateAtAnyStepForwardAndBack() throws {
        let actions = (1...50).map { CounterState.Action.add($0) }
        let (path, final) = try recordLog(actions, interval: 7)
        let replay = try Replayer(path: path, reducer: counterReducer, checkpointInterval: 8)
        XCTAssertEqual(replay.state(at: 0), CounterState())
        XCTAssertEqual(replay.state(at: 50), final)
        for step in [37, 3, 50, 16, 17, 1, 0, 49] {
            XCTAssertEqual(replay.state(at: step).count, step * (step + 1) / 2, "step \(step)")
        }
        XCTAssertEqual(replay.state(at: 500), final, "clamped to the log")
    }

    func testSelfCheckCatchesAReducerThatReadsHiddenInput() throws {
        let (path, _) = try recordLog([.increment, .setName("a"), .increment])
        XCTAssertNil(try Replayer(path: path, reducer: counterReducer).selfCheck())
        let counter = Recorder<Int>()
        let sneaky = Reducer<CounterState, CounterState.Action> { state, action in
            if case .setName = action {
                counter.append(1)
                state.name = "call \(counter.values.count)"  // different every call
                return .none
            }
            return counterReducer.reduce(&state, action)
        }
        let check = try Replayer(path: path, reducer: sneaky).selfCheck()
        XCTAssertEqual(check?.step, 2)
        XCTAssertEqual(check?.action, .setName("a"))
    }
}

import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// A device never fills its disk with one log: the parts together stay within the configured total.
final class LogSizeLimitTests: XCTestCase {
    private func sizes(of directory: URL) throws -> [String: Int] {
        var sizes: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            sizes[name] = (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        return sizes
    }

    func testDefaultsAreDocumentedSizes() {
        let configuration = ActionLogConfiguration()
        XCTAssertEqual(configuration.maximumFileBytes, 64 << 20)
        XCTAssertEqual(configuration.maximumTotalBytes, 256 << 20)
        XCTAssertEqual(
            ActionLogConfiguration(maximumFileBytes: 1 << 20, maximumTotalBytes: 10).maximumTotalBytes, 1 << 20)
    }

    func testAFingerprintIntervalBelowOneIsTakenAsOneWhetherGivenOrSetLater() {
        XCTAssertEqual(ActionLogConfiguration(fingerprintInterval: 0).fingerprintInterval, 1)
        var configuration = ActionLogConfiguration(fingerprintInterval: 10)
        configuration.fingerprintInterval = 0
        XCTAssertEqual(configuration.fingerprintInterval, 1)
        configuration.fingerprintInterval = -5
        XCTAssertEqual(configuration.fingerprintInterval, 1)
        configuration.fingerprintInterval = 7
        XCTAssertEqual(configuration.fingerprintInterval, 7)
    }

    func testReachingTheTotalClosesTheLogCleanlyAndTheStoreKeepsRunning() throws {
        for mode in [ActionRecorder<CounterState>.Mode.durable, .buffered()] {
            let directory = try makeTemporaryDirectory(self)
            let path = directory.appendingPathComponent("capped.jsonl").path
            let failures = Recorder<ActionLogError>()
            let configuration = ActionLogConfiguration(
                fingerprintInterval: 1, maximumFileBytes: 4096, maximumTotalBytes: 3 * 4096)
            let recorder = try ActionRecorder(
                path: path, initialState: CounterState(), mode: mode, configuration: configuration,
                onFailure: { failures.append($0) })
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
            for index in 0..<2_000 { store.dispatch(.note("padding padding padding padding \(index)")) }
            XCTAssertEqual(store.state.history.count, 2_000, "the store keeps working")
            _ = try? recorder.close()

            XCTAssertEqual(recorder.status, .failed(.sizeLimitReached(path: path, limitBytes: 3 * 4096)))
            XCTAssertEqual(failures.values, [.sizeLimitReached(path: path, limitBytes: 3 * 4096)])
            let sizes = try sizes(of: directory)
            // A part ends at the first line past 4 KiB, so a third full part would not have fit.
            XCTAssertEqual(sizes.count, 2, "\(sizes)")
            XCTAssertLessThanOrEqual(sizes.values.reduce(0, +), 3 * 4096, "\(sizes)")

            // Closed with a footer: every recorded action replays, nothing torn.
            let replay = try Replayer(path: path, reducer: counterReducer)
            XCTAssertNil(replay.divergence)
            XCTAssertNil(replay.tornLine)
            XCTAssertGreaterThan(replay.count, 50)
            XCTAssertLessThan(replay.count, 2_000)
            XCTAssertEqual(replay.finalState.history, Array(store.state.history.prefix(replay.count)))
        }
    }
}

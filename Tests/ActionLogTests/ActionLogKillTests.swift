import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// A child process records under load and is killed with SIGKILL at random moments: every record
/// it acknowledged (a durable `dispatch` returned) must be read back, at most the one being
/// written may be lost, and a torn line is always reported, never misread.
final class ActionLogKillTests: XCTestCase {
    private struct LoadState: StoreState, Codable, Equatable {
        enum Action: Codable, Sendable, Equatable {
            case append(index: Int, text: String)
        }
        var count = 0
        var last = ""
    }

    private func childExecutable() throws -> URL {
        guard let url = siblingExecutable(named: "ActionLogKillChild", besides: Bundle(for: Self.self)) else {
            throw XCTSkip("the ActionLogKillChild product was not found beside the test bundle")
        }
        return url
    }

    func testEveryAcknowledgedRecordSurvivesSIGKILLAtRandomMoments() throws {
        let child = try childExecutable()
        let directory = try makeTemporaryDirectory(self)
        var generator = SplitMix64(seed: UInt64(ProcessInfo.processInfo.environment["KILL_TEST_SEED"] ?? "") ?? 2026)
        let rounds = Int(ProcessInfo.processInfo.environment["KILL_TEST_ROUNDS"] ?? "") ?? 100
        var roundsWithRecords = 0
        for round in 0..<rounds {
            let path = directory.appendingPathComponent("kill-\(round).jsonl").path
            let process = Process()
            process.executableURL = child
            process.arguments = [path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Wait for the first acknowledgement, so every kill lands while the child records
            // (however slowly a loaded machine starts it), then let it run a random 0...20 ms.
            let reader = output.fileHandleForReading
            var acknowledgedData = Data()
            while !acknowledgedData.contains(UInt8(ascii: "\n")) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                acknowledgedData.append(chunk)
            }
            Thread.sleep(forTimeInterval: Double(generator.next() % 21) / 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(round)")

            acknowledgedData.append(reader.readDataToEndOfFile())
            let acknowledgedText = String(decoding: acknowledgedData, as: UTF8.self)
            // The last printed line may itself be cut by the kill: only whole numbers count.
            let acknowledged =
                acknowledgedText.split(separator: "\n").dropLast(acknowledgedText.hasSuffix("\n") ? 0 : 1)
                .compactMap { Int($0) }.max() ?? 0

            var read: [Int] = []
            var tornLine: Int?
            do {
                let reader = try ActionLogReader<LoadState>(path: path)
                while let record = try reader.next() {
                    guard case .append(let index, _) = record.action else { continue }
                    read.append(index)
                }
                tornLine = reader.tornLine?.line
            } catch ActionLogError.empty, ActionLogError.cannotRead {
                // Killed before the file or its header was written: nothing was acknowledged.
                XCTAssertEqual(acknowledged, 0, "round \(round)")
                continue
            } catch {
                XCTFail("round \(round): \(error)")
                continue
            }
            XCTAssertEqual(
                read, Array(1...max(read.count, 1)).prefix(read.count).map { $0 }, "round \(round): in order")
            XCTAssertGreaterThanOrEqual(read.count, acknowledged, "round \(round): an acknowledged record was lost")
            XCTAssertLessThanOrEqual(read.count, acknowledged + 1, "round \(round): more than the record in flight")
            // A kill can cut a write that spans pages: that line is torn, reported by the reader,
            // and it can only be the record in flight (never an acknowledged one, checked above).
            if let tornLine {
                XCTAssertEqual(tornLine, read.count + 2, "round \(round): the torn line is the last one")
            }
            if read.count > 0 { roundsWithRecords += 1 }
        }
        // Every kill landed while recording, not before the child started.
        XCTAssertEqual(roundsWithRecords, rounds)
    }
}

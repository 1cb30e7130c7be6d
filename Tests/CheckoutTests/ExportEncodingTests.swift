import ActionLog
import Checkout
import Foundation
import XCTest

/// An export encodes its actions on one thread (`ActionLogExportWriter.ActionEncoder`) and writes
/// their lines on another; when the encoder gives nothing, the writer encodes the action itself.
/// Both ways must write the same bytes, or a log's export would depend on which thread encoded it.
final class ExportEncodingTests: XCTestCase {
    func testActionsEncodedBeforehandWriteTheLinesTheWriterWritesForEveryActionOfEveryExampleLog() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("export-encoding-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let encoder = ActionLogExportWriter<CheckoutState>.ActionEncoder()
        var actions = 0
        var encodedBeforehand = 0
        for file in try ExampleLogs.files() {
            let reader = try ActionLogReader<CheckoutState>(
                path: ExampleLogs.directory.appendingPathComponent(file).path, schemaVersion: CheckoutLogSchema.version,
                upgrade: CheckoutLogSchema.upgrade)
            let header = reader.header
            let paths = ["beforehand", "writer"].map { scratch.appendingPathComponent("\(file).\($0)").path }
            let writers = try paths.map {
                try ActionLogExportWriter<CheckoutState>(
                    path: $0, like: header, initialState: header.state, schemaVersion: CheckoutLogSchema.version,
                    privacy: nil)
            }
            while case let batch = try reader.nextBatch(), !batch.isEmpty {
                for record in batch {
                    let encoded = encoder.encode(record.action)
                    if encoded != nil { encodedBeforehand += 1 }
                    try writers[0].append(
                        sequence: record.sequence, timeMilliseconds: record.timeMilliseconds, action: record.action,
                        encoded: encoded, fingerprint: record.fingerprint)
                    try writers[1].append(
                        sequence: record.sequence, timeMilliseconds: record.timeMilliseconds, action: record.action,
                        encoded: nil, fingerprint: record.fingerprint)
                    actions += 1
                }
            }
            for writer in writers { try writer.close() }
            let written = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            XCTAssertEqual(written[0], written[1], file)
            XCTAssertGreaterThan(written[0].count, 0, file)
        }
        XCTAssertGreaterThan(actions, 100)
        XCTAssertEqual(encodedBeforehand, actions, "every checkout action has a fast path")
    }
}

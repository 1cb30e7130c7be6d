import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// The checkout's ``LogEncodable`` fast path keeps its contract: it writes exactly the bytes
/// `Encodable` writes for the same action, or throws (the recorder then writes it through
/// `Encodable`); on the actions a checkout logs it never throws.
final class CheckoutLogEncodingTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A log line's action, read through `Decodable`.
    private struct LoggedAction: Decodable {
        var action: CheckoutAction
    }

    func testEveryActionInTheExampleLogsEncodesThroughTheFastPathAsEncodableDoes() throws {
        let directory = Self.root.appendingPathComponent("Examples/Logs")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 11)
        var compared = 0
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n").enumerated() where line.contains(#""action":"#) {
                let location = "\(file):\(index + 1)"
                let action = try JSONValueDecoder().decode(LoggedAction.self, from: try JSONParser.parse(String(line)))
                    .action
                XCTAssertEqual(try LogEncoding.json(action), try LogEncoding.encodableJSON(action), location)
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 150, "the example logs hold that many actions")
    }

    func testEverySampleActionEncodesThroughTheFastPathAsEncodableDoesOrFallsBack() throws {
        XCTAssertGreaterThan(CheckoutActionSamples.actions.count, 150)
        var fast = 0
        for action in CheckoutActionSamples.actions {
            let encodable = try LogEncoding.encodableJSON(action)
            guard let written = try? LogEncoding.json(action) else { continue }
            XCTAssertEqual(written, encodable)
            fast += 1
        }
        XCTAssertGreaterThan(fast, CheckoutActionSamples.actions.count * 9 / 10, "nearly every case has a fast path")
    }

    func testAPayloadTheFastPathDoesNotWriteItselfFallsBackToEncodable() throws {
        let action = CheckoutAction.common(.dynamicContentLoaded(slotID: "slot-1", content: nil))
        XCTAssertThrowsError(try LogEncoding.json(action))
        XCTAssertTrue(try LogEncoding.encodableJSON(action).contains(#""slotID":"slot-1""#))
    }
}

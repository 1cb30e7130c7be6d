import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// The checkout's ``LogEncodable`` fast path keeps its contract: it writes exactly the bytes
/// `Encodable` writes for the same action, or throws (the recorder then writes it through
/// `Encodable`); on the actions a checkout logs it never throws.
final class CheckoutLogEncodingTests: XCTestCase {
    /// A log line's action, read through `Decodable`.
    private struct LoggedAction: Decodable {
        var action: CheckoutAction
    }

    func testEveryActionInTheExampleLogsEncodesThroughTheFastPathAsEncodableDoes() throws {
        let examples = try ExampleLogActionLines()
        XCTAssertGreaterThanOrEqual(examples.files.count, 11)
        var compared = 0
        for line in examples.lines {
            let action = try JSONValueDecoder().decode(LoggedAction.self, from: try JSONParser.parse(line.json)).action
            XCTAssertEqual(try LogEncoding.json(action), try LogEncoding.encodableJSON(action), line.location)
            compared += 1
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

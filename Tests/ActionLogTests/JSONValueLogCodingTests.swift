import Foundation
import StateStore
import XCTest

@testable import ActionLog

/// `JSONValue` is what actions carry for bodies the engine does not interpret (bridge messages,
/// provider answers): the log's coders must give back exactly what was recorded.
final class JSONValueLogCodingTests: XCTestCase {
    private struct Carrier: Codable, Equatable {
        var body: JSONValue
        var label = "body"
    }

    /// Numbers no `Decimal` or `Double` holds exactly, members out of order, escapes.
    private let body: JSONValue = .object([
        JSONMember(key: "z", value: .number("12.50")),
        JSONMember(key: "a", value: .number("123456789012345678901234567890123456789012345")),
        JSONMember(key: "exp", value: .number("1e400")),
        JSONMember(key: "text", value: .string("quote \" backslash \\ line\u{2028}end </script>")),
        JSONMember(key: "list", value: .array([.null, .bool(true), .bool(false), .number("-0.0")])),
        JSONMember(key: "nested", value: .object([JSONMember(key: "empty", value: .object([]))])),
    ])

    func testStreamingEncoderWritesTheValueAsItsOwnText() throws {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(Carrier(body: body), into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(body.jsonText), text)
        XCTAssertTrue(text.contains(#""z":12.50,"a":123456789012345678901234567890123456789012345"#), text)
    }

    func testTapeDecoderReadsBackExactlyWhatWasWritten() throws {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(Carrier(body: body), into: &bytes)
        var tape = JSONTape()
        let decoded = try bytes.withUnsafeBytes { raw -> Carrier in
            try tape.parse(raw)
            return try JSONTapeDecoder.decode(Carrier.self, tape: tape, bytes: raw)
        }
        XCTAssertEqual(decoded.body, body)
        XCTAssertEqual(decoded.body.jsonText, body.jsonText)
    }

    func testTreeDecoderReadsBackExactlyWhatWasWritten() throws {
        var bytes: [UInt8] = []
        try StreamingJSONEncoder.encode(Carrier(body: body), into: &bytes)
        let tree = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        XCTAssertEqual(try JSONValueDecoder().decode(Carrier.self, from: tree).body, body)
    }

    func testCanonicalFormSortsMembersAndKeepsNumberText() throws {
        let canonical = try CanonicalEncoder.encode(Carrier(body: body)).compactJSON
        XCTAssertTrue(
            canonical.contains(#"{"a":123456789012345678901234567890123456789012345,"exp":1e400,"#),
            canonical
        )
        let reordered: JSONValue = .object([
            JSONMember(key: "b", value: .number("1")), JSONMember(key: "a", value: .number("2")),
        ])
        let sorted: JSONValue = .object([
            JSONMember(key: "a", value: .number("2")), JSONMember(key: "b", value: .number("1")),
        ])
        XCTAssertEqual(CanonicalValue(reordered), CanonicalValue(sorted))
    }

    func testARecordedBodyReplaysByteForByte() throws {
        struct Inbox: StoreState, Codable, Equatable {
            enum Action: Codable, Sendable, Equatable { case received(JSONValue) }
            var bodies: [JSONValue] = []
        }
        let reducer = Reducer<Inbox, Inbox.Action>.pure { state, action in
            switch action {
            case .received(let body): state.bodies.append(body)
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonvalue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("inbox.jsonl").path

        let recorder = try ActionRecorder(path: path, initialState: Inbox(), mode: .durable)
        let store = Store(reducer: reducer, state: Inbox(), middleware: [recorder.middleware])
        store.dispatch(.received(body))
        store.dispatch(.received(.array([])))
        try recorder.close()

        let replay = try Replayer(path: path, reducer: reducer)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.finalState, store.state)
        XCTAssertEqual(replay.finalState.bodies.first?.jsonText, body.jsonText)
    }
}

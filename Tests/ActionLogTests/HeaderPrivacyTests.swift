import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// The header's `privacy` member, which only a pseudonymised export carries, read tolerantly:
/// absent or `null` is a log in clear; anything else marks an export (issue #19 item 4).
final class HeaderPrivacyTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(self)
    }

    /// A recorded counter log whose header has `member` inserted before its state (`nil`: as
    /// recorded), its checksum made right again; the header the reader reads from it.
    private func header(with member: String?) throws -> ActionLogHeader<CounterState> {
        let path = directory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: CounterState(), mode: .durable)
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        store.dispatch(.increment)
        try recorder.close()
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        if let member {
            let line = lines[0]
            let state = try XCTUnwrap(line.range(of: #","state":"#))
            let crc = try XCTUnwrap(line.range(of: #","crc":""#, options: .backwards))
            let body =
                String(line[..<state.lowerBound]) + "," + member + String(line[state.lowerBound..<crc.lowerBound])
            let hex = String(LineChecksum.compute(body), radix: 16)
            lines[0] = body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}"
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return try ActionLogReader<CounterState>(path: path).header
    }

    func testARecordedLogHasNoPrivacyMember() throws {
        XCTAssertNil(try header(with: nil).privacy)
    }

    func testTheSchemeAndKeyIdAreReadFromAnObject() throws {
        XCTAssertEqual(
            try header(with: #""privacy":{"scheme":1,"keyId":"k-2026"}"#).privacy,
            ActionLogPrivacy(schemeVersion: 1, keyID: "k-2026"))
        XCTAssertEqual(try header(with: #""privacy":{"scheme":2}"#).privacy, ActionLogPrivacy(schemeVersion: 2))
    }

    func testAShapeThisBuildDoesNotKnowStillMarksAnExport() throws {
        for member in [#""privacy":{"scheme":"one","extra":[1]}"#, #""privacy":"v9""#, #""privacy":true"#] {
            let privacy = try header(with: member).privacy
            XCTAssertEqual(privacy, ActionLogPrivacy(schemeVersion: nil), member)
            XCTAssertEqual(privacy?.summary, "scheme unknown, a random key", member)
        }
    }

    func testNullClaimsNothing() throws {
        XCTAssertNil(try header(with: #""privacy":null"#).privacy)
    }
}

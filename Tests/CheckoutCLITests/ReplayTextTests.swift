import ActionLog
import Checkout
import Foundation
import StateStoreTesting
import XCTest

/// `checkout replay` reads like the journey: per step the action in words, the journey when it
/// moved, the changes that matter; bookkeeping only with `--all`; no Codable internals; long
/// values shortened at token boundaries; the final state of the log's kind (issue #16, item 1).
final class ReplayTextTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    /// Every example log at the top of Examples/Logs (legacy/ holds one this build refuses by design).
    private static var examples: [String] {
        let folder = repositoryRoot.appendingPathComponent("Examples/Logs").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
    }

    private func replay(_ name: String, _ options: [String] = []) throws -> String {
        let path = repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path
        let result = try runner.run(["replay", path] + options)
        XCTAssertEqual(result.status, 0, "\(name): \(result.errors)")
        // The log's path in the first line is the machine's; the snapshot keeps it relative.
        return result.output.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
    }

    func testTheReplayOfEveryExampleLogReadsAsReviewed() throws {
        XCTAssertGreaterThan(Self.examples.count, 10)
        for name in Self.examples {
            try assertText(try replay(name), snapshot: name)
        }
        try assertText(try replay("native-guest", ["--all"]), snapshot: "native-guest.all")
    }

    func testNoLineShowsCodableInternals() throws {
        for name in Self.examples {
            for line in try replay(name, ["--all"]).split(separator: "\n") {
                XCTAssertFalse(line.contains("_0"), "\(name): \(line)")
                // `{}` only as an empty dictionary's value, never for an enum case (`{idle: {}}`).
                if line.contains("{}") { XCTAssertTrue(line.hasSuffix(": {}"), "\(name): \(line)") }
                XCTAssertFalse(line.contains("{\""), "\(name): raw JSON in \(line)")
            }
        }
    }

    func testBookkeepingShowsOnlyWithAll() throws {
        let bookkeeping = ["nextRequestID", "loadInFlight", "updateInFlight", "pendingUpdates", "(unchanged)"]
        let plain = try replay("native-guest")
        let all = try replay("native-guest", ["--all"])
        for word in bookkeeping {
            XCTAssertFalse(plain.contains(word), "without --all: \(word)")
            XCTAssertTrue(all.contains(word), "with --all: \(word)")
        }
        XCTAssertTrue(
            plain.contains(
                "step 4  update accepted: cart cart-1, 3 items, total 42.00 GBP (request 2)\n"
                    + "  only bookkeeping changed (--all shows it)\n"))
    }

    func testTheJourneyLineShowsWhenTheJourneyMoves() throws {
        let lines = try replay("native-guest").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func linesOfStep(_ step: Int) throws -> [String] {
            let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("step \(step)  ") })
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("step ") || $0 == "final state" } ?? lines.count
            return Array(lines[start..<end])
        }
        XCTAssertEqual(
            try linesOfStep(2)[1],
            "  journey: view nativeCheckout · section contactInformation · total 42.00 GBP · payment idle")
        XCTAssertFalse(try linesOfStep(5).contains { $0.hasPrefix("  journey:") }, "opening the editor moves nothing")
        XCTAssertEqual(try linesOfStep(16)[1], "  journey: view nativeCheckout · total 45.95 GBP · payment succeeded")
        // The thank-you view once the backend placed the order.
        XCTAssertEqual(try linesOfStep(18)[1], "  journey: view completed · total 45.95 GBP · payment succeeded")
    }

    func testTheFinalStateShowsTheFieldsOfTheLogsKind() throws {
        func finalState(_ text: String) -> String {
            String(text[(text.range(of: "\nfinal state\n")?.upperBound ?? text.endIndex)...])
        }
        let native = finalState(try replay("native-guest"))
        XCTAssertFalse(native.contains("web."), native)
        XCTAssertTrue(native.contains("  payment.phase: succeeded\n"), native)
        XCTAssertTrue(native.contains("sections contactInformation, shippingContact"), native)
        let web = finalState(try replay("web-bridge-cart-transfer"))
        for field in ["native", "payment", "shippingMethods", "paymentProviders"] {
            XCTAssertFalse(web.contains("  \(field)"), "\(field) in \(web)")
        }
        XCTAssertTrue(web.contains("  web.order: {currency: GBP, orderId: WEB-1001, total: 45.95}\n"), web)
    }

    func testLongValuesAreShortenedAtTokenBoundaries() throws {
        let words = (1...80).map { "word\($0)" }
        let long = words.joined(separator: " ")
        let url = "https://shop.example/" + (1...40).map { "segment\($0)" }.joined(separator: "/") + "?cart=1"
        let path = directory.appendingPathComponent("long.jsonl").path
        try recordCheckoutLog(
            [
                .common(.started), .native(.emailSubmitted(long)),
                .common(.dynamicContentLoaded(slotID: DynamicContentSlot.scrollTopID, content: url)),
            ], to: path)
        let text = try runner.run(["replay", path]).output
        let lines = text.split(separator: "\n").map(String.init)
        // The e-mail: whole words kept in order, then `…` and the closing quote.
        let action = try XCTUnwrap(lines.first { $0.hasPrefix("step 2  ") })
        let quoted = action.drop { $0 != "\"" }.dropFirst()
        let cut = try XCTUnwrap(quoted.firstIndex(of: "…"), action)
        let kept = quoted[..<cut].split(separator: " ").map(String.init)
        XCTAssertGreaterThan(kept.count, 3, action)
        XCTAssertEqual(kept, Array(words.prefix(kept.count)), "cut inside a word: \(action)")
        XCTAssertTrue(quoted[cut...].hasPrefix("…\""), "the quote is closed after the cut: \(action)")
        // The URL: cut after a whole path component.
        let change = try XCTUnwrap(lines.first { $0.contains("segment") && $0.contains("…") }, text)
        let beforeCut = change[..<(change.firstIndex(of: "…") ?? change.endIndex)]
        XCTAssertTrue(beforeCut.hasSuffix("/"), "cut inside a URL component: \(change)")
        for line in lines.dropFirst() { XCTAssertLessThanOrEqual(line.count, 2 + 110, line) }
    }

    // MARK: Text snapshots

    /// Compares `text` with `__Snapshots__/ReplayTextTests/NAME.txt` beside this file, recording
    /// as `SNAPSHOT_RECORD` says (the reducer snapshots' modes; a run that records fails).
    private func assertText(
        _ text: String, snapshot name: String, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        let settings = try SnapshotSettings(environment: ProcessInfo.processInfo.environment)
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ReplayTextTests/\(name).txt")
        let recorded = try? String(contentsOf: url, encoding: .utf8)
        if recorded == text && settings.recordMode != .all { return }
        let record: Bool
        switch settings.recordMode {
        case .never: record = false
        case .missing: record = recorded == nil
        case .failed, .all: record = true
        }
        if record {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let diff = LineDiff(
            old: (recorded ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            new: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        XCTFail(
            (recorded == nil ? "no snapshot \(name).txt" : "\(name).txt differs") + (record ? " (recorded)" : "")
                + ":\n" + diff.unified(oldLabel: "recorded", newLabel: "replayed"), file: file, line: line)
    }
}

import ActionLog
import Foundation
import StateStore
import XCTest

/// `checkout replay` on logs whose lines carry valid checksums but extreme numbers (checksums
/// detect accidents, not forgery): it never traps. Counters at `Int.max` replay; numbers the
/// checkout refuses end the replay with one line naming the field (issue #13, item 1).
final class ExtremeLogTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    func testALogWhoseHeaderStateHasItsCountersAtIntMaxReplaysWithoutATrap() throws {
        for name in ["native-guest", "native-decline-then-retry", "native-410-recovery", "web-bridge-cart-transfer"] {
            var lines = try exampleLines(name)
            for field in ["nextRequestID", "nextErrorID", "attempt", "restarts"] {
                lines[0] = lines[0].replacingOccurrences(
                    of: #""\#(field)":-?[0-9]+"#, with: #""\#(field)":9223372036854775807"#,
                    options: .regularExpression)
            }
            XCTAssertTrue(lines[0].contains(#""nextRequestID":9223372036854775807"#))
            // A forged header: its fingerprint made right for the edited state.
            lines[0] = try refingerprintedHeader(lines[0])
            let path = try write(lines, as: "\(name)-max.jsonl")

            // `--all`: the request ids are bookkeeping, which the replay shows only when asked.
            let replay = try runner.run(["replay", "--all", path])
            XCTAssertEqual(replay.status, 0, "\(name): \(replay.errors)")
            XCTAssertTrue(replay.output.contains("final state"), name)
            XCTAssertTrue(replay.output.contains("nextRequestID: 1"), "\(name): the counter wrapped to 1")

            // The recording's fingerprints were of other ids: the replay diverges, and says so.
            let verify = try runner.run(["replay", "--verify", path])
            XCTAssertEqual(verify.status, 1, "\(name): \(verify.output)\(verify.errors)")
            XCTAssertTrue(verify.output.hasPrefix("diverged at step "), verify.output)
        }
    }

    func testALogWhoseNumbersTheCheckoutRefusesEndsWithOneLineNamingTheField() throws {
        let original = try exampleLines("native-guest")
        // A provider whose currency has minus one minor-unit digits.
        var digits = original
        digits[0] = digits[0].replacingOccurrences(of: #""CLP":2"#, with: #""CLP":-1"#)
        XCTAssertNotEqual(digits, original)
        // A cart whose quantities add up past Int.max.
        var quantities = original
        let loaded = try XCTUnwrap(quantities.firstIndex { $0.contains("checkoutLoaded") })
        quantities[loaded] = quantities[loaded].replacingOccurrences(
            of: #""quantity":[0-9]+"#, with: #""quantity":9223372036854775807"#, options: .regularExpression)

        for (contents, field) in [(digits, "minorUnitOverrides"), (quantities, "lines")] {
            let path = try write(contents, as: "refused-\(field).jsonl")
            let result = try runner.run(["replay", path])
            XCTAssertEqual(result.status, 2, "\(field): \(result.output)\(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: \(path):"), result.errors)
            XCTAssertTrue(result.errors.contains(field), "\(field): \(result.errors)")
            XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "one line, never a stack trace")
        }
    }

    // MARK: Helpers

    private func exampleLines(_ name: String) throws -> [String] {
        let url = repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Writes `lines`, each with its checksum made right for its bytes, and returns the path.
    private func write(_ lines: [String], as name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try (lines.map(resealed).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

}

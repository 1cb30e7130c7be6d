import ActionLog
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `checkout replay` on damaged and hostile logs: each problem is the log's, named by file and
/// line with exit 2 (never a divergence blamed on the reducer, never a silent success), and a
/// log that did not close cleanly says so.
final class ReplayDamageTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!
    /// `Examples/Logs/native-guest.jsonl`: a header, `records` records, a footer (its last line).
    private var guest: [String]!
    /// How many records `guest` holds.
    private var records: Int { guest.count - 2 }

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
        let source = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl")
        guest = try String(contentsOf: source, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(guest.count, 10)
        XCTAssertTrue(
            guest.last?.contains(#""end":{"count":\#(guest.count - 2),"#) == true, "the footer is the last line")
    }

    private func write(_ lines: [String], name: String, newline: Bool = true) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + (newline ? "\n" : "")).write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testARecordDeletedBeforeACleanFooterIsALogErrorNotADivergence() throws {
        var lines = guest!
        lines.remove(at: records)  // the last record
        let path = try write(lines, name: "deleted.jsonl")
        let expected =
            "checkout: \(path):\(records + 1): the footer counts \(records) actions but the last record is "
            + "\(records - 1): record \(records) is missing before the footer\n"
        for arguments in [["replay", path], ["replay", "--verify", path], ["replay", "--json", "--verify", path]] {
            let result = try runner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.errors, expected, "\(arguments)")
            XCTAssertFalse(result.output.contains("diverged"), "the reducer is not blamed: \(result.output)")
        }
    }

    func testJunkAfterACleanFooterIsAnErrorNotATornTail() throws {
        for (name, junk, newline) in [
            ("garbage", "this is not a log line", true), ("torn", #"{"seq":\#(records + 1),"t":17952"#, false),
            ("empty", "", true),
        ] {
            let path = try write(guest + [junk], name: "junk-\(name).jsonl", newline: newline)
            for arguments in [["replay", path], ["replay", "--verify", path]] {
                let result = try runner.run(arguments)
                XCTAssertEqual(result.status, 2, "\(name) \(arguments): \(result.output)")
                XCTAssertEqual(result.errors, "checkout: \(path):\(guest.count + 1): a line after the footer\n", name)
                XCTAssertFalse(result.output.contains("verified"), name)
                XCTAssertFalse(result.errors.contains("cut off"), name)
            }
        }
    }

    func testALogWithoutAFooterReplaysItsRecordsAndSaysItDidNotCloseCleanly() throws {
        let path = try write(Array(guest.dropLast()), name: "unclosed.jsonl")
        let notice =
            "checkout: \(path): the recording did not close cleanly (the log has no footer): its \(records) complete "
            + "steps replay, but records lost after them cannot be detected\n"
        // Said first: the guest's log holds personal data (PersonalDataOutputTests).
        func inClear(_ path: String) -> String {
            "checkout: \(path) holds personal data in clear: --mask-personal shows markers instead, for screen sharing\n"
        }
        let plain = try runner.run(["replay", path])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.errors, inClear(path) + notice)
        XCTAssertTrue(plain.output.contains("final state\n"))

        let verify = try runner.run(["replay", "--verify", path])
        XCTAssertEqual(verify.status, 0)
        XCTAssertEqual(verify.errors, inClear(path) + notice)
        // Only what was checked is counted: the records' fingerprints, no footer.
        XCTAssertTrue(verify.output.contains("(\(records) fingerprints match;"), verify.output)

        let json = try runner.run(["replay", "--json", path])
        let header = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.output.split(separator: "\n")[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["closed"] as? Bool, false)
        let verifyJSON = try runner.run(["replay", "--json", "--verify", path])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(verifyJSON.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["closed"] as? Bool, false)
        XCTAssertEqual(object["fingerprintsChecked"] as? Int, records)

        // A cleanly closed log says nothing about closing, and counts its footer.
        let whole = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let clean = try runner.run(["replay", "--json", "--verify", whole])
        XCTAssertEqual(clean.errors, inClear(whole))
        let cleanObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(clean.output.utf8)) as? [String: Any])
        XCTAssertEqual(cleanObject["closed"] as? Bool, true)
        XCTAssertEqual(cleanObject["fingerprintsChecked"] as? Int, records + 1)
    }

    func testAnEditedHeaderIsNamedAtLineOne() throws {
        var lines = guest!
        lines[0] = resealed(lines[0].replacingOccurrences(of: #""nextErrorID":1"#, with: #""nextErrorID":7"#))
        XCTAssertNotEqual(lines[0], guest[0])
        let path = try write(lines, name: "header.jsonl")
        for arguments in [["replay", path], ["replay", "--verify", path]] {
            let result = try runner.run(arguments)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.errors.hasPrefix("checkout: \(path):1: \"fp\" is "), result.errors)
            XCTAssertTrue(result.errors.hasSuffix("the log was edited or damaged\n"), result.errors)
            XCTAssertFalse(result.output.contains("diverged at step 1"), result.output)
        }
    }

    func testHostileIntegersInTheEnvelopeAreNamedNotATrap() throws {
        var firstSeq = guest!
        firstSeq[0] = resealed(
            firstSeq[0].replacingOccurrences(of: #""firstSeq":1,"#, with: #""firstSeq":9223372036854775807,"#))
        let path = try write(firstSeq, name: "firstseq.jsonl")
        let result = try runner.run(["replay", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.errors,
            "checkout: \(path):1: field \"firstSeq\" is 9223372036854775807, outside 1...9007199254740992\n")

        var count = guest!
        count[records + 1] = resealed(
            count[records + 1].replacingOccurrences(of: #""count":\#(records),"#, with: #""count":-1,"#))
        let countPath = try write(count, name: "count.jsonl")
        let counted = try runner.run(["replay", countPath])
        XCTAssertEqual(counted.status, 2)
        XCTAssertEqual(
            counted.errors, "checkout: \(countPath):\(records + 2): missing or invalid field \"end.count\"\n")
    }

    func testOverlongLinesAreRefusedAndTheLimitIsAnOption() throws {
        if FileManager.default.fileExists(atPath: "/dev/zero") {
            let zero = try runner.run(["replay", "/dev/zero"])
            XCTAssertEqual(zero.status, 2)
            XCTAssertEqual(
                zero.errors,
                "checkout: /dev/zero:1: the line is longer than 16777216 bytes, the longest line this reader takes\n")
        }
        let whole = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let headerLength = guest[0].utf8.count
        let tight = try runner.run(["replay", "--max-line-bytes", "\(headerLength - 1)", whole])
        XCTAssertEqual(tight.status, 2)
        XCTAssertEqual(
            tight.errors,
            "checkout: \(whole):1: the line is longer than \(headerLength - 1) bytes, the longest line this reader takes\n"
        )
        // The longest line (a record) sets the smallest limit the log passes.
        let longest = guest.map(\.utf8.count).max() ?? 0
        let longestLine = (guest.firstIndex { $0.utf8.count == longest } ?? 0) + 1
        let justShort = try runner.run(["replay", "--max-line-bytes", "\(longest - 1)", "--verify", whole])
        XCTAssertEqual(justShort.status, 2)
        XCTAssertTrue(
            justShort.errors.hasPrefix("checkout: \(whole):\(longestLine): the line is longer"), justShort.errors)
        XCTAssertEqual(try runner.run(["replay", "--max-line-bytes", "\(longest)", "--verify", whole]).status, 0)
        XCTAssertEqual(try runner.run(["replay", "--max-line-bytes=64K", "--verify", whole]).status, 0)
        for bad in ["0", "-5", "lots", "1T", "257M", "9223372036854775807K"] {
            let result = try runner.run(["replay", "--max-line-bytes", bad, whole])
            XCTAssertEqual(result.status, 64, bad)
            XCTAssertTrue(result.errors.hasPrefix("checkout: --max-line-bytes needs a size"), result.errors)
        }
    }

    #if os(Linux)
    /// Runs the executable with its output discarded; its exit status and peak resident memory.
    private func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let path = runner.executable.path
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw XCTSkip("cannot start \(path): \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw XCTSkip("cannot wait for \(path)") }
        // Linux reports the peak in kilobytes.
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }

    func testALineOfSmallTokensTakesAtMostSevenTimesItsLengthAtPeak() throws {
        // The worst line for memory: `[1,1,1,…]`, a token every two bytes. The reader holds the
        // line's copy and its tape (six bytes per byte) and builds no tree for a line this long.
        let length = 8 << 20
        let action = "[" + Array(repeating: "1", count: length / 2).joined(separator: ",") + "]"
        let line = sealed(#"{"seq":1,"t":1,"action":"# + action)
        let path = try write([guest[0], line], name: "dense.jsonl")
        let whole = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let baseline = try peakMemory(["replay", "--verify", whole])
        XCTAssertEqual(baseline.status, 0)
        let dense = try peakMemory(["replay", path])
        XCTAssertEqual(dense.status, 2, "the action is not a checkout action")
        let growth = dense.bytes - baseline.bytes
        XCTAssertLessThanOrEqual(
            growth, 7 * line.utf8.count + (4 << 20),
            "replaying an 8 MiB line took \(growth >> 20) MiB more than a small log: "
                + String(format: "%.1f", Double(growth) / Double(line.utf8.count)) + "x the line")
    }
    #endif
}

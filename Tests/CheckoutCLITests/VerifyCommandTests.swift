import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// `checkout verify`: a fleet of logs on every core, its shards on batch engines, and their merge.
final class VerifyCommandTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!
    private static let examples = repositoryRoot.appendingPathComponent("Examples/Logs")
    /// The example logs' names, and their steps in all.
    private var exampleNames: [String] = []
    private var exampleSteps = 0
    /// The fleet's logs: the examples twice, then a diverged, a cut, an open and a not-a-log file.
    private var fleetLogs: Int { 2 * exampleNames.count + 4 }

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
        exampleNames = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertGreaterThan(exampleNames.count, 1)
        exampleSteps = try exampleNames.map { name in
            try lines(of: Self.examples.appendingPathComponent(name)).filter { $0.hasPrefix(#"{"seq":"#) }.count
        }.reduce(0, +)
    }

    /// The batch engines' variables set empty (empty counts as unset), so that a test run inside
    /// a Kubernetes Job or a Slurm array is not mistaken for a shard.
    private let noBatchEngine = [
        "JOB_COMPLETION_INDEX": "", "SLURM_ARRAY_TASK_ID": "", "SLURM_ARRAY_TASK_MIN": "",
        "SLURM_ARRAY_TASK_COUNT": "", "SLURM_ARRAY_TASK_STEP": "", "AWS_BATCH_JOB_ARRAY_INDEX": "",
    ]

    private func verify(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try runner.run(["verify"] + arguments, environment: noBatchEngine.merging(environment) { $1 })
    }

    private func lines(of path: URL) throws -> [String] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func write(_ lines: [String], to path: URL, newline: Bool = true) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + (newline ? "\n" : "")).write(to: path, atomically: true, encoding: .utf8)
    }

    /// A fleet: the example logs in two folders (each verified), a diverged log, a log cut in
    /// the middle of a line (unreadable), a log without its footer and with a torn last line
    /// (open), a file named `.jsonl` that is not a log (unreadable), and entries a directory
    /// search leaves out (other names, hidden entries, a rotated part beside its first part).
    private func makeFleet() throws -> URL {
        let fleet = directory.appendingPathComponent("fleet")
        for folder in ["eu/2026-01", "us"] {
            for name in exampleNames {
                try write(
                    try lines(of: Self.examples.appendingPathComponent(name)),
                    to: fleet.appendingPathComponent(folder).appendingPathComponent(name))
            }
        }
        let guest = try lines(of: Self.examples.appendingPathComponent("native-guest.jsonl"))
        var diverged = guest
        let range = try XCTUnwrap(diverged[3].range(of: #""fp":"[0-9a-f]{16}""#, options: .regularExpression))
        diverged[3].replaceSubrange(range, with: #""fp":"0123456789abcdef""#)
        diverged[3] = resealed(diverged[3])
        try write(diverged, to: fleet.appendingPathComponent("us/diverged.jsonl"))
        // Cut in the middle of line 5, then a complete line: line 5 is bad and not the last.
        try write(
            Array(guest[0..<4]) + [String(guest[4].prefix(40)), guest[2]],
            to: fleet.appendingPathComponent("us/cut.jsonl"))
        let bridge = try lines(of: Self.examples.appendingPathComponent("web-bridge-cart-transfer.jsonl"))
        // The app was killed: no footer, the last record half written.
        var open = Array(bridge.dropLast(2))
        open.append(String(bridge[bridge.count - 2].prefix(30)))
        try write(open, to: fleet.appendingPathComponent("eu/open.jsonl"), newline: false)
        try write(["this is not a log"], to: fleet.appendingPathComponent("eu/notes.jsonl"))
        // Left out of a directory search.
        try write(["not a log either"], to: fleet.appendingPathComponent("eu/README.txt"))
        try write(guest, to: fleet.appendingPathComponent("us/session.json"))
        try write(["hidden"], to: fleet.appendingPathComponent(".trash/old.jsonl"))
        try write(["hidden"], to: fleet.appendingPathComponent("us/.partial.jsonl"))
        try write(["a part"], to: fleet.appendingPathComponent("us/native-guest.1.jsonl"))
        return fleet
    }

    private func jsonObjects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testVerifyPrintsOneLinePerLogInPathOrderThenASummaryAndFailsOnDivergedOrUnreadableLogs() throws {
        let fleet = try makeFleet()
        let result = try verify([fleet.path])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertEqual(result.errors, "", "no progress bar when standard error is not a terminal")
        XCTAssertFalse(result.output.contains("\u{1B}["), "no colours when the output is not a terminal")
        let lines = result.output.split(separator: "\n").map(String.init)
        let logLines = Array(lines.prefix(fleetLogs))
        let paths = logLines.map { line in String(line.dropFirst(12).prefix { $0 != ":" }) }
        XCTAssertEqual(paths, paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "in path order")
        XCTAssertEqual(Set(paths).count, fleetLogs)
        XCTAssertFalse(result.output.contains("README") || result.output.contains("session.json"))
        XCTAssertFalse(result.output.contains(".trash") || result.output.contains(".partial"))
        XCTAssertFalse(result.output.contains("native-guest.1.jsonl"), "a rotated part is read with its first part")

        let path = fleet.path
        XCTAssertTrue(
            logLines.contains("verified    \(path)/eu/2026-01/native-guest.jsonl: 18 steps, order order-1"),
            result.output)
        XCTAssertTrue(
            logLines.contains("verified    \(path)/us/web-parse-checkout.jsonl: 8 steps, order PARSE-2002"),
            result.output)
        XCTAssertTrue(
            logLines.contains(
                "open        \(path)/eu/open.jsonl: 8 steps, no footer, line 10 torn and skipped, order WEB-1001"),
            result.output)
        let diverged = try XCTUnwrap(logLines.first { $0.hasPrefix("diverged    \(path)/us/diverged.jsonl: ") })
        XCTAssertTrue(diverged.contains(": at step 3 of 18: "), diverged)
        XCTAssertTrue(diverged.contains("recorded 0123456789abcdef"), diverged)
        XCTAssertTrue(
            logLines.contains("unreadable  \(path)/us/cut.jsonl:5: the line has no checksum"), result.output)
        XCTAssertTrue(
            logLines.contains("unreadable  \(path)/eu/notes.jsonl: not an action log: line 1 is not a log header"),
            result.output)

        let actions = 2 * exampleSteps + 18 + 8
        XCTAssertEqual(
            Array(lines.dropFirst(fleetLogs)),
            [
                "\(fleetLogs) logs, \(actions) actions: \(2 * exampleNames.count) verified, 1 open, 1 diverged, 2 unreadable",
                "  unreadable  \(path)/eu/notes.jsonl: not an action log: line 1 is not a log header",
                "  unreadable  \(path)/us/cut.jsonl:5: the line has no checksum",
                "  diverged    \(path)/us/diverged.jsonl at step 3",
                // Every readable log of the fleet is a customer's checkout, as recorded.
                "personal data in clear in \(2 * exampleNames.count + 2) of \(fleetLogs) logs "
                    + "(checkout replay --mask-personal LOG shows one masked)",
            ])

        // Only divergence and unreadable logs fail: the examples and the open log pass.
        let passing = try verify([
            "\(path)/eu/open.jsonl", "\(path)/us", "--no-color", "\(path)/eu/2026-01/native-guest.jsonl",
        ])
        XCTAssertEqual(passing.status, 1, "us/ holds the diverged and the cut logs")
        let good = try verify(["\(path)/eu/open.jsonl", "\(path)/eu/2026-01"])
        XCTAssertEqual(good.status, 0, good.output)
        XCTAssertTrue(
            good.output.hasSuffix(
                "\(exampleNames.count + 1) logs, \(exampleSteps + 8) actions: \(exampleNames.count) verified, 1 open, "
                    + "0 diverged, 0 unreadable\npersonal data in clear in \(exampleNames.count + 1) of "
                    + "\(exampleNames.count + 1) logs (checkout replay --mask-personal LOG shows one masked)\n"),
            good.output)
    }

    func testEveryJSONLineCarriesTheLogsIdentitiesAndTheRunEndsWithASummaryObject() throws {
        let fleet = try makeFleet()
        let result = try verify(["--json", fleet.path])
        XCTAssertEqual(result.status, 1)
        let objects = try jsonObjects(result.output)
        XCTAssertEqual(objects.count, fleetLogs + 1)
        let byLog = Dictionary(uniqueKeysWithValues: objects.dropLast().map { ($0["log"] as? String ?? "", $0) })
        let bridge = try XCTUnwrap(byLog["\(fleet.path)/us/web-bridge-cart-transfer.jsonl"])
        XCTAssertEqual(bridge["status"] as? String, "verified")
        XCTAssertEqual(bridge["app"] as? String, "checkout-demo")
        XCTAssertEqual(bridge["orderId"] as? String, "WEB-1001")
        XCTAssertEqual(bridge["checkoutReference"] as? String, "cart-1", "the web checkout session's reference")
        XCTAssertEqual(bridge["cartId"] as? String, "cart-1", "the app's cart, which the cart transfer posted")
        XCTAssertEqual(bridge["closed"] as? Bool, true)
        let recovery = try XCTUnwrap(byLog["\(fleet.path)/eu/2026-01/native-410-recovery.jsonl"])
        XCTAssertEqual(recovery["cartId"] as? String, "cart-2", "the cart rebuilt after the 410")
        XCTAssertEqual(recovery["checkoutReference"] as? String, "payment-1")
        XCTAssertEqual(recovery["orderId"] as? String, "order-1")
        XCTAssertEqual(recovery["steps"] as? Int, 19)
        let open = try XCTUnwrap(byLog["\(fleet.path)/eu/open.jsonl"])
        XCTAssertEqual(open["status"] as? String, "open")
        XCTAssertEqual(open["closed"] as? Bool, false)
        XCTAssertEqual(open["tornLine"] as? Int, 10)
        let diverged = try XCTUnwrap(byLog["\(fleet.path)/us/diverged.jsonl"])
        XCTAssertEqual(diverged["divergedAt"] as? Int, 3)
        XCTAssertEqual(diverged["sinceStep"] as? Int, 2)
        XCTAssertEqual(diverged["recorded"] as? String, "0123456789abcdef")
        XCTAssertEqual(diverged["orderId"] as? String, "order-1")
        let cut = try XCTUnwrap(byLog["\(fleet.path)/us/cut.jsonl"])
        XCTAssertEqual(cut["error"] as? String, "\(fleet.path)/us/cut.jsonl:5: the line has no checksum")
        XCTAssertEqual(cut["app"] as? String, "checkout-demo", "the header is readable: whose log it is")
        XCTAssertNil(cut["orderId"])
        let summary = try XCTUnwrap(objects.last?["summary"] as? [String: Int])
        XCTAssertEqual(
            summary,
            [
                "logs": fleetLogs, "actions": 2 * exampleSteps + 18 + 8, "verified": 2 * exampleNames.count, "open": 1,
                "diverged": 1, "unreadable": 2,
            ])
        XCTAssertEqual(objects.dropLast().compactMap { $0["steps"] as? Int }.reduce(0, +), summary["actions"])
    }

    func testFourShardsMergedPrintWhatOneRunPrints() throws {
        let fleet = try makeFleet()
        for json in [true, false] {
            let format = json ? ["--json"] : []
            let whole = try verify(format + [fleet.path])
            var shardFiles: [String] = []
            var shardLogs: [String] = []
            for index in 0..<4 {
                let shard = try verify(["--json", "--shard", "\(index)/4", fleet.path])
                let file = directory.appendingPathComponent("shard-\(index).jsonl")
                try shard.output.write(to: file, atomically: true, encoding: .utf8)
                shardFiles.append(file.path)
                let objects = try jsonObjects(shard.output)
                XCTAssertEqual(
                    (objects.last?["summary"] as? [String: Any])?["shard"] as? String, "\(index)/4", shard.output)
                shardLogs += objects.dropLast().compactMap { $0["log"] as? String }
            }
            XCTAssertEqual(shardLogs.count, fleetLogs, "every log in one shard")
            XCTAssertEqual(Set(shardLogs).count, fleetLogs, "and in one only")
            // Given in any order, the shards merge into the one run's output, byte for byte.
            let merged = try verify(format + ["--merge"] + shardFiles.reversed())
            XCTAssertEqual(merged.output, whole.output)
            XCTAssertEqual(merged.status, whole.status)
            XCTAssertEqual(merged.errors, "")
        }
    }

    func testTheShareOfALogDependsOnItsNameBelowTheDirectoryGivenNotOnWhereTheFleetIsMounted() throws {
        let fleet = try makeFleet()
        let elsewhere = directory.appendingPathComponent("mounted-elsewhere")
        try FileManager.default.copyItem(at: fleet, to: elsewhere)
        try FileManager.default.removeItem(at: elsewhere.appendingPathComponent("us/diverged.jsonl"))
        for index in 0..<3 {
            func names(_ root: URL) throws -> [String] {
                let result = try verify(["--json", "--shard", "\(index)/3", root.path])
                return try jsonObjects(result.output).dropLast().compactMap { $0["log"] as? String }.map {
                    String($0.dropFirst(root.path.count))
                }
            }
            // A log removed from the fleet moves no other log to another shard.
            XCTAssertEqual(try names(elsewhere), try names(fleet).filter { $0 != "/us/diverged.jsonl" })
        }
        // A file given itself is shared by its file name, like the same file found in a directory.
        let single = try verify([
            "--json", "--shard", "1/3", fleet.appendingPathComponent("us/native-guest.jsonl").path,
        ])
        let inDirectory = try verify(["--json", "--shard", "1/3", fleet.appendingPathComponent("us").path])
        XCTAssertEqual(
            try jsonObjects(single.output).count == 2,
            try jsonObjects(inDirectory.output).contains {
                ($0["log"] as? String)?.hasSuffix("/native-guest.jsonl") == true
            })
    }

    func testShardAutoTakesTheIndexFromKubernetesSlurmOrAWSBatch() throws {
        let fleet = try makeFleet()
        let direct = try verify(["--json", "--shard", "2/4", fleet.path])
        let expected = direct.output
        XCTAssertTrue(expected.contains("\"shard\":\"2/4\""))
        let engines: [([String: String], [String])] = [
            (["JOB_COMPLETION_INDEX": "2"], ["--shards", "4"]),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "2"], ["--shards", "4"]),
            (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"], []),
            // --array=1-4: task 3 is the third shard.
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], []),
            // --array=10-40:10 (tasks 10, 20, 30, 40): task 30 is the third shard.
            (
                [
                    "SLURM_ARRAY_TASK_ID": "30", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_COUNT": "4",
                    "SLURM_ARRAY_TASK_STEP": "10",
                ], ["--shards", "4"]
            ),
        ]
        for (environment, flags) in engines {
            let result = try verify(["--json", "--shard", "auto"] + flags + [fleet.path], environment: environment)
            XCTAssertEqual(result.output, expected, "\(environment)")
            XCTAssertEqual(result.status, direct.status)
        }
        let refused: [([String: String], [String], String)] = [
            ([:], [], "--shard auto found no array-job index"),
            (["JOB_COMPLETION_INDEX": "1"], [], "add --shards N (the Job's spec.completions)"),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "1"], [], "add --shards N (the job's arrayProperties.size)"),
            (
                ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "1"], ["--shards", "2"],
                "more than one batch engine"
            ),
            (["JOB_COMPLETION_INDEX": "one"], ["--shards", "2"], "JOB_COMPLETION_INDEX is \"one\", not a number"),
            (["JOB_COMPLETION_INDEX": "4"], ["--shards", "4"], "shard 4 is not one of 0 to 3"),
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], [], "not SLURM_ARRAY_TASK_MIN"),
            (
                ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"],
                ["--shards", "8"],
                "--shards 8 contradicts SLURM_ARRAY_TASK_COUNT=4"
            ),
            (
                ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"], [],
                "past the array's 3 tasks"
            ),
            (
                ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0"], [],
                "not SLURM_ARRAY_TASK_COUNT: add --shards N"
            ),
        ]
        for (environment, flags, message) in refused {
            let result = try verify(["--shard", "auto"] + flags + [fleet.path], environment: environment)
            XCTAssertEqual(result.status, 64, "\(environment)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: "), result.errors)
            XCTAssertTrue(result.errors.contains(message), "\(environment): \(result.errors)")
            XCTAssertTrue(result.errors.contains("usage: checkout verify"), result.errors)
            XCTAssertEqual(result.output, "", "nothing verified")
        }
    }

    func testMergeRefusesOutputsThatAreNotOneCompleteShardedRun() throws {
        let fleet = try makeFleet()
        var files: [URL] = []
        for index in 0..<3 {
            let file = directory.appendingPathComponent("part-\(index).jsonl")
            try verify(["--json", "--shard", "\(index)/3", fleet.path]).output.write(
                to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let whole = directory.appendingPathComponent("whole.jsonl")
        try verify(["--json", fleet.path]).output.write(to: whole, atomically: true, encoding: .utf8)
        let cut = directory.appendingPathComponent("cut.jsonl")
        try (try lines(of: files[1]).dropLast().joined(separator: "\n") + "\n").write(
            to: cut, atomically: true, encoding: .utf8)
        let recounted = directory.appendingPathComponent("recounted.jsonl")
        var recountedLines = try lines(of: files[2])
        recountedLines.remove(at: 0)
        try write(recountedLines, to: recounted)
        let garbage = directory.appendingPathComponent("garbage.jsonl")
        try write(["{\"hello\":1}"], to: garbage)
        let found = directory.appendingPathComponent("found.jsonl")
        try verify(["--json", "--find", "WEB-1001", fleet.path]).output.write(
            to: found, atomically: true, encoding: .utf8)

        let cases: [([URL], String)] = [
            ([files[0], files[1]], "shard 2/3 missing: merge every shard's output"),
            ([files[0], files[1], files[2], files[1]], "are both shard 1/3"),
            ([files[0], cut, files[2]], "\(cut.path): no summary at its end"),
            ([files[0], files[1], recounted], "\(recounted.path):"),
            ([whole, files[0]], "\(whole.path) is the output of a whole run but \(files[0].path) is shard 0/3"),
            ([whole, whole], "is in both \(whole.path):1 and \(whole.path):1"),
            ([garbage], "\(garbage.path):1: not a line of checkout verify --json"),
            ([found], "\(found.path):4: the end of a --find search"),
            ([directory.appendingPathComponent("missing.jsonl")], "missing.jsonl: cannot read: "),
        ]
        for (inputs, message) in cases {
            let result = try verify(["--merge"] + inputs.map(\.path))
            XCTAssertEqual(result.status, 2, "\(inputs.map(\.lastPathComponent)): \(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: "), result.errors)
            XCTAssertTrue(result.errors.contains(message), "\(inputs.map(\.lastPathComponent)): \(result.errors)")
            XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "one line")
            XCTAssertEqual(result.output, "")
        }
        // A whole run's output merges to itself.
        let again = try verify(["--json", "--merge", whole.path])
        XCTAssertEqual(again.output, try String(contentsOf: whole, encoding: .utf8))
    }

    func testFindPrintsTheLogsOfAnOrderNumberAndFailsWhenThereIsNone() throws {
        let fleet = try makeFleet()
        let found = try verify([fleet.path, "--find", "PARSE-2002"])
        XCTAssertEqual(found.status, 0, found.output)
        XCTAssertEqual(
            found.output.split(separator: "\n").map(String.init),
            ["eu/2026-01", "us"].map {
                "verified    \(fleet.path)/\($0)/web-parse-checkout.jsonl: 8 steps, order PARSE-2002"
            } + ["found PARSE-2002 in 2 of \(fleetLogs) logs"])
        let json = try verify([fleet.path, "--find", "WEB-1001", "--json"])
        let objects = try jsonObjects(json.output)
        XCTAssertEqual(objects.count, 4, "two examples and the open log, then the search's end")
        XCTAssertEqual(
            objects.dropLast().compactMap { $0["orderId"] as? String }, Array(repeating: "WEB-1001", count: 3))
        let end = try XCTUnwrap(objects.last?["find"] as? [String: Any])
        XCTAssertEqual(end["id"] as? String, "WEB-1001")
        XCTAssertEqual(end["found"] as? Int, 3)
        XCTAssertEqual(end["logs"] as? Int, fleetLogs)
        XCTAssertEqual(end["unreadable"] as? Int, 2)
        let missing = try verify([fleet.path, "--find", "NOPE-1"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(
            missing.output, "not found: no log of \(fleetLogs) has NOPE-1 (2 could not be read, and might)\n")
        // The order of a log that no longer replays is found, and the search fails with it.
        let diverged = try verify(["\(fleet.path)/us", "--find", "payment-1"])
        XCTAssertEqual(diverged.status, 1)
        XCTAssertTrue(diverged.output.contains("diverged    \(fleet.path)/us/diverged.jsonl"), diverged.output)
    }

    func testTheOutputIsTheSameWhateverTheNumberOfWorkers() throws {
        let fleet = try makeFleet()
        let one = try verify(["--json", "--jobs", "1", fleet.path])
        for jobs in ["2", "7"] {
            XCTAssertEqual(try verify(["--json", "--jobs", jobs, fleet.path]).output, one.output, "--jobs \(jobs)")
        }
    }

    func testARotatedLogIsVerifiedFromItsFirstPartAndALaterPartAloneIsRefused() throws {
        let source = try ActionLogReader<CheckoutState>(
            path: Self.examples.appendingPathComponent("native-guest.jsonl").path,
            schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        var actions: [CheckoutAction] = []
        while let record = try source.next() { actions.append(record.action) }
        let rotated = directory.appendingPathComponent("rotated")
        try FileManager.default.createDirectory(at: rotated, withIntermediateDirectories: true)
        let path = rotated.appendingPathComponent("session.jsonl").path
        let recorder = try ActionRecorder(
            path: path, initialState: source.header.state, mode: .durable,
            configuration: ActionLogConfiguration(
                appVersion: "rotation-test", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1,
                maximumFileBytes: 4096))
        let store = Store(
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            state: source.header.state, middleware: [recorder.middleware], effectsEnabled: false)
        for _ in 0..<3 { for action in actions { store.dispatch(action) } }
        try recorder.close()
        let parts = try FileManager.default.contentsOfDirectory(atPath: rotated.path).sorted()
        XCTAssertGreaterThan(parts.count, 2, "the log rotated: \(parts)")

        let result = try verify([rotated.path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            result.output.split(separator: "\n").map(String.init),
            [
                "verified    \(path): \(3 * actions.count) steps, order order-1",
                "1 log, \(3 * actions.count) actions: 1 verified, 0 open, 0 diverged, 0 unreadable",
                "personal data in clear in 1 of 1 log (checkout replay --mask-personal LOG shows one masked)",
            ])
        let part = rotated.appendingPathComponent("session.1.jsonl").path
        let alone = try verify([part])
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(
            alone.output.hasPrefix("unreadable  \(part):1: part 1 of a rotated log, not its first part"), alone.output)
    }

    func testUsageMistakesAreRefusedWithTheVerifySynopsis() throws {
        let refused: [([String], String)] = [
            ([], "verify needs a PATH"),
            (["x", "--shard", "4/4"], "shard 4 is not one of 0 to 3 (shards are numbered from 0)"),
            (["x", "--shard", "1:4"], "--shard is I/N (share I of N, from 0) or auto, got \"1:4\""),
            (["x", "--shard", "1/0"], "the shard count must be from 1"),
            (["x", "--shard", "1/4", "--shards", "4"], "--shards goes with --shard auto"),
            (["x", "--shards", "4"], "--shards goes with --shard auto"),
            (["--merge"], "--merge needs the shards' outputs"),
            (["--merge", "a", "--shard", "1/2"], "--shard chooses how logs are verified; --merge verifies none"),
            (["--merge", "a", "--find", "X"], "--find chooses how logs are verified"),
            (["x", "--jobs", "0"], "--jobs needs a number from 1 to 256"),
            (["x", "--find", ""], "--find needs an order id"),
            (["x", "--bogus"], "unknown option --bogus"),
        ]
        for (arguments, message) in refused {
            let result = try verify(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: "), result.errors)
            XCTAssertTrue(result.errors.contains(message), "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.contains("usage: checkout verify PATH..."), result.errors)
        }
    }

    func testHostileAndEmptyFilesAreUnreadableLogsNamedByFileAndLineAmongGoodOnes() throws {
        let empty = directory.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        let binary = directory.appendingPathComponent("binary.jsonl")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: binary)
        let headerOnly = directory.appendingPathComponent("header-only.jsonl")
        let guest = try lines(of: Self.examples.appendingPathComponent("native-guest.jsonl"))
        try write([guest[0]], to: headerOnly)
        let good = Self.examples.appendingPathComponent("native-guest.jsonl").path
        let result = try verify([
            "/dev/zero", empty.path, binary.path, headerOnly.path, good, "--max-line-bytes", "64K",
        ])
        XCTAssertEqual(result.status, 1)
        // Verdicts come in byte order of their paths. Where the repository and the temporary
        // directory live differs between machines (`/check/...` sorts before `/dev/zero`, `/work/...`
        // after `/tmp/...`), so the expected order is made the same way, never written down.
        let verdicts = [
            (
                "/dev/zero",
                "unreadable  /dev/zero:1: the line is longer than 65536 bytes, the longest line this reader takes"
            ),
            (binary.path, "unreadable  \(binary.path): not an action log: line 1 is not a log header"),
            (empty.path, "unreadable  \(empty.path): the file is empty (no header)"),
            (headerOnly.path, "open        \(headerOnly.path): 0 steps, no footer"),
            (good, "verified    \(good): 18 steps, order order-1"),
        ].sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.map(\.1)
        XCTAssertEqual(
            result.output.split(separator: "\n").map(String.init),
            verdicts + [
                "5 logs, 18 actions: 1 verified, 1 open, 0 diverged, 3 unreadable",
                "  unreadable  /dev/zero:1: the line is longer than 65536 bytes, the longest line this reader takes",
                "  unreadable  \(binary.path): not an action log: line 1 is not a log header",
                "  unreadable  \(empty.path): the file is empty (no header)",
                // The header alone holds no personal value yet; the guest's whole log does.
                "personal data in clear in 1 of 5 logs (checkout replay --mask-personal LOG shows one masked)",
            ])
    }

    func testAPathThatDoesNotExistIsAnUnreadableLogNotASilentSkip() throws {
        let missing = directory.appendingPathComponent("nowhere.jsonl").path
        let result = try verify([missing, Self.examples.appendingPathComponent("native-guest.jsonl").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.output.contains("unreadable  \(missing): cannot read: No such file or directory"), result.output)
        XCTAssertTrue(
            result.output.hasSuffix(
                "2 logs, 18 actions: 1 verified, 0 open, 0 diverged, 1 unreadable\n"
                    + "  unreadable  \(missing): cannot read: No such file or directory\n"
                    + "personal data in clear in 1 of 2 logs (checkout replay --mask-personal LOG shows one masked)\n"),
            result.output)
    }
}

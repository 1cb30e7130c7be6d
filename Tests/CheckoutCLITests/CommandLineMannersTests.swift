import ActionLog
import Foundation
import XCTest

/// How the `checkout` tool behaves as a command-line tool: help, version, refusing options it
/// would ignore, not overwriting files, saying what a file is, readable demo lines, and colours
/// and progress only on a terminal.
final class CommandLineMannersTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!
    private let commands = ["replay", "inspect", "verify", "pseudonymise", "demo"]

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    func testEveryCommandHasHelpWithOptionsAndExamplesAsHelpCommandOrDashDashHelp() throws {
        for command in commands {
            let help = try runner.run(["help", command])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.output.hasPrefix("usage: checkout \(command) "), help.output)
            XCTAssertTrue(help.output.contains("\noptions:\n"), help.output)
            XCTAssertTrue(help.output.contains("\nexamples:\n  checkout \(command) "), help.output)
            XCTAssertTrue(help.output.contains("\nexit: 0 "), help.output)
            for flag in ["--help", "-h"] {
                let same = try runner.run([command, flag])
                XCTAssertEqual(same.status, 0, "\(command) \(flag)")
                XCTAssertEqual(same.output, help.output, "\(command) \(flag)")
            }
        }
        let overview = try runner.run(["help"])
        XCTAssertEqual(overview.status, 0)
        XCTAssertEqual(try runner.run(["--help"]).output, overview.output)
        for command in commands + ["help"] {
            XCTAssertTrue(overview.output.contains("\n  \(command) "), "\(command) in:\n\(overview.output)")
        }
        let none = try runner.run([])
        XCTAssertEqual(none.status, 64)
        XCTAssertEqual(none.errors, "checkout: no command given\n" + overview.output)
        let unknown = try runner.run(["help", "frobnicate"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(
            unknown.errors.hasPrefix("checkout: help takes one command: replay, inspect, verify, pseudonymise, demo\n"))
    }

    func testVersionIsTheEngineVersionTheLogsCarry() throws {
        let version = try runner.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(
            version.output,
            "checkout \(ActionLogFormat.engineVersion) (action log format \(ActionLogFormat.version))\n")
        let log = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl"), encoding: .utf8)
        XCTAssertTrue(log.hasPrefix(#"{"format":"checkoutengine-actionlog","formatVersion":1,"engine":"0.1.0","#))
        XCTAssertEqual(try runner.run(["replay", "--version"]).status, 64, "not an option of a command")
    }

    func testOptionsThatWouldBeSilentlyIgnoredAreRefused() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let refused: [([String], String)] = [
            (["replay", log, "--to", "3", "--verify"], "--to 3 and --verify do not go together"),
            (["replay", log, "--to", "40"], "--to 40 is past the end of \(log): it has 18 steps"),
            (["demo", "--web", "bridge", "--decline"], "--decline plays a native checkout scenario"),
            (["demo", "--web", "parse", "--conflict"], "--conflict plays a native checkout scenario"),
            (["demo", "--web", "bridge", "--expire"], "--expire plays a native checkout scenario"),
            (["demo", "--web", "parse", "--challenge"], "--challenge plays a native checkout scenario"),
            (["demo", "--web", "bridge", "--guest"], "--guest plays a native checkout scenario"),
            (["demo", "--api", "checkout"], "--api chooses the web checkout's endpoints: give it with --web"),
            (["demo", "--provider", "afterpay", "--challenge"], "Afterpay has no challenge"),
            (["demo", "--force"], "--force overwrites the file --record writes, and there is no --record"),
            (["demo", "--guest", "--guest"], "--guest is given twice"),
            (["replay", log, "--to", "1", "--to", "2"], "--to is given twice"),
        ]
        for (arguments, message) in refused {
            let result = try runner.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: \(message)"), "\(arguments): \(result.errors)")
            XCTAssertTrue(result.errors.contains("\nusage: checkout \(arguments[0]) "), result.errors)
            XCTAssertEqual(result.output, "", "\(arguments): nothing played")
        }
        // The last step is still a step --to takes, and --challenge with --decline plays both.
        XCTAssertEqual(try runner.run(["replay", log, "--to", "16"]).status, 0)
        let both = try runner.run(["demo", "--challenge", "--decline"])
        XCTAssertEqual(both.status, 0)
        XCTAssertTrue(both.output.contains("payment action required (3-D Secure challenge)"), both.output)
        XCTAssertTrue(both.output.contains("payment declined (Insufficient funds)"), both.output)
    }

    func testRecordRefusesToOverwriteAFileUnlessForced() throws {
        let path = directory.appendingPathComponent("existing.jsonl").path
        try "keep me\n".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try runner.run(["demo", "--record", path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.errors.hasPrefix("checkout: \(path) exists: --force overwrites it\n"), refused.errors)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "keep me\n", "untouched")
        let forced = try runner.run(["demo", "--record", path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.errors)
        XCTAssertEqual(try runner.run(["replay", "--verify", path]).status, 0)
    }

    func testAFileThatIsNotALogSaysSoInReplayAndVerify() throws {
        let notes = directory.appendingPathComponent("notes.jsonl").path
        try "{\"hello\":1}\nsecond line\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let replay = try runner.run(["replay", notes])
        XCTAssertEqual(replay.status, 2)
        XCTAssertEqual(replay.errors, "checkout: \(notes): not an action log: line 1 is not a log header\n")
        let verify = try runner.run(["verify", notes])
        XCTAssertEqual(verify.status, 1)
        XCTAssertTrue(
            verify.output.hasPrefix("unreadable  \(notes): not an action log: line 1 is not a log header\n"),
            verify.output)
    }

    func testTheDemoPrintsPaymentsInWordsAndSaysAnOrderWasPlacedOnlyForTheOrderTheCheckoutCompleted() throws {
        let variants: [[String]] = [
            [], ["--challenge", "--decline"], ["--provider", "adyen", "--challenge"], ["--provider", "afterpay"],
            ["--provider", "worldline", "--decline"], ["--guest", "--expire"], ["--conflict"], ["--web", "bridge"],
            ["--web", "parse"],
        ]
        for variant in variants {
            let path = directory.appendingPathComponent("demo-\(variant.joined()).jsonl").path
            let demo = try runner.run(["demo"] + variant + ["--record", path])
            XCTAssertEqual(demo.status, 0, "\(variant): \(demo.errors)\(demo.output)")
            for dump in ["Checkout.", "Optional(", "PaymentActionRequest", "(kind:", "\"_0\""] {
                XCTAssertFalse(demo.output.contains(dump), "\(variant) prints a Swift dump (\(dump)):\n\(demo.output)")
            }
            for line in demo.output.split(separator: "\n") where line.hasPrefix("  payment.") {
                XCTAssertFalse(line.contains("{"), "\(variant): a payment action as JSON: \(line)")
            }
            // "placed" is said once, for the order the recorded checkout completed.
            let placed = demo.output.split(separator: "\n").filter { $0.contains("placed") }
            XCTAssertEqual(placed.count, 1, "\(variant): \(demo.output)")
            let final = try XCTUnwrap(
                try runner.run(["replay", "--json", path]).output.split(separator: "\n").last.map(String.init))
            let state = try XCTUnwrap(
                (try JSONSerialization.jsonObject(with: Data(final.utf8)) as? [String: Any])?["final"] as? [String: Any]
            )
            let order = try XCTUnwrap(state["completedOrder"] as? [String: Any], "\(variant): no order in the log")
            let orderID = try XCTUnwrap(order["orderID"] as? String)
            let number = (order["orderNumber"] as? String).map { "\($0) (\(orderID))" } ?? orderID
            XCTAssertTrue(placed[0].hasPrefix("order \(number) placed"), "\(variant): \(placed[0])")
        }
    }

    /// Runs the tool on a pseudo-terminal (`script`), which is what a user's terminal is to it.
    private func onATerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else {
            throw XCTSkip("util-linux's script is not installed")
        }
        let command = ([runner.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", command, "/dev/null"]
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = ""
        merged.merge(environment) { $1 }
        process.environment = merged
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A colour (an SGR escape: `ESC [ … m`).
    private let colour = "\u{1B}\\[[0-9;]*m"

    func testColoursOnlyOnATerminalAndNeverWithNoColorOrNoColorFlag() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/web-parse-checkout.jsonl").path
        let coloured = try onATerminal(["replay", log])
        XCTAssertTrue(coloured.contains("\u{1B}[1mstep 1\u{1B}[0m"), coloured)
        XCTAssertTrue(try onATerminal(["verify", log]).contains("\u{1B}[32mverified"))
        for (arguments, environment) in [
            (["replay", log], ["NO_COLOR": "1"]), (["replay", log, "--no-color"], [:]),
            (["verify", log], ["NO_COLOR": "yes"]),
        ] {
            let plain = try onATerminal(arguments, environment: environment)
            XCTAssertTrue(plain.contains("step 1") || plain.contains("verified"), plain)
            XCTAssertNil(plain.range(of: colour, options: .regularExpression), "\(arguments) \(environment): \(plain)")
        }
        let piped = try runner.run(["replay", log], environment: ["NO_COLOR": ""])
        XCTAssertFalse(piped.output.contains("\u{1B}["), "not a terminal")
        // A short replay draws no progress bar, even on a terminal.
        XCTAssertFalse(coloured.contains("% (1/8)"), coloured)
    }

    func testVerifyDrawsAProgressBarOnATerminalAndClearsItBeforeEachLine() throws {
        let examples = repositoryRoot.appendingPathComponent("Examples/Logs").path
        // The top-level logs (Examples/Logs/legacy holds one this build refuses by design).
        let logs = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".jsonl") }
            .sorted().map { "\(examples)/\($0)" }
        let shown = try onATerminal(["verify", "--jobs", "1"] + logs)
        XCTAssertTrue(shown.contains("% (1/\(logs.count))"), shown)
        XCTAssertTrue(shown.contains("\r\u{1B}[K"), "the bar is cleared")
        // Every printed line starts at the start of a line: the bar is cleared before it.
        for line in shown.components(separatedBy: "\r\n") where line.contains(".jsonl: ") {
            let printed = line.components(separatedBy: "\r\u{1B}[K").last ?? line
            XCTAssertTrue(printed.hasPrefix("\u{1B}[32mverified"), "\(line.debugDescription)")
        }
        let piped = try runner.run(["verify", examples])
        XCTAssertEqual(piped.errors, "", "no bar when standard error is not a terminal")
    }
}

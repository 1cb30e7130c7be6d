import ActionLog
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// The `checkout` executable, run as a user runs it.
final class CheckoutCommandTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    func testEveryDemoVariantRecordsALogThatReplaysToTheSameState() throws {
        let variants: [[String]] = [
            ["--guest"], [], ["--conflict"], ["--guest", "--expire"], ["--decline"], ["--challenge"],
            ["--web", "bridge"], ["--web", "parse", "--api", "checkout"], ["--web", "forms"],
            ["--web", "parse", "--scripts"],
            ["--provider", "adyen"], ["--provider", "adyen", "--decline"], ["--provider", "adyen", "--challenge"],
            ["--provider", "adyen", "--sdk-session"], ["--provider", "adyen", "--sdk-session", "--decline"],
            ["--provider", "braintree"], ["--provider", "braintree", "--decline"],
            ["--provider", "braintree", "--challenge"],
            ["--provider", "afterpay"], ["--provider", "afterpay", "--decline"],
            ["--provider", "worldline"], ["--provider", "worldline", "--challenge"],
            ["--provider", "worldline", "--decline"],
            ["--guest", "--pending"], ["--voucher"], ["--guest", "--placement-failure"],
        ]
        for variant in variants {
            let path = directory.appendingPathComponent("demo-\(variant.joined()).jsonl").path
            let demo = try runner.run(["demo"] + variant + ["--record", path])
            XCTAssertEqual(demo.status, 0, "\(variant): \(demo.errors)")
            XCTAssertNotNil(
                demo.output.range(of: #"\norder \S+ (\(\S+\) )?placed"#, options: .regularExpression),
                "\(variant): \(demo.output)")
            XCTAssertTrue(demo.output.contains("checkout replay --verify \(path)"), "\(variant)")
            let verify = try runner.run(["replay", "--verify", path])
            XCTAssertEqual(verify.status, 0, "\(variant): \(verify.output)")
            XCTAssertTrue(verify.output.hasPrefix("verified: "), "\(variant): \(verify.output)")
        }
    }

    func testProviderDemoRefusesTheWebCheckoutAndUnknownProviders() throws {
        let web = try runner.run(["demo", "--web", "bridge", "--provider", "worldline"])
        XCTAssertEqual(web.status, 64)
        XCTAssertTrue(web.errors.contains("--provider pays in the native checkout"), web.errors)
        let scripts = try runner.run(["demo", "--web", "forms", "--scripts"])
        XCTAssertEqual(scripts.status, 64)
        XCTAssertTrue(scripts.errors.contains("use it with --web parse"), scripts.errors)
        let sdk = try runner.run(["demo", "--provider", "braintree", "--sdk-session"])
        XCTAssertEqual(sdk.status, 64)
        XCTAssertTrue(sdk.errors.contains("use it with --provider adyen"), sdk.errors)
        let unknown = try runner.run(["demo", "--provider", "cash"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.errors.contains("unknown provider \"cash\""), unknown.errors)
    }

    func testWorldlineDemoLogHoldsNoCardData() throws {
        let path = directory.appendingPathComponent("worldline.jsonl").path
        XCTAssertEqual(try runner.run(["demo", "--provider", "worldline", "--record", path]).status, 0)
        let log = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["4111111111111111", "4111 1111 1111 1111", "411111"] {
            XCTAssertFalse(log.contains(secret), "the log holds \(secret)")
        }
        XCTAssertTrue(log.contains("[REDACTED]"))
    }

    func testDemoReportsARecordingFailureWhenItHappensAndStillPrintsTheSummary() throws {
        // The file-size limit lets the header through and fails a later write (EFBIG); the shell
        // ignores SIGXFSZ, and `exec` keeps that for the demo, so the write fails instead of
        // killing it.
        let probe = directory.appendingPathComponent("probe.jsonl").path
        XCTAssertEqual(try runner.run(["demo", "--record", probe]).status, 0)
        let header = try XCTUnwrap(try String(contentsOfFile: probe, encoding: .utf8).split(separator: "\n").first)
        let blocks = (header.utf8.count + 1) / 512 + 1  // 512-byte blocks: the header fits, the log does not
        // A coverage build's binary writes its profile at exit, which the limit would cut short
        // (a torn profile that fails the coverage merge): these runs write theirs nowhere.
        let limit = "trap '' XFSZ; export LLVM_PROFILE_FILE=/dev/null; ulimit -f \(blocks)"

        let path = directory.appendingPathComponent("limited.jsonl").path
        let demo = try runner.run(shellSetUp: limit, ["demo", "--record", path])
        XCTAssertEqual(demo.status, 2, "a demo whose recording failed exits 2: \(demo.errors)")
        XCTAssertTrue(
            demo.errors.hasPrefix("checkout: recording stopped: write failed for \(path): "), demo.errors)
        XCTAssertEqual(demo.errors.split(separator: "\n").count, 1, "one line, once: \(demo.errors)")
        XCTAssertTrue(
            demo.output.contains("order SB-1001 (order-1) placed for 45.95 GBP"), "the summary: \(demo.output)")
        XCTAssertTrue(demo.output.contains("recording failed: "), demo.output)
        XCTAssertFalse(demo.output.contains("replay it with"), "no replay advice for a cut-off log")

        // Both streams in one pipe: the failure shows when it happens, before the rest of the demo.
        let mergedPath = directory.appendingPathComponent("limited-merged.jsonl").path
        let merged = try runner.run(shellSetUp: limit + "; exec 2>&1", ["demo", "--record", mergedPath])
        let lines = merged.output.split(separator: "\n").map(String.init)
        let failure = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("checkout: recording stopped: ") }, merged.output)
        let payTapped = try XCTUnwrap(lines.firstIndex { $0.contains("payment.payTapped") }, merged.output)
        let placed = try XCTUnwrap(lines.firstIndex { $0.contains("order SB-1001 (order-1) placed") }, merged.output)
        XCTAssertLessThan(failure, payTapped, "reported at once, not at exit:\n\(merged.output)")
        XCTAssertLessThan(payTapped, placed)
    }

    func testNoSandboxSecretReachesTheDemoTheLogOrTheReplay() throws {
        let variants: [[String]] = [
            [], ["--challenge"], ["--web", "bridge"], ["--web", "parse"], ["--web", "forms"],
            ["--web", "parse", "--scripts"], ["--provider", "adyen", "--challenge"],
            ["--provider", "adyen", "--sdk-session", "--challenge"],
            ["--provider", "braintree", "--challenge"], ["--provider", "afterpay"],
            ["--provider", "worldline", "--challenge"],
        ]
        for variant in variants {
            let path = directory.appendingPathComponent("secrets-\(variant.joined()).jsonl").path
            let demo = try runner.run(["demo"] + variant + ["--record", path])
            XCTAssertEqual(demo.status, 0, "\(variant): \(demo.errors)")
            let replay = try runner.run(["replay", path])
            let json = try runner.run(["replay", "--json", path])
            let log = try String(contentsOfFile: path, encoding: .utf8)
            for (name, text) in [
                ("demo", demo.output + demo.errors), ("replay", replay.output), ("replay --json", json.output),
                ("log", log),
            ] {
                XCTAssertFalse(text.contains(SandboxSecret.marker), "\(variant) \(name) leaks a sandbox secret")
                XCTAssertNil(
                    text.range(of: #"[?&](token|orderToken|redirectData)=[^\[]"#, options: .regularExpression),
                    "\(variant) \(name) shows a URL's secret")
            }
        }
        // The Afterpay redirect still shows where it goes.
        let afterpay = try String(
            contentsOfFile: directory.appendingPathComponent("secrets---providerafterpay.jsonl").path, encoding: .utf8)
        XCTAssertTrue(afterpay.contains("https://portal.sandbox.clearpay.co.uk/checkout/?token=[REDACTED]"))
    }

    func testDemoShowsThe409And410Paths() throws {
        let conflict = try runner.run(["demo", "--conflict"])
        XCTAssertTrue(conflict.output.contains("error cartChanged"), conflict.output)
        XCTAssertTrue(conflict.output.contains("placed for 47.95 GBP"), "pays the new total shown")
        let expired = try runner.run(["demo", "--guest", "--expire"])
        XCTAssertTrue(expired.output.contains("result.checkoutRestored"), expired.output)
        XCTAssertTrue(expired.output.contains("error cartExpired"), expired.output)
    }

    func testReplayPrintsEachStepItsChangesAndEventsThenTheFinalState() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let replay = try runner.run(["replay", log])
        XCTAssertEqual(replay.status, 0, replay.errors)
        XCTAssertTrue(replay.output.contains("step 1  checkout started"))
        XCTAssertTrue(replay.output.contains("    journey.hasStarted: false → true"))
        XCTAssertTrue(
            replay.output.contains(
                "  analytics: begin_checkout checkout_kind=native currency=GBP items=[{item_id=tee-navy-m "
                    + #"item_name="Navy T-shirt (M)" price=12 quantity=2}, {item_id=cap-grey item_name="Grey cap" "#
                    + "price=18 quantity=1}] value=42\n"), replay.output)
        XCTAssertTrue(replay.output.contains("  analytics: add_shipping_info currency=GBP items=["))
        // The backend placed the order: its id is the transaction, never the payment reference.
        XCTAssertTrue(replay.output.contains("  analytics: purchase currency=GBP items=["), replay.output)
        XCTAssertTrue(replay.output.contains(" transaction_id=order-1 value=42\n"), replay.output)
        XCTAssertFalse(replay.output.contains("payment-1 "), "the payment reference is no order id")
        XCTAssertTrue(replay.output.contains("final state\n"))
        XCTAssertFalse(replay.output.contains("\u{1B}["), "no colours when the output is not a terminal")
    }

    func testReplayTextAndJSONNameTheSameEventsWithTheSameValues() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/web-bridge-cart-transfer.jsonl").path
        let text = try runner.run(["replay", log]).output
        let json = try runner.run(["replay", "--json", log]).output
        let printed = text.split(separator: "\n").filter { $0.hasPrefix("  analytics: ") }.map {
            String($0.dropFirst("  analytics: ".count))
        }
        var listed: [String] = []
        for line in json.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for event in object["events"] as? [[String: Any]] ?? [] {
                let parameters = try XCTUnwrap(event["parameters"] as? [String: Any])
                let pairs = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.printed($0.value))" }
                listed.append(([try XCTUnwrap(event["name"] as? String)] + pairs).joined(separator: " "))
            }
        }
        // The cart transfer's state holds the app's cart, so the web events carry its lines.
        let items =
            #"items=[{item_id=tee-navy-m item_name="Navy T-shirt (M)" price=12 quantity=2}, "#
            + "{item_id=cap-grey item_name=\"Grey cap\" price=18 quantity=1}]"
        XCTAssertEqual(
            printed,
            [
                "begin_checkout checkout_kind=web currency=GBP \(items) value=42",
                "purchase currency=GBP \(items) shipping=3.95 transaction_id=WEB-1001 value=42",
                "checkout_dismissed checkout_step=completed",
            ])
        XCTAssertEqual(listed, printed)
    }

    /// A `--json` event value as the text output prints it: text bare unless a space, `=`, a
    /// quote or a control character makes it ambiguous (then as a JSON string), items as
    /// `[{key=value …}, …]` with sorted keys.
    private static func printed(_ value: Any) -> String {
        if let items = value as? [[String: Any]] {
            let rendered = items.map { item in
                "{" + item.sorted { $0.key < $1.key }.map { "\($0.key)=\(printed($0.value))" }.joined(separator: " ")
                    + "}"
            }
            return "[" + rendered.joined(separator: ", ") + "]"
        }
        if let text = value as? String {
            let ambiguous =
                text.isEmpty || text.unicodeScalars.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0.value < 0x20 }
            guard ambiguous, let data = try? JSONSerialization.data(withJSONObject: [text]) else { return text }
            return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
        }
        return "\(value)"
    }

    func testThePendingRefusedDemoEndsWithItsOrderCancelledAndPayingOpen() throws {
        let path = directory.appendingPathComponent("refused.jsonl").path
        let demo = try runner.run(["demo", "--guest", "--pending", "--refused", "--record", path])
        XCTAssertEqual(demo.status, 0, "the scenario ends as it means to: \(demo.errors)")
        XCTAssertTrue(demo.output.contains("payment.confirmationPollDue(poll: 1)"), demo.output)
        XCTAssertTrue(demo.output.contains("order SB-1001 pending"), demo.output)
        XCTAssertTrue(demo.output.contains("order SB-1001 cancelled: the payment was refused"), demo.output)
        XCTAssertEqual(try runner.run(["replay", "--verify", path]).status, 0)
    }

    func testAnActionLogOfAnOlderSchemaStopsAtItsFirstChangedActionNamingTheSchema() throws {
        let legacy = repositoryRoot.appendingPathComponent("Examples/Logs/legacy/native-guest.jsonl").path
        for arguments in [["replay", legacy], ["replay", "--verify", legacy]] {
            let result = try runner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(
                result.errors.hasPrefix(
                    "checkout: \(legacy):17: the action cannot be decoded: the upgrade step failed: action schema 1: "
                        + "payment.outcomeReceived was recorded before native checkouts placed orders (schema 2)"),
                result.errors)
            XCTAssertFalse(result.output.contains("payment-1 placed"), "never misread as an order")
        }
    }

    func testReplayToStopsAtTheStep() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let replay = try runner.run(["replay", log, "--to", "2"])
        XCTAssertTrue(replay.output.contains("step 2 "))
        XCTAssertFalse(replay.output.contains("step 3 "))
        XCTAssertTrue(replay.output.contains("state after step 2"))
    }

    func testReplayJSONIsOneJSONObjectPerLine() throws {
        let log = repositoryRoot.appendingPathComponent("Examples/Logs/web-bridge-cart-transfer.jsonl").path
        let replay = try runner.run(["replay", "--json", log])
        XCTAssertEqual(replay.status, 0)
        let lines = replay.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + 9 + 1)  // header, nine steps, final
        for line in lines {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
        let last = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(lines[lines.count - 1].utf8)) as? [String: Any])
        XCTAssertEqual(last["step"] as? Int, 9)
        XCTAssertNotNil(last["final"])
    }

    func testVerifyFailsOnALogThatNoLongerReplays() throws {
        // A recorded fingerprint that no reducer can reproduce.
        let path = try tamperedLog(in: directory)
        let verify = try runner.run(["replay", "--verify", path])
        XCTAssertEqual(verify.status, 1)
        XCTAssertTrue(verify.output.hasPrefix("diverged at step 3: "), verify.output)
        XCTAssertTrue(verify.output.contains("recorded fingerprint 0123456789abcdef"), verify.output)
    }

    func testBadInputEndsWithOneLineNamingTheFileTheLineAndTheReason() throws {
        let missing = directory.appendingPathComponent("missing.jsonl").path
        let garbage = directory.appendingPathComponent("garbage.jsonl").path
        try "this is not a log\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let source = try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl"))
        let truncated = directory.appendingPathComponent("truncated.jsonl").path
        // Cut in the middle of line 5, then add a complete copy of line 3 after it: line 5 is bad
        // and not the last line, so reading stops there with an error.
        let text = String(decoding: source, as: UTF8.self).split(separator: "\n").map(String.init)
        try (text[0..<4].joined(separator: "\n") + "\n" + text[4].prefix(40) + "\n" + text[2] + "\n")
            .write(toFile: truncated, atomically: true, encoding: .utf8)
        let newer = directory.appendingPathComponent("newer.jsonl").path
        try (resealed(text[0].replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":9"#)) + "\n")
            .write(toFile: newer, atomically: true, encoding: .utf8)

        let cases: [(String, String)] = [
            (missing, "checkout: \(missing): cannot read: No such file or directory"),
            (garbage, "checkout: \(garbage): not an action log: line 1 is not a log header"),
            (truncated, "checkout: \(truncated):5: the line has no checksum"),
            (newer, "checkout: \(newer):1: format version 9 is newer than this engine reads (1)"),
        ]
        for (path, expected) in cases {
            let result = try runner.run(["replay", path])
            XCTAssertEqual(result.status, 2, path)
            XCTAssertEqual(result.errors, expected + "\n")
            XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "one line, never a stack trace")
        }
    }

    func testUsageMistakesExitWithTheCommandsUsage() throws {
        for (arguments, usage) in [
            (["frobnicate"], "usage: checkout COMMAND"), (["replay"], "usage: checkout replay LOG"),
            (["replay", "a", "b"], "usage: checkout replay LOG"),
            (["replay", "x", "--to", "soon"], "usage: checkout replay LOG"),
            (["demo", "--bogus"], "usage: checkout demo"),
            (["verify", "--bogus"], "usage: checkout verify PATH"),
            (["demo", "--refused"], "usage: checkout demo"),
            (["demo", "--pending", "--voucher"], "usage: checkout demo"),
            (["demo", "--pending", "--provider", "adyen"], "usage: checkout demo"),
            (["demo", "--web", "bridge", "--placement-failure"], "usage: checkout demo"),
        ] {
            let result = try runner.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.errors.hasPrefix("checkout: "), result.errors)
            XCTAssertTrue(result.errors.contains("\n" + usage), "\(arguments): \(result.errors)")
        }
        XCTAssertEqual(try runner.run(["--help"]).status, 0)
    }

}

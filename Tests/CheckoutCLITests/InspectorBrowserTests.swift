import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import XCTest

/// The inspector's page of every example log, opened in headless Chromium as a support engineer
/// opens it: what its DOM shows (the step count, the journey at the last step after pressing
/// End, one step back after ArrowLeft, the redaction marker in the state, the divergence marker
/// of a tampered log), no script error, no network request, and no script a hostile log could
/// slip in. A screenshot of each page goes to `CHECKOUTENGINE_ARTIFACTS/inspector-screenshots`.
///
/// Chromium comes from `scripts/bootstrap`. Without it the test is skipped, unless
/// `CHECKOUTENGINE_REQUIRE_BROWSER` is set (CI sets it), when it fails.
final class InspectorBrowserTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        let required = !(ProcessInfo.processInfo.environment["CHECKOUTENGINE_REQUIRE_BROWSER"] ?? "").isEmpty
        if Self.chromium == nil {
            if required {
                XCTFail("chromium is required here (CHECKOUTENGINE_REQUIRE_BROWSER is set): run scripts/bootstrap")
            }
            throw XCTSkip(
                "chromium is not installed (scripts/bootstrap installs it): the inspector's browser test is skipped")
        }
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    static var chromium: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for directory in paths {
            for name in ["chromium", "chromium-browser"] {
                let path = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    func testEveryExampleLogsPageShowsItsJourneyInChromium() throws {
        let logs = try FileManager.default.contentsOfDirectory(
            at: repositoryRoot.appendingPathComponent("Examples/Logs"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "jsonl" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(logs.count, 11)
        let tampered = try tamperedLog(in: directory)
        let hostile = directory.appendingPathComponent("hostile <b>'\"&.jsonl").path
        try recordCheckoutLog(HostileText.actions, to: hostile)
        // Past the page's first whole-state checkpoint (2,048 steps): the last step is rebuilt from it.
        let long = directory.appendingPathComponent("long.jsonl").path
        try recordCheckoutLog(
            [.common(.started)] + (0..<1_100).map { .native(.emailSubmitted("shopper\($0)@example.com")) }, to: long)

        var pages: [String] = []
        var expected: [String: Replayer<CheckoutState>] = [:]
        var lastWords: [String: String] = [:]
        for log in logs.map(\.path) + [tampered, hostile, long] {
            let name = URL(fileURLWithPath: log).deletingPathExtension().lastPathComponent
            let page = directory.appendingPathComponent(name + ".html").path
            let result = try runner.run(["inspect", log, "-o", page])
            XCTAssertEqual(result.status, 0, "\(name): \(result.errors)")
            pages.append(page)
            // The replay's words for the last step: the page must say the same (one model).
            let text = try runner.run(["replay", log]).output.split(separator: "\n")
            let prefix = "step \(text.filter { $0.hasPrefix("step ") }.count)  "
            lastWords[page] = text.last { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            expected[page] = try Replayer(
                path: log, reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        }

        // A page masked for screen sharing, checked apart after the others.
        let guest = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path
        let masked = directory.appendingPathComponent("native-guest-masked.html").path
        let maskedResult = try runner.run(["inspect", guest, "--mask-personal", "-o", masked])
        XCTAssertEqual(maskedResult.status, 0, maskedResult.errors)

        let screenshots = Self.screenshotFolder(default: directory)
        let facts = try Self.check(pages + [masked], screenshots: screenshots)
        XCTAssertEqual(facts.count, pages.count + 1, "one report per page")
        for (page, fact) in zip(pages, facts) {
            let name = URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent
            let replay = try XCTUnwrap(expected[page])
            XCTAssertEqual(fact["ready"] as? Bool, true, "\(name) rendered")
            XCTAssertEqual(fact["errors"] as? [String], [], "\(name): script errors")
            XCTAssertEqual(fact["requests"] as? [String], [], "\(name): the page fetched something")
            let opened = try XCTUnwrap(fact["opened"] as? [String: Any], name)
            let end = try XCTUnwrap(fact["end"] as? [String: Any], name)
            XCTAssertEqual(opened["stepCount"] as? String, "\(replay.count) steps", name)
            XCTAssertNil(opened["fatal"] as? String, name)
            XCTAssertNil(opened["injected"] as? String, "\(name): a log's script ran")
            XCTAssertEqual(end["position"] as? String, "step \(replay.count) of \(replay.count)", "\(name): End")
            XCTAssertEqual(end["view"] as? String, "\(replay.finalState.view)", "\(name): the final view")
            if let total = replay.finalState.displayedTotal ?? replay.finalState.orderSummary?.total {
                let shown = (end["total"] as? String ?? "").split(separator: " ")
                XCTAssertEqual(shown.first.flatMap { Decimal(string: String($0)) }, total.amount, name)
                XCTAssertEqual(shown.last.map(String.init), total.currencyCode, name)
            }
            XCTAssertEqual(
                fact["afterArrowLeft"] as? String, "step \(replay.count - 1) of \(replay.count)", "\(name): ArrowLeft")
            // The last action in the replay's words, its tree without Codable's internals.
            let action = fact["actionTabText"] as? String ?? ""
            let words = try XCTUnwrap(lastWords[page], name)
            XCTAssertTrue(action.hasPrefix(words + "\n"), "\(name): \(action) does not begin with \(words)")
            XCTAssertFalse(action.contains("_0"), "\(name): \(action)")
            // The last step's analytics events, as the checkout's middleware makes them.
            let last = try XCTUnwrap(replay.steps.last)
            let events = CheckoutAnalyticsMiddleware.events(
                for: last.action, before: replay.state(at: replay.count - 1), after: replay.finalState)
            let chips = end["events"] as? [String] ?? []
            XCTAssertEqual(chips.count, events.count, "\(name): \(chips)")
            for (chip, event) in zip(chips, events) {
                XCTAssertTrue(chip.hasPrefix(event.name + " "), "\(name): \(chip)")
            }
            // Searching the list: every step whose words or events say "purchase", and only those.
            let search = try XCTUnwrap(fact["searchPurchase"] as? [String: Any], name)
            var purchases: [Int] = []
            var state = replay.initialState
            let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
            for (index, step) in replay.steps.enumerated() {
                let before = state
                _ = reducer.reduce(&state, step.action)
                let events = CheckoutAnalyticsMiddleware.events(for: step.action, before: before, after: state)
                if events.contains(where: { $0.name == "purchase" }) { purchases.append(index + 1) }
            }
            XCTAssertEqual(search["listedSteps"] as? [Int], purchases, "\(name): the search's rows")
            XCTAssertEqual(
                search["matchCount"] as? String,
                "\(purchases.count) step\(purchases.count == 1 ? " matches" : "s match")",
                name)
            if let email = replay.finalState.email {
                XCTAssertTrue((fact["stateTabText"] as? String ?? "").contains("email: \(email)"), "\(name): the state")
            }
            let redacted = try CanonicalEncoder.encode(replay.finalState).compactJSON.contains("[REDACTED]")
            XCTAssertEqual(fact["stateTabRedacted"] as? Bool, redacted, "\(name): the redaction marker in the state")
            if page.hasSuffix("tampered.html") {
                XCTAssertEqual(opened["verification"] as? String, "diverged at step 3")
                XCTAssertEqual(opened["divergedRows"] as? [Int], [3], "the diverged step is marked in the list")
                XCTAssertTrue((opened["divergenceNote"] as? String ?? "").hasPrefix("Diverged here"), "\(opened)")
            } else {
                XCTAssertTrue((opened["verification"] as? String ?? "").hasPrefix("verified"), name)
                XCTAssertEqual(opened["divergedRows"] as? [Int], [], name)
            }
            if page.contains("hostile") {
                XCTAssertEqual(opened["title"] as? String, "hostile <b>'\"&.jsonl · checkout inspector")
                let state = fact["stateTabText"] as? String ?? ""
                XCTAssertTrue(state.contains("<img src=x onerror="), "the hostile slot id shows as text: \(state)")
                let list = opened["bodyText"] as? String ?? ""
                XCTAssertTrue(list.contains(HostileText.closesTheScript), "the hostile e-mail shows as text: \(list)")
            }
            if let screenshot = fact["screenshot"] as? String {
                XCTAssertTrue(FileManager.default.fileExists(atPath: screenshot), screenshot)
            }
            // The banner shows exactly when the log holds personal data in clear.
            let inClear =
                PersonalDataStatus.of(header: replay.header, actions: replay.steps.lazy.map(\.action)) == .inClear
            XCTAssertEqual(
                opened["personalData"] as? String, inClear ? "personal data in clear" : "no personal data", name)
            XCTAssertEqual(
                (opened["privacyBanner"] as? String)?.hasPrefix("This log holds personal data in clear: "),
                inClear ? true : nil,
                name)
        }
        let maskedFact = try XCTUnwrap(facts.last?["opened"] as? [String: Any])
        XCTAssertEqual(facts.last?["errors"] as? [String], [], "masked page: script errors")
        XCTAssertEqual(maskedFact["personalData"] as? String, "personal data masked")
        XCTAssertTrue(
            (maskedFact["privacyBanner"] as? String ?? "").hasPrefix(
                "This log holds personal data in clear; this page shows it masked"),
            "\(maskedFact)")
        let shown = (maskedFact["bodyText"] as? String ?? "") + (facts.last?["stateTabText"] as? String ?? "")
        XCTAssertTrue(shown.contains("‹email#1›"), shown)
        for value in try LoggedPersonalValues.of(guest) {
            XCTAssertFalse(shown.contains(value), "the masked page shows \(value)")
        }
        // Every example log verifies, so at least one shows the marker: the check cannot pass empty.
        XCTAssertTrue(facts.contains { $0["stateTabRedacted"] as? Bool == true })
    }

    /// Where screenshots go: `CHECKOUTENGINE_ARTIFACTS/inspector-screenshots` when CI keeps
    /// artifacts, else the test's temporary folder.
    private static func screenshotFolder(default directory: URL) -> String {
        if let kept = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"] {
            return URL(fileURLWithPath: kept).appendingPathComponent("inspector-screenshots").path
        }
        return directory.appendingPathComponent("screenshots").path
    }

    /// Runs `scripts/inspector-browser.py check` on the pages and returns its report of each.
    private static func check(_ pages: [String], screenshots: String) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", repositoryRoot.appendingPathComponent("scripts/inspector-browser.py").path, "check",
                "--screenshots", screenshots,
            ] + pages
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "inspector-browser.py: \(errorText)")
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }
}

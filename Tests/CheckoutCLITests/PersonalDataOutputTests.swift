import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// Every output says whether the log holds personal data in clear, and `--mask-personal` shows
/// none of it: markers instead, in the text, `--json`, the divergence diff and the inspector's
/// page (issue #19, item 4).
final class PersonalDataOutputTests: XCTestCase {
    private var runner: CommandRunner!
    private var directory: URL!

    override func setUpWithError() throws {
        runner = try CommandRunner()
        directory = try makeTemporaryDirectory(self)
    }

    private static let examples = repositoryRoot.appendingPathComponent("Examples/Logs")

    /// Every example log at the top of Examples/Logs.
    private static var exampleLogs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { examples.appendingPathComponent($0).path }
    }

    private func run(_ arguments: [String]) throws -> CommandRunner.Result {
        let result = try runner.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.errors)")
        return result
    }

    func testMaskedOutputsHoldNoneOfTheLogsPersonalValuesAndUnmaskedOnesDo() throws {
        XCTAssertGreaterThan(Self.exampleLogs.count, 10)
        var checked = 0
        for log in Self.exampleLogs {
            let name = URL(fileURLWithPath: log).lastPathComponent
            let values = try LoggedPersonalValues.of(log)
            let text = try run(["replay", log, "--mask-personal"]).output
            let json = try run(["replay", "--json", log, "--mask-personal"]).output
            let page = try run(["inspect", log, "--mask-personal", "-o", "-"]).output
            for value in values {
                for (output, what) in [(text, "text"), (json, "--json"), (page, "page")] {
                    XCTAssertFalse(LoggedPersonalValues.appears(value, in: output), "\(name): \(what) shows \(value)")
                }
            }
            XCTAssertTrue(json.hasPrefix("{\"log\":"), name)
            XCTAssertTrue(json.split(separator: "\n")[0].contains(#""masked":true"#), name)
            XCTAssertTrue(text.split(separator: "\n")[0].hasSuffix(", personal data masked"), name)
            guard !values.isEmpty else { continue }
            checked += 1
            XCTAssertTrue(text.contains("‹"), "\(name): markers in the text")
            // Unmasked, the full-fidelity outputs hold every value; the text (which shortens) some.
            let plainJSON = try run(["replay", "--json", log]).output
            let plainPage = try run(["inspect", log, "-o", "-"]).output
            let plainText = try run(["replay", log]).output
            for value in values {
                XCTAssertTrue(LoggedPersonalValues.appears(value, in: plainJSON), "\(name): --json lacks \(value)")
                XCTAssertTrue(LoggedPersonalValues.appears(value, in: plainPage), "\(name): page lacks \(value)")
            }
            XCTAssertTrue(values.contains { LoggedPersonalValues.appears($0, in: plainText) }, name)
        }
        XCTAssertGreaterThan(checked, 10, "most example logs hold personal values")
    }

    func testEqualValuesShowTheSameMarkerAndDifferentOnesDifferentMarkers() throws {
        let log = Self.examples.appendingPathComponent("native-guest.jsonl").path
        let lines = try run(["replay", log, "--mask-personal"]).output.split(separator: "\n").map(String.init)
        func shown(_ field: String) throws -> String {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix("  + \(field): ") }, field)
            return String(line.dropFirst("  + \(field): ".count))
        }
        // "Billing same as shipping": one person, one address, the same markers.
        for field in ["firstName", "lastName", "line1", "city", "postcode"] {
            XCTAssertEqual(try shown("shippingContact.\(field)"), try shown("billingContact.\(field)"), field)
        }
        XCTAssertEqual(try shown("shippingContact.firstName"), "‹nameOrAddress#1›")
        XCTAssertEqual(try shown("shippingContact.lastName"), "‹nameOrAddress#2›")
        XCTAssertEqual(try shown("shippingContact.postcode"), "‹postcode#1›")
        XCTAssertEqual(try shown("email"), "‹email#1›")
    }

    func testTheDivergenceDiffOfVerifyIsMaskedToo() throws {
        let log = try tamperedLog(in: directory)
        let values = try LoggedPersonalValues.of(log)
        XCTAssertFalse(values.isEmpty)
        for format in [[], ["--json"]] {
            let result = try runner.run(["replay", "--verify", log, "--mask-personal"] + format)
            XCTAssertEqual(result.status, 1, result.output)
            XCTAssertTrue(result.output.contains("‹email#1›"), result.output)
            for value in values {
                XCTAssertFalse(LoggedPersonalValues.appears(value, in: result.output), "\(format): \(value)")
            }
            let plain = try runner.run(["replay", "--verify", log] + format)
            XCTAssertTrue(values.contains { LoggedPersonalValues.appears($0, in: plain.output) }, plain.output)
        }
    }

    func testALogWithPersonalValuesIsSaidToHoldThemInClearEverywhere() throws {
        let log = Self.examples.appendingPathComponent("native-guest.jsonl").path
        let replay = try run(["replay", log])
        XCTAssertEqual(
            replay.errors,
            "checkout: \(log) holds personal data in clear: --mask-personal shows markers instead, for screen sharing\n"
        )
        let masked = try run(["replay", log, "--mask-personal"])
        XCTAssertEqual(
            masked.errors,
            "checkout: \(log) holds personal data in clear; this output shows it masked (‹kind#N› markers)\n")
        XCTAssertEqual(try firstObject(run(["replay", "--json", log]).output)["personalData"] as? String, "inClear")
        XCTAssertEqual(
            try firstObject(run(["replay", "--verify", "--json", log]).output)["personalData"] as? String, "inClear")
        XCTAssertEqual(try firstObject(run(["verify", "--json", log]).output)["personalData"] as? String, "inClear")
        let page = try run(["inspect", log, "-o", "-"]).output
        XCTAssertTrue(page.contains(#""privacy":{"personalData":"inClear"}"#))
        XCTAssertTrue(page.contains(#"<div id="privacy-banner" role="status" hidden></div>"#), "the script shows it")
    }

    func testALogWithoutPersonalValuesSaysSoTruthfully() throws {
        let log = directory.appendingPathComponent("plain.jsonl").path
        try recordCheckoutLog([.common(.started)], to: log)
        XCTAssertEqual(try LoggedPersonalValues.of(log), [])
        let replay = try run(["replay", log])
        XCTAssertEqual(replay.errors, "", "nothing to warn about")
        XCTAssertEqual(try firstObject(run(["replay", "--json", log]).output)["personalData"] as? String, "none")
        XCTAssertEqual(try firstObject(run(["verify", "--json", log]).output)["personalData"] as? String, "none")
        XCTAssertTrue(try run(["inspect", log, "-o", "-"]).output.contains(#""privacy":{"personalData":"none"}"#))
    }

    func testALogWhoseHeaderCarriesPrivacyIsReportedAsPseudonymisedNeverInClear() throws {
        let cases: [(member: String, summary: String, privacy: [String: AnyHashable]?)] = [
            (#"{"scheme":1,"keyId":"k-2026"}"#, "scheme 1, key k-2026", ["scheme": 1, "keyId": "k-2026"]),
            (#"{"scheme":1}"#, "scheme 1, a random key", ["scheme": 1]),
            // Read tolerantly: a shape this build does not know still marks the log as pseudonymised.
            (#""v9""#, "scheme unknown, a random key", [:]),
        ]
        for (index, test) in cases.enumerated() {
            let log = try withHeaderMember("\"privacy\":\(test.member)", name: "pseudonymised-\(index)")
            let replay = try run(["replay", log])
            XCTAssertEqual(
                replay.errors,
                "checkout: \(log) is pseudonymised (\(test.summary)): its personal values are pseudonyms, "
                    + "not the customer's\n")
            for arguments in [
                ["replay", "--json", log], ["replay", "--verify", "--json", log], ["verify", "--json", log],
            ] {
                let object = try firstObject(run(arguments).output)
                XCTAssertEqual(object["personalData"] as? String, "pseudonymised", "\(arguments)")
                XCTAssertEqual(
                    (object["privacy"] as? [String: Any]).map { NSDictionary(dictionary: $0) },
                    test.privacy.map { NSDictionary(dictionary: $0) }, "\(arguments)")
            }
            XCTAssertTrue(try run(["inspect", log, "-o", "-"]).output.contains(#""personalData":"pseudonymised""#))
        }
        // `null` claims nothing: the log is in clear.
        let null = try withHeaderMember(#""privacy":null"#, name: "null-privacy")
        XCTAssertEqual(try firstObject(run(["replay", "--json", null]).output)["personalData"] as? String, "inClear")
    }

    // MARK: Helpers

    /// A copy of `native-guest` whose header has `member` (after `firstSeq`), resealed.
    private func withHeaderMember(_ member: String, name: String) throws -> String {
        let source = Self.examples.appendingPathComponent("native-guest.jsonl")
        var lines = try String(contentsOf: source, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0]
        let anchor = try XCTUnwrap(header.range(of: #","state":"#))
        lines[0] = resealed(String(header[..<anchor.lowerBound]) + "," + member + String(header[anchor.lowerBound...]))
        let path = directory.appendingPathComponent("\(name).jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func firstObject(_ output: String) throws -> [String: Any] {
        let line = try XCTUnwrap(output.split(separator: "\n").first)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

/// The personal values of a log, as its types classify them: every whole-value leaf (names and
/// address lines, postcodes, email addresses, phone numbers) of its header's state, its actions
/// and the states the replay reaches. Free text and URLs are not values of their own (their known
/// values are masked inside them).
enum LoggedPersonalValues {
    static func of(_ path: String) throws -> Set<String> {
        let replay = try Replayer(
            path: path, reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())),
            schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        var collector = Collector(registrations: replay.initialState.dataRegistrations)
        var state = replay.initialState
        state.visitData(&collector)
        for step in 0...replay.count {
            var action = step < replay.count ? replay.steps[step].action : nil
            action?.visitData(&collector)
            var reached = replay.state(at: step)
            reached.visitData(&collector)
        }
        return collector.values
    }

    /// Whether `value` occurs in `output` as written, inside a JSON string, or inside the
    /// inspector page's script-safe JSON.
    static func appears(_ value: String, in output: String) -> Bool {
        let json = String(CanonicalValue.string(value).compactJSON.dropFirst().dropLast())
        let scriptSafe = json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(
            of: ">", with: "\\u003e"
        ).replacingOccurrences(of: "&", with: "\\u0026")
        return output.contains(value) || output.contains(json) || output.contains(scriptSafe)
    }

    private struct Collector: DataVisitor {
        let registrations: DataRegistrations
        var values: Set<String> = []

        mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
            guard case .personal(let kind) = dataClass, kind != .freeText, kind != .url,
                value.contains(where: { !$0.isWhitespace })
            else { return }
            values.insert(value)
        }
    }
}

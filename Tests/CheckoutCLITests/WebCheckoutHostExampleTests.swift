import Foundation
import XCTest

/// `web-checkout-host-example` runs the web checkout the way an app's WebKit glue does, with a
/// scripted page standing in for the web view, and records the logs committed in
/// `Examples/Logs/`: running it again gives the same actions and the same states.
final class WebCheckoutHostExampleTests: XCTestCase {
    /// Runs the example with `arguments` and `--record`, returning what it printed and the log's
    /// records (action and fingerprint per step).
    private func run(_ arguments: [String]) throws -> (output: String, records: [String]) {
        let runner = try CommandRunner(product: "web-checkout-host-example")
        let log = try makeTemporaryDirectory(self).appendingPathComponent("web.jsonl").path
        let result = try runner.run(arguments + ["--record", log])
        XCTAssertEqual(result.status, 0, result.errors)
        return (result.output, try Self.records(atPath: log))
    }

    /// Each record's action and fingerprint, the parts of a log that do not depend on when or
    /// where it was recorded.
    private static func records(atPath path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let object, let action = object["action"], let fingerprint = object["fp"] as? String else {
                return nil
            }
            let actionText = try JSONSerialization.data(withJSONObject: action, options: [.sortedKeys])
            return String(decoding: actionText, as: UTF8.self) + " " + fingerprint
        }
    }

    private func committed(_ name: String) throws -> [String] {
        try Self.records(atPath: repositoryRoot.appendingPathComponent("Examples/Logs/\(name).jsonl").path)
    }

    func testTheNameEnvelopeCheckoutRecordsTheCommittedLog() throws {
        let (output, records) = try run([])
        XCTAssertEqual(records, try committed("web-bridge-name-envelope"))
        // The glue did what an app's does: cookies before the request, the reply read by the page,
        // the screen rendered on the main actor, a registered custom event's data kept and an
        // unregistered one's redacted.
        XCTAssertTrue(output.contains("web view: cookies poq.webcheckout.platform"), output)
        XCTAssertTrue(
            output.contains(#"page: received bridgesettings {"integrity":"sha384-sandbox","version":"2"}"#), output)
        XCTAssertTrue(output.contains("screen: custom event wishlistadded (data: {\"at\":"), output)
        XCTAssertTrue(output.contains("screen: custom event newslettershown (data: [REDACTED])"), output)
        XCTAssertTrue(output.contains("screen: thank you: order WEB-3003, 45.95 GBP"), output)
        XCTAssertFalse(output.contains("ada@example.com"), "an unregistered custom event's data never shows")
    }

    func testTheDismissedCheckoutStaysDismissedAfterALatePayment() throws {
        let (output, records) = try run(["--dismissed"])
        XCTAssertEqual(records, try committed("web-bridge-dismissed"))
        XCTAssertTrue(output.contains("screen: alert: leave checkout?"), output)
        XCTAssertTrue(output.contains("final: view dismissed, order WEB-3003"), output)
        XCTAssertFalse(output.contains("screen: thank you"), "a dismissed checkout never shows the thank-you view")
    }

    func testTheApplePayCheckoutRecordsTheCommittedLogAndKeepsTheTokenForThePage() throws {
        let (output, records) = try run(["--apple-pay"])
        XCTAssertEqual(records, try committed("web-bridge-apple-pay"))
        // The page asked, the app's sheet showed its request, the page priced each change, got
        // the token, took the payment; the sheet closed on success and the thank-you view showed.
        XCTAssertTrue(output.contains(#"page: received applepayenabled {"enabled":true}"#), output)
        XCTAssertTrue(output.contains("screen: Apple Pay sheet for 45.95 GBP (Poq Shop)"), output)
        XCTAssertTrue(output.contains("sheet: express delivery: 49.95 GBP"), output)
        XCTAssertTrue(
            output.contains("page: received paymentauthorized for 49.95 GBP, delivery to London GB, a token of "),
            output)
        XCTAssertTrue(output.contains("sheet: done"), output)
        XCTAssertTrue(output.contains("screen: thank you: order WEB-4004, 49.95 GBP"), output)
        XCTAssertTrue(output.contains("final: view dismissed, order WEB-4004"), output)
        // The token reached the page and nothing else: not the output, not the log.
        XCTAssertFalse(output.contains("sbx_secret_"), output)
        let log = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Examples/Logs/web-bridge-apple-pay.jsonl"),
            encoding: .utf8)
        XCTAssertTrue(log.contains("paymentAuthorized"))
        XCTAssertFalse(log.contains("sbx_secret_"))
    }

    func testDismissedAndApplePayTogetherAreAUsageError() throws {
        let result = try CommandRunner(product: "web-checkout-host-example").run(["--dismissed", "--apple-pay"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.errors.contains("[--dismissed | --apple-pay]"), result.errors)
    }

    func testAnUnknownOptionIsAUsageError() throws {
        let result = try CommandRunner(product: "web-checkout-host-example").run(["--bogus"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.errors.contains("usage: web-checkout-host-example"), result.errors)
    }
}

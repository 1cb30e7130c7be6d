import Checkout
import Foundation
import XCTest

/// `store-bench --write-checkout-log` writes a long checkout log for measuring `checkout inspect`
/// and `checkout replay`: it must carry the current action schema, so the tool replays it.
final class StoreBenchLogTests: XCTestCase {
    func testTheLongCheckoutLogCarriesTheCurrentSchemaAndReplaysVerified() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("long.jsonl").path
        let written = try CommandRunner(product: "store-bench").run(["--write-checkout-log", path, "--actions", "60"])
        XCTAssertEqual(written.status, 0, written.output + written.errors)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let header = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text.prefix { $0 != "\n" }.utf8)) as? [String: Any])
        XCTAssertEqual(header["schema"] as? Int, CheckoutLogSchema.version)

        let replay = try CommandRunner().run(["replay", "--verify", path])
        XCTAssertEqual(replay.status, 0, replay.output + replay.errors)
        XCTAssertTrue(replay.output.contains("fingerprints match"), replay.output)
    }
}

import ActionLog
import Checkout
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// A page that records the scripts the engine evaluates, and answers with a fixed result.
final class RecordingPage: WebCheckoutPage, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    let answer: @Sendable (String) -> String?

    init(answer: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.answer = answer
    }

    var scripts: [String] { lock.withLock { recorded } }

    func evaluateJavaScript(_ script: String) async throws -> String? {
        lock.withLock { recorded.append(script) }
        return answer(script)
    }
}

/// Asserts what the text of a reply's script must be, whatever its payload: one call of the default
/// reply function, with no raw U+2028/U+2029 (which end a JavaScript string), no `</` (which ends
/// a `<script>` element) and no single quote.
func assertInertReplyScript(_ script: String, file: StaticString = #filePath, line: UInt = #line) {
    let prefix = WebCheckoutConfiguration.defaultReplyFunction + "("
    XCTAssertTrue(script.hasPrefix(prefix) && script.hasSuffix(");"), file: file, line: line)
    XCTAssertFalse(
        script.unicodeScalars.contains("\u{2028}") || script.unicodeScalars.contains("\u{2029}"), file: file,
        line: line)
    XCTAssertFalse(script.contains("</"), file: file, line: line)
    XCTAssertFalse(script.contains("'"), file: file, line: line)
}

/// Replies to the page: what the engine answers, and that no payload can break out of the call.
final class WebCheckoutPageTests: XCTestCase {
    func testPingAndApplePayAreAnsweredThroughThePage() async {
        let page = RecordingPage()
        let configuration = WebCheckoutConfiguration(
            bridgeVersion: "2.1", bridgeIntegrity: "sha384-abc", isApplePayAvailable: true,
            replyFunction: "window.app.reply")
        let harness = Harness(
            state: WebCheckoutBuilder(configuration: configuration).makeState(), webPage: page)
        await harness.start()
        let before = harness.state
        await harness.send(.bridge(configuration.bridgeAction(body: ["name": "ping"])))
        await harness.send(.bridge(configuration.bridgeAction(body: ["event": "applepay", "data": NSNull()])))
        XCTAssertEqual(
            page.scripts,
            [
                #"window.app.reply("bridgesettings",{"integrity":"sha384-abc","version":"2.1"});"#,
                #"window.app.reply("applepayenabled",{"enabled":true});"#,
            ])
        XCTAssertEqual(harness.state, before, "a reply changes no state")
        XCTAssertEqual(
            WebCheckoutReply.applePayEnabled(false).script(function: "alert(1);x"),
            #"window.poqWebCheckout.postMessage("applepayenabled",{"enabled":false});"#)
    }

    /// Hostile payloads, then seeded random ones.
    static func corpus() -> [WebCheckoutReply] {
        let hostile = [
            #"""#, #"\"#, #"\""#, "'", "</script>", "</SCRIPT><script>alert(1)</script>", "<!--", "-->", "]]>",
            "\u{2028}", "\u{2029}", "a\u{2028}b\u{2029}c", "\n\r\t\u{0}\u{1}\u{1F}\u{7F}", #"");alert(1);//"#,
            "'); alert(1); ('", "${alert(1)}", "`", "\u{FEFF}", "\u{1F600}\u{1F1EC}\u{1F1E7}", "&amp;<>&",
            String(repeating: "</script>\u{2028}\"\\'", count: 20_000), String(repeating: "x", count: 300_000),
        ]
        var replies = hostile.map { text in
            WebCheckoutReply(
                name: text,
                payload: .object([
                    JSONMember(key: text, value: .string(text)),
                    JSONMember(key: "list", value: .array([.string(text), .number("-12.5"), .null, .bool(false)])),
                ]))
        }
        replies.append(WebCheckoutReply(name: "n", payload: .number("1);alert(1")))  // not a number: a string
        var random = SplitMix64(seed: 14)
        let alphabet: [Unicode.Scalar] = [
            "\"", "\\", "'", "<", ">", "/", "&", "\u{2028}", "\u{2029}", "\n", "\u{0}", "a", "Z", "é", "\u{1F600}",
            "`", "$", "{", "}", " ",
        ]
        func text() -> String {
            var output = ""
            for _ in 0..<Int(random.next() % 40) {
                output.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
            }
            return output
        }
        func value(depth: Int) -> JSONValue {
            switch random.next() % (depth > 3 ? 4 : 6) {
            case 0: return .string(text())
            case 1: return .number(String(Int(random.next() % 2_000_000) - 1_000_000))
            case 2: return .bool(random.next() % 2 == 0)
            case 3: return .null
            case 4: return .array((0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1) })
            default:
                return .object(
                    (0..<Int(random.next() % 4)).map { index in
                        JSONMember(key: "k\(index)" + text(), value: value(depth: depth + 1))
                    })
            }
        }
        for _ in 0..<300 { replies.append(WebCheckoutReply(name: text(), payload: value(depth: 0))) }
        return replies
    }

    /// What arrives when `reply` is evaluated: its name and payload (a number that is not a JSON
    /// number arrives as its text).
    private static func expected(_ reply: WebCheckoutReply) -> JSONValue {
        func arriving(_ value: JSONValue) -> JSONValue {
            switch value {
            case .number(let text) where (try? JSONParser.parse(text)) != value: return .string(text)
            case .array(let items): return .array(items.map(arriving))
            case .object(let members):
                return .object(members.map { JSONMember(key: $0.key, value: arriving($0.value)) })
            default: return value
            }
        }
        return JSONValue.array([.string(reply.name), arriving(reply.payload)]).inCanonicalOrder
    }

    func testReplyScriptsHoldNothingThatEndsAStringACallOrAScriptElement() throws {
        let prefix = WebCheckoutConfiguration.defaultReplyFunction + "("
        for reply in Self.corpus() {
            let script = reply.script()
            assertInertReplyScript(script)
            // Every quote inside a string is escaped: the arguments are exactly one JSON array's items.
            let arguments = String(script.dropFirst(prefix.count).dropLast(2))
            XCTAssertEqual(try JSONParser.parse("[\(arguments)]").inCanonicalOrder, Self.expected(reply))
        }
    }

    func testReplyScriptsDeliverExactlyWhatWasSentWhenEvaluatedInNode() throws {
        guard let node = NodeRunner.find() else { throw XCTSkip("node is not installed") }
        let replies = Self.corpus()
        let received = try NodeRunner.postedMessages(node, evaluating: replies.map { $0.script() })
        guard case .array(let calls) = received else { return XCTFail("expected an array") }
        XCTAssertEqual(calls.count, replies.count)
        for (call, reply) in zip(calls, replies) {
            XCTAssertEqual(call.inCanonicalOrder, Self.expected(reply), String(reply.name.prefix(40)))
        }
    }
}

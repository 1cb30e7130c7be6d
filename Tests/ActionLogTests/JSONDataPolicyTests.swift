import ActionLog
import StateStore
import StoreTestSupport
import XCTest

private func parsed(_ text: String) -> JSONValue? { try? JSONParser.parse(text) }

final class JSONDataPolicyTests: XCTestCase {
    let message =
        #"{"event":"loyalty","data":{"email":"ada@example.com","points":1200,"sku":"tee","items":[{"sku":"cap","note":"gift"}],"card":"[REDACTED]","ok":true,"none":null}}"#

    func testTheLongestPathThatCoversALeafDecidesItsClass() {
        let policy = JSONDataPolicy(
            name: "test", otherwise: .personal(.freeText),
            paths: ["event": .plain, "data": .personal(.nameOrAddress), "data.sku": .plain, "data.items[].sku": .plain])
        XCTAssertEqual(policy.dataClass(at: "event"), .plain)
        XCTAssertEqual(policy.dataClass(at: "data.email"), .personal(.nameOrAddress))
        XCTAssertEqual(policy.dataClass(at: "data.sku"), .plain)
        XCTAssertEqual(policy.dataClass(at: "data.sku.inner"), .plain, "an entry covers what is below it")
        XCTAssertEqual(policy.dataClass(at: "data.items[].sku"), .plain)
        XCTAssertEqual(policy.dataClass(at: "data.items[].note"), .personal(.nameOrAddress))
        XCTAssertEqual(policy.dataClass(at: "database"), .personal(.freeText), "a prefix covers only whole members")
        XCTAssertEqual(policy.dataClass(at: "events"), .personal(.freeText))
        XCTAssertEqual(policy.dataClass(at: ""), .personal(.freeText))
    }

    func testPersonalWithPlainPathsAndItsDescription() {
        let policy = JSONDataPolicy.personal(.email, plainPaths: ["sku", "items[].sku"])
        XCTAssertEqual(policy.dataClass(at: "sku"), .plain)
        XCTAssertEqual(policy.dataClass(at: "email"), .personal(.email))
        XCTAssertEqual(policy.description, "personal: personal(email); items[].sku: plain; sku: plain")
        XCTAssertEqual(JSONDataPolicy.plain.dataClass(at: "anything"), .plain)
    }

    func testAJSONValueIsWalkedLeafByLeafWithItsPathsNeverItsMemberNames() throws {
        var value = try XCTUnwrap(parsed(message))
        var recorder = LeafRecorder()
        recorder.visit(
            &value, field: "body", as: .personal(.freeText, plainPaths: ["event", "data.sku", "data.items[].sku"]))
        XCTAssertEqual(
            recorder.lines,
            [
                "body.event = loyalty : plain",
                "body.data.email = ada@example.com : personal(freeText)",
                "body.data.points = #1200 : personal(freeText)",
                "body.data.sku = tee : plain",
                "body.data.items.[].sku = cap : plain",
                "body.data.items.[].note = gift : personal(freeText)",
                "body.data.card : secret",
            ])
    }

    func testRewrittenLeavesAreWrittenBackAndANumberThatIsNoLongerANumberBecomesAString() throws {
        var value = try XCTUnwrap(parsed(message))
        var recorder = LeafRecorder(rewrite: { text, dataClass in
            guard dataClass.isPersonal else { return text }
            return text == "1200" ? "12x0" : String(repeating: "z", count: text.count)
        })
        recorder.visit(&value, field: "body", as: .personal(.freeText, plainPaths: ["event", "data.sku"]))
        XCTAssertEqual(
            value.jsonText,
            #"{"event":"loyalty","data":{"email":"zzzzzzzzzzzzzzz","points":"12x0","sku":"tee","items":[{"sku":"zzz","note":"zzzz"}],"card":"[REDACTED]","ok":true,"none":null}}"#
        )
        var numbers = JSONValue.array([.number("0.5")])
        var digits = LeafRecorder(rewrite: { text, _ in text == "0.5" ? "7.25" : text })
        digits.visit(&numbers, field: "n", as: .personal(.phone))
        XCTAssertEqual(numbers, .array([.number("7.25")]))
    }

    func testRawJSONTextIsEditedAtItsLiteralsAndKeepsEveryOtherByte() {
        var text =
            "{ \"event\" : \"loyalty\",\n  \"data\": {\"email\": \"ada\\u0040example.com\", \"points\": 1200, \"esc\": \"caf\\u00e9\"} }"
        var recorder = LeafRecorder(rewrite: { text, dataClass in
            dataClass.isPersonal && text.contains("@") ? "bob@example.org" : text
        })
        recorder.visit(jsonText: &text, field: "raw", as: .personal(.freeText, plainPaths: ["event"]))
        XCTAssertEqual(
            text,
            "{ \"event\" : \"loyalty\",\n  \"data\": {\"email\": \"bob@example.org\", \"points\": 1200, \"esc\": \"caf\\u00e9\"} }"
        )
        XCTAssertEqual(
            recorder.lines,
            [
                "raw.event = loyalty : plain",
                "raw.data.email = ada@example.com : personal(freeText)",
                "raw.data.points = #1200 : personal(freeText)",
                "raw.data.esc = café : personal(freeText)",
            ])
    }

    func testRawTextThatIsNotJSONIsOneLeafOfTheRootsClass() {
        var text = "{not json: ada@example.com"
        var recorder = LeafRecorder(rewrite: { _, _ in "x" })
        recorder.visit(jsonText: &text, field: "raw", as: .personal(.freeText, plainPaths: ["event"]))
        XCTAssertEqual(recorder.lines, ["raw = {not json: ada@example.com : personal(freeText)"])
        XCTAssertEqual(text, "x")
    }

    func testJSONTextAndItsValueAreWalkedAlikeForRandomJSON() throws {
        var generator = SplitMix64(seed: 0x19)
        let policy = JSONDataPolicy(
            name: "random", otherwise: .personal(.freeText), paths: ["a": .plain, "b.c": .plain, "d[]": .secret])
        for round in 0..<300 {
            let value = randomJSON(depth: 0, using: &generator)
            let rewrite: (String, DataClass) -> String = { text, dataClass in
                guard dataClass.isPersonal else { return text }
                return text.count % 2 == 0 ? "\(text)·\"\\\u{1}" : "-0.5e+7"
            }
            var walkedValue = value
            var valueRecorder = LeafRecorder(rewrite: rewrite)
            valueRecorder.visit(&walkedValue, field: "v", as: policy)

            var text = spaced(value)
            var textRecorder = LeafRecorder(rewrite: rewrite)
            textRecorder.visit(jsonText: &text, field: "v", as: policy)

            XCTAssertEqual(textRecorder.lines, valueRecorder.lines, "round \(round)")
            XCTAssertEqual(parsed(text), walkedValue, "round \(round): \(text)")

            var untouched = spaced(value)
            var identity = LeafRecorder()
            identity.visit(jsonText: &untouched, field: "v", as: policy)
            XCTAssertEqual(untouched, spaced(value), "an untouched text keeps every byte")
        }
    }

    private func randomJSON(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let names = ["a", "b", "c", "d", "e", "é", "x y"]
        let strings = ["", "ada", "Zoë", "\u{1F600}", "line\nbreak", "quote\"", "[REDACTED]", "a.b"]
        let numbers = ["0", "-1", "12.50", "1e3", "-0.000001", "123456789012345678901234567890"]
        switch Int.random(in: depth > 3 ? 0...3 : 0...5, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .string(strings.randomElement(using: &generator) ?? "")
        case 3: return .number(numbers.randomElement(using: &generator) ?? "0")
        case 4:
            return .array(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    randomJSON(depth: depth + 1, using: &generator)
                })
        default:
            return .object(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    JSONMember(
                        key: names.randomElement(using: &generator) ?? "a",
                        value: randomJSON(depth: depth + 1, using: &generator))
                })
        }
    }

    /// The value's text with white space around every token, as a page may post it.
    private func spaced(_ value: JSONValue) -> String {
        switch value {
        case .array(let items): return "[ " + items.map(spaced).joined(separator: " , ") + " ]"
        case .object(let members):
            return "{\n"
                + members.map { "  \(JSONValue.string($0.key).jsonText) :\t\(spaced($0.value))" }
                .joined(separator: ",\n") + "\n}"
        default: return value.jsonText
        }
    }
}

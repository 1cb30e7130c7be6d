import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// Reading what the page answers to the completion page's scripts: typed values, or typed
/// rejections that never repeat the answer.
final class ParseScriptReadingTests: XCTestCase {
    func testValidAnswersBecomeTypedValues() {
        XCTAssertEqual(ParseScript.orderNumber.result(reading: #"" W-1001 ""#), .orderNumber("W-1001"))
        XCTAssertEqual(
            ParseScript.orderNumber.result(reading: "12345678901234567890123"), .orderNumber("12345678901234567890123"))
        XCTAssertEqual(
            ParseScript.orderSummary.result(
                reading:
                    #"{"total":45.95,"subTotal":"42.00","delivery":3.95,"discount":-1,"currency":"gbp","orderId":"x","tax":1}"#
            ),
            .orderSummary(
                WebOrder(
                    total: decimal("45.95"), subTotal: decimal("42.00"), delivery: decimal("3.95"), discount: -1,
                    currency: "GBP")))
        XCTAssertEqual(
            ParseScript.orderSummary.result(reading: #""{\"total\":\"5\"}""#), .orderSummary(WebOrder(total: 5)),
            "a function that returns JSON text")
        XCTAssertEqual(ParseScript.guestEmail.result(reading: #"" ada@example.com\n""#), .guestEmail("ada@example.com"))
    }

    func testNothingAnsweredIsNoResult() {
        for script in ParseScript.allCases {
            XCTAssertEqual(script.result(reading: nil), .rejected(script, .noResult))
            XCTAssertEqual(script.result(reading: "null"), .rejected(script, .noResult))
        }
        XCTAssertEqual(ParseScript.guestEmail.result(reading: #""  ""#), .rejected(.guestEmail, .noResult))
    }

    func testHostileAnswersAreRejectedWithAReasonThatNeverRepeatsThem() {
        let pan = "4111111111111111"
        let cases: [(ParseScript, String, String)] = [
            (.orderNumber, "{not json", "the answer is not JSON (9 bytes)"),
            (.orderNumber, #""""#, "the order number is empty"),
            (.orderNumber, "1.5", "the order number is a number that is not a whole number"),
            (.orderNumber, "-7", "the order number is a number that is not a whole number"),
            (.orderNumber, "true", "the order number is a Boolean, not a string or a number"),
            (.orderNumber, #"{"n":"\#(pan)"}"#, "the order number is an object, not a string or a number"),
            (.orderNumber, #""W\u0000\#(pan)""#, "the order number holds a control character"),
            (.orderNumber, #""a\u2028b""#, "the order number holds a control character"),
            (
                .orderNumber, "\"" + String(repeating: "9", count: 129) + "\"",
                "the order number is longer than 128 characters"
            ),
            (.orderSummary, #"[1,2]"#, "the summary is an array, not an object"),
            (.orderSummary, #""\#(pan)""#, "the summary is a number, not an object"),
            (.orderSummary, #""\#(pan) x""#, "the summary is a string that is not the JSON text of an object"),
            (.orderSummary, #"{"subTotal":1}"#, "summary field total: missing"),
            (.orderSummary, #"{"total":-45.95}"#, "summary field total: not a decimal amount of 0 or more"),
            (.orderSummary, #"{"total":"\#(pan)x"}"#, "summary field total: not a decimal amount of 0 or more"),
            (.orderSummary, #"{"total":true}"#, "summary field total: wrong type"),
            (
                .orderSummary, #"{"total":1,"delivery":"-1"}"#,
                "summary field delivery: not a decimal amount of 0 or more"
            ),
            (.orderSummary, #"{"total":1,"discount":"ten"}"#, "summary field discount: not a decimal amount"),
            (
                .orderSummary, #"{"total":1,"currency":"\#(pan)"}"#,
                "summary field currency: not a three-letter ISO 4217 code"
            ),
            (.orderSummary, #"{"total":1,"currency":7}"#, "summary field currency: not a three-letter ISO 4217 code"),
            (.guestEmail, #""\#(pan)""#, "the email is not an email address"),
            (.guestEmail, #""a b@example.com""#, "the email is not an email address"),
            (.guestEmail, "42", "the email is a number, not a string"),
            (
                .guestEmail, "\"" + String(repeating: "a", count: 250) + "@x.io\"",
                "the email is longer than 254 characters"
            ),
            (
                .orderSummary, String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
                "the answer is nested deeper than 64 levels"
            ),
            (
                .orderNumber, "\"" + String(repeating: "x", count: 65_536) + "\"",
                "the answer is larger than 65536 bytes"
            ),
        ]
        for (script, answer, reason) in cases {
            let result = script.result(reading: answer)
            XCTAssertEqual(result, .rejected(script, .invalid(reason: reason)), "\(script) \(answer.prefix(40))")
            XCTAssertFalse(String(describing: result).contains(pan), "a rejection repeated the answer")
        }
    }

    func testEveryResultDecodesThroughTheLogsFastPath() {
        let results: [ParseScriptResult] = [
            .orderNumber("W"), .orderSummary(WebOrder(total: 1, currency: "EUR")), .guestEmail("a@b.co"),
            .rejected(.guestEmail, .timedOut(milliseconds: 250)), .rejected(.orderNumber, .noPage),
        ]
        for result in results {
            XCTAssertNil(FastDecodingCheck.mismatch(.parse(.scriptAnswered(result, requestID: 9))))
        }
    }

    /// The wrapper the checkout puts around an expression, evaluated by a real JavaScript engine:
    /// a value comes back as its JSON text, `undefined` and an exception as nothing.
    func testTheWrappedExpressionAnswersJSONTextWhenEvaluatedInNode() throws {
        guard let node = NodeRunner.find() else { throw XCTSkip("node is not installed") }
        let expressions = [
            #"window.summary"#, #"window.orderNo"#, #"window.missing"#, #"window.explode()"#,
            #"JSON.stringify({total: 1})"#, #"document.title + '-' + 1"#,
        ]
        let scripts = expressions.map {
            ParseRules(completion: .titleContains("x"), orderNumberScript: $0).script(for: .orderNumber) ?? ""
        }
        let source = """
            globalThis.window = { summary: {total: 45.95, currency: "GBP"}, orderNo: "W\\u2028\\"1",
                                  explode() { throw new Error("boom"); } };
            globalThis.document = { title: "T" };
            const answers = [\(scripts.joined(separator: ",\n"))].map((a) => a === undefined ? null : a);
            process.stdout.write(JSON.stringify(answers));
            """
        let output = try NodeRunner.run(node, source: source)
        let answers = try JSONParser.parse(output)
        XCTAssertEqual(
            answers,
            .array([
                .string(#"{"total":45.95,"currency":"GBP"}"#), .string("\"W\u{2028}\\\"1\""), .null, .null,
                .string(#""{\"total\":1}""#), .string(#""T-1""#),
            ]))
        XCTAssertEqual(
            ParseScript.orderSummary.result(reading: #"{"total":45.95,"currency":"GBP"}"#),
            .orderSummary(WebOrder(total: decimal("45.95"), currency: "GBP")))
    }
}

/// A parse-type checkout on its completion page: the scripts run through the page, their results
/// come back as logged actions, and the checkout completes whatever the page does.
final class ParseModeScriptTests: XCTestCase {
    static let rules = ParseRules(
        completion: .urlContainsAny(["/thank-you"]), orderNumberQueryParameter: "orderNo",
        confirmationURLFragments: ["/payment-return"], orderNumberScript: "window.poqOrder.number",
        orderSummaryScript: "window.poqOrder.summary()", guestEmailScript: "document.getElementById('email').value")

    private static func script(_ script: ParseScript) -> String {
        rules.script(for: script) ?? ""
    }

    private func harness(
        page: (any WebCheckoutPage)?, user: CheckoutUser = .guest, recorder: ActionRecorder = ActionRecorder(),
        clock: any Clock<Duration> = TestClock()
    ) -> Harness {
        Harness(
            state: WebCheckoutBuilder(mode: .parse(Self.rules), user: user).makeState(),
            extraMiddleware: [recorder.middleware], webPage: page, clock: clock)
    }

    func testTheScriptsAnswersCompleteTheCheckoutWithTheirValues() async throws {
        let page = SandboxWebPage(answers: [
            Self.script(.orderNumber): .answer(#""W-77""#),
            Self.script(.orderSummary): .answer(
                #"{"total":45.95,"subTotal":42,"delivery":3.95,"currency":"GBP","card":"4111111111111111"}"#),
            Self.script(.guestEmail): .answer(#""ada@example.com""#),
        ])
        let recorder = ActionRecorder()
        let harness = harness(page: page, recorder: recorder)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/Thank-You", title: "Thanks"))))

        XCTAssertEqual(
            page.evaluatedScripts, [Self.script(.orderNumber), Self.script(.orderSummary), Self.script(.guestEmail)])
        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "W-77", total: money("45.95"), idSource: .script))
        XCTAssertEqual(harness.state.orderSummary?.total, money("45.95"))
        XCTAssertEqual(harness.state.orderSummary?.delivery, decimal("3.95"))
        XCTAssertEqual(harness.state.email, "ada@example.com")
        XCTAssertNil(harness.state.web.completionParsing)
        XCTAssertEqual(harness.state.view, .completed)
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.map(\.orderID), ["W-77"])

        // Each result is an action of its own, typed: the page's extra member never reaches the log.
        let answers = recorder.actions.compactMap { action -> ParseScriptResult? in
            if case .parse(.scriptAnswered(let result, _)) = action { return result }
            return nil
        }
        XCTAssertEqual(answers.map(\.script), [.orderNumber, .orderSummary, .guestEmail])
        let logged = try recorder.actions.map { try CanonicalEncoder.encode($0).compactJSON }.joined()
        XCTAssertFalse(logged.contains("4111111111111111"))
        // The email is personal data: the state and the log hold it as the checkout's email, no
        // analytics event does.
        XCTAssertFalse(harness.sink.events.map { "\($0)" }.joined().contains("ada@"))
    }

    func testParsingFailureStillCompletesWithTheSessionsReference() async {
        let page = SandboxWebPage(answers: [
            Self.script(.orderNumber): .fail,
            Self.script(.orderSummary): .answer(#"{"total":"lots"}"#),
            Self.script(.guestEmail): .answer(#""not an email""#),
        ])
        let lines = LogLines()
        let harness = Harness(
            state: WebCheckoutBuilder(mode: .parse(Self.rules)).makeState(), webPage: page,
            log: { lines.append($0) })
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))

        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "cart-1", total: nil, idSource: .internalReference))
        XCTAssertEqual(
            harness.state.web.rejections,
            [
                .parseScript(.orderNumber, .evaluationFailed),
                .parseScript(.orderSummary, .invalid(reason: "summary field total: not a decimal amount of 0 or more")),
                .parseScript(.guestEmail, .invalid(reason: "the email is not an email address")),
            ])
        XCTAssertNil(harness.state.email)
        XCTAssertNil(harness.state.orderSummary)
        XCTAssertEqual(
            lines.all.sorted(),
            [
                "[Checkout] parse script guestEmail rejected: the email is not an email address",
                "[Checkout] parse script orderNumber rejected: evaluating it failed",
                "[Checkout] parse script orderSummary rejected: summary field total: not a decimal amount of 0 or more",
            ])
    }

    func testAPageThatNeverAnswersTimesOutAndTheCheckoutStillCompletes() async {
        let page = SandboxWebPage(unlistedScripts: .hang)
        defer { page.releaseHangingScripts() }
        let clock = TestClock()
        let harness = harness(page: page, clock: clock)
        await harness.start()
        harness.store.dispatch(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        // The first script's evaluation and its deadline's timer are two tasks: wait for both to
        // be under way (the page asked, the timer asleep), else a loaded machine may run the
        // timer first and time the script out before the page was ever asked.
        while clock.sleeperCount == 0 || page.evaluatedScripts.isEmpty { await Task.yield() }
        XCTAssertNil(harness.state.completedOrder, "waiting for the page")
        XCTAssertEqual(harness.state.web.completionParsing?.pendingScripts, [.orderNumber, .orderSummary, .guestEmail])

        await clock.advance(by: .seconds(5))
        await harness.store.waitForEffects()
        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "cart-1", total: nil, idSource: .internalReference))
        XCTAssertEqual(
            harness.state.web.rejections, ParseScript.allCases.map { .parseScript($0, .timedOut(milliseconds: 5000)) })
        XCTAssertEqual(page.evaluatedScripts.count, 1, "the scripts after the hung one are not sent")
        XCTAssertEqual(harness.store.activeEffectCount, 0)
    }

    func testWithoutAPageTheScriptsAreRejectedAndTheCheckoutCompletes() async {
        let harness = harness(page: nil)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        XCTAssertEqual(harness.state.completedOrder?.idSource, .internalReference)
        XCTAssertEqual(harness.state.web.rejections, ParseScript.allCases.map { .parseScript($0, .noPage) })
    }

    func testAConfirmationURLsOrderNumberIsKeptAndTheOrderNumberScriptIsNotRun() async {
        let page = SandboxWebPage(answers: [Self.script(.orderSummary): .answer(#"{"total":"9.5","currency":"EUR"}"#)])
        let harness = harness(page: page, user: Fixtures.loggedInWithDefault)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://psp/Payment-Return?orderNo=R-5"))))
        XCTAssertEqual(harness.state.web.confirmedOrderNumber, "R-5")
        XCTAssertNil(harness.state.completedOrder)
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        XCTAssertEqual(
            harness.state.completedOrder,
            CompletedOrder(orderID: "R-5", total: money("9.5", "EUR"), idSource: .urlQuery))
        XCTAssertEqual(page.evaluatedScripts, [Self.script(.orderSummary)], "a logged-in user's email is not asked for")
    }

    func testAnOrderNumberParameterOnAnyOtherPageIsIgnored() async {
        let page = SandboxWebPage(answers: [Self.script(.orderNumber): .answer("1001")])
        let harness = harness(page: page, user: Fixtures.loggedInWithDefault)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/payment?orderNo=EVIL"))))
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you?orderNo=EVIL2"))))
        XCTAssertNil(harness.state.web.confirmedOrderNumber)
        XCTAssertEqual(harness.state.completedOrder?.orderID, "1001")
        XCTAssertEqual(harness.state.completedOrder?.idSource, .script)
    }

    func testStaleRepeatedAndOutOfModeResultsChangeNothing() async {
        let page = SandboxWebPage(unlistedScripts: .hang)
        defer { page.releaseHangingScripts() }
        let harness = harness(page: page, clock: TestClock())
        await harness.start()
        // Dispatched without waiting for effects: the scripts' effect waits for the page.
        let store = harness.store
        store.dispatch(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        guard let requestID = harness.state.web.completionParsing?.requestID else { return XCTFail("not parsing") }
        let waiting = harness.state
        store.dispatch(.parse(.scriptAnswered(.orderNumber("X"), requestID: requestID + 1)))
        XCTAssertEqual(harness.state, waiting, "a stale request id")
        store.dispatch(.parse(.scriptAnswered(.orderNumber("A"), requestID: requestID)))
        let answered = harness.state
        XCTAssertEqual(answered.web.completionParsing?.orderID, "A")
        store.dispatch(.parse(.scriptAnswered(.orderNumber("B"), requestID: requestID)))
        XCTAssertEqual(harness.state, answered, "an answer to a script no longer pending")
        store.dispatch(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        var reloaded = answered
        reloaded.web.currentURL = "https://shop/thank-you"
        XCTAssertEqual(harness.state, reloaded, "a reload of the completion page runs nothing again")
        page.releaseHangingScripts()
        await store.waitForEffects()

        let bridge = Harness(state: WebCheckoutBuilder().makeState())
        await bridge.start()
        let before = bridge.state
        await bridge.send(.parse(.scriptAnswered(.orderNumber("A"), requestID: 1)))
        XCTAssertEqual(bridge.state, before, "a script result in a bridge checkout")
    }

    func testASummaryWithoutACurrencyOfItsOwnOrTheCheckoutsIsRejected() async {
        let page = SandboxWebPage(answers: [Self.script(.orderSummary): .answer(#"{"total":10}"#)])
        let harness = harness(page: page, user: Fixtures.loggedInWithDefault)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/payment-return?orderNo=1"))))
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))
        XCTAssertEqual(
            harness.state.web.rejections,
            [
                .parseScript(
                    .orderSummary,
                    .invalid(reason: "summary field currency: missing, and the checkout has no currency of its own"))
            ])
        XCTAssertNil(harness.state.orderSummary)
        XCTAssertEqual(harness.state.completedOrder, CompletedOrder(orderID: "1", total: nil, idSource: .urlQuery))
    }

    func testTheRecordedResultsReplayToTheSameStateWithoutAPage() async throws {
        let page = SandboxWebPage(answers: [
            Self.script(.orderNumber): .answer(#""W-9""#),
            Self.script(.orderSummary): .answer(#"{"total":3,"currency":"USD"}"#),
            Self.script(.guestEmail): .answer(#""guest@example.org""#),
        ])
        let recorder = ActionRecorder()
        let harness = harness(page: page, recorder: recorder)
        await harness.start()
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/checkout", title: "Payment"))))
        await harness.send(.parse(.pageLoaded(ParsedPage(url: "https://shop/thank-you"))))

        let replay = Store(
            reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: UnreachableAPI())),
            state: WebCheckoutBuilder(mode: .parse(Self.rules)).makeState(), effectsEnabled: false)
        for action in recorder.actions {
            replay.dispatch(
                try LogDecoding.decode(CheckoutAction.self, json: try CanonicalEncoder.encode(action).compactJSON))
        }
        // Compared as logged: the session's cookies and headers are redacted in the log.
        XCTAssertEqual(
            try CanonicalEncoder.encode(replay.state).compactJSON,
            try CanonicalEncoder.encode(harness.state).compactJSON)
        XCTAssertEqual(replay.state.completedOrder?.orderID, "W-9")
    }
}

/// Runs a JavaScript source in Node and returns what it wrote to standard output.
enum NodeRunner {
    static func find() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        for directory in paths {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("node")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Evaluates `scripts` against a stub of the page's `window.poqWebCheckout` that records
    /// every `postMessage(name, payload)` call, and returns the calls as `[[name, payload], …]`.
    static func postedMessages(_ node: URL, evaluating scripts: [String]) throws -> JSONValue {
        var source = """
            const received = [];
            globalThis.window = { poqWebCheckout: { postMessage(name, payload) { received.push([name, payload]); } } };

            """
        for script in scripts { source += script + "\n" }
        source += "process.stdout.write(JSON.stringify(received));\n"
        return try JSONParser.parse(try run(node, source: source))
    }

    static func run(_ node: URL, source: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("node-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("script.js")
        let output = directory.appendingPathComponent("output.txt")
        try source.write(to: script, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = node
        process.arguments = [script.path]
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "node", code: Int(process.terminationStatus))
        }
        return try String(contentsOf: output, encoding: .utf8)
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Forms mode: the page sends bridge events as navigations to `poqwebcheckout://bridge/EVENT?data=…`,
/// which the host cancels and the engine decodes into the same bridge events.
final class FormsModeTests: XCTestCase {
    static let configuration = WebCheckoutConfiguration(bridgeVersion: "2", customEvents: ["giftwrapchosen": .record])

    private func formsHarness(page: SandboxWebPage = SandboxWebPage()) -> Harness {
        Harness(
            state: WebCheckoutBuilder(mode: .forms, configuration: Self.configuration).makeState(), webPage: page)
    }

    /// What the host's `decidePolicyFor` does: cancel and dispatch, or let it load.
    private func navigate(_ harness: Harness, _ request: WebCheckoutNavigationRequest) async -> Bool {
        switch Self.configuration.navigationDecision(for: request) {
        case .allow:
            return true
        case .cancel(let action):
            await harness.send(action)
            return false
        }
    }

    private func json(_ text: String) -> JSONValue? {
        try? JSONParser.parse(text)
    }

    func testAFormsCheckoutCompletesFromSubmissionsAndAnnouncesItselfByCookie() async {
        let page = SandboxWebPage()
        let harness = formsHarness(page: page)
        await harness.start()
        let platform = harness.state.web.session?.cookies.first { $0.name == "poq.webcheckout.platform" }
        XCTAssertEqual(platform?.value.value, "forms")
        XCTAssertEqual(
            harness.state.web.session?.cookies.first { $0.name == "poq.webcheckout.version" }?.value.value, "2")

        var loaded = await navigate(harness, page.formSubmission(event: "ping", data: nil))
        XCTAssertFalse(loaded, "a submission never loads")
        XCTAssertEqual(page.evaluatedScripts, [WebCheckoutReply.bridgeSettings(version: "2", integrity: nil).script()])
        loaded = await navigate(
            harness,
            page.formSubmission(event: "order", data: json(#"{"total":45.95,"delivery":3.95,"currency":"GBP"}"#)))
        XCTAssertEqual(harness.state.orderSummary?.total, money("45.95"))
        loaded = await navigate(harness, WebCheckoutNavigationRequest(url: "https://shop.example/checkout/payment"))
        XCTAssertTrue(loaded)
        _ = await navigate(
            harness, page.formSubmission(event: "giftwrapchosen", data: json(#"{"wrap":"kraft + red"}"#)))
        _ = await navigate(harness, page.formSubmission(event: "loyaltysignin", data: json(#"{"member":"M-1"}"#)))
        XCTAssertEqual(
            harness.state.web.customEvents,
            [
                BridgeCustomEvent(sequence: 1, name: "giftwrapchosen", data: json(#"{"wrap":"kraft + red"}"#)),
                BridgeCustomEvent(sequence: 2, name: "loyaltysignin", data: nil, isRedacted: true),
            ])
        _ = await navigate(
            harness,
            page.formSubmission(
                event: "paymentcompleted", data: json(#"{"order":{"orderId":"F-1","total":45.95,"currency":"GBP"}}"#)))
        XCTAssertEqual(
            harness.state.completedOrder, CompletedOrder(orderID: "F-1", total: money("45.95"), idSource: .bridge))
        _ = await navigate(harness, page.formSubmission(event: "closewebview", data: nil))
        XCTAssertEqual(harness.state.view, .dismissed)
        XCTAssertTrue(harness.state.web.rejections.isEmpty)
    }

    func testOrdinaryNavigationsLoadAndEverySubmissionIsCancelledWhateverItsCase() {
        for url in [
            "https://shop.example/checkout", "http://bridge/order?data=null", "about:blank", "",
            "poqwebcheckoutx://bridge/order",
            "javascript:alert(1)", "shop.example/poqwebcheckout://bridge",
        ] {
            XCTAssertEqual(
                Self.configuration.navigationDecision(for: WebCheckoutNavigationRequest(url: url)), .allow, url)
        }
        let decision = Self.configuration.navigationDecision(
            for: WebCheckoutNavigationRequest(url: "PoqWebCheckout://BRIDGE/CloseWebView?data=null"))
        XCTAssertEqual(
            decision,
            .cancel(
                dispatch: .bridge(
                    .formSubmitted(
                        .object([
                            JSONMember(key: "data", value: .null),
                            JSONMember(key: "event", value: .string("CloseWebView")),
                        ])))))
        XCTAssertFalse(decision.allowsNavigation)
        let malformed = Self.configuration.navigationDecision(for: WebCheckoutNavigationRequest(url: "poqwebcheckout:"))
        XCTAssertEqual(malformed.action, .bridge(.formRejected(.malformedURL(reason: "no \"//\" after the scheme"))))
    }

    static let pan = "4111111111111111"

    /// Hostile submission URLs, and the rejection each must give.
    static let hostile: [(url: String, rejection: BridgeFormRejection)] = [
        ("poqwebcheckout:bridge/order?data=null", .malformedURL(reason: "no \"//\" after the scheme")),
        ("poqwebcheckout://shop.example/order?data=null", .wrongHost("\"shop.example\"")),
        ("poqwebcheckout://bridge:443/order?data=null", .wrongHost("(10 bytes)")),
        ("poqwebcheckout://\(pan)@bridge/order?data=null", .wrongHost("(23 bytes)")),
        ("poqwebcheckout://bridge/order?data=null#\(pan)", .malformedURL(reason: "it has a fragment")),
        ("poqwebcheckout://bridge?data=null", .invalidEvent(reason: "missing (the path is empty)")),
        ("poqwebcheckout://bridge/?data=null", .invalidEvent(reason: "missing (the path is empty)")),
        ("poqwebcheckout://bridge/order/extra?data=null", .invalidEvent(reason: "the path has more than one segment")),
        ("poqwebcheckout://bridge/or%ZZder?data=null", .invalidPercentEncoding(part: "the event", offset: 26)),
        (
            "poqwebcheckout://bridge/order%20now?data=null",
            .invalidEvent(reason: "not a name of 1 to 64 letters, digits, '_', '-' or '.' (9 bytes)")
        ),
        (
            "poqwebcheckout://bridge/\(String(repeating: "e", count: 65))?data=null",
            .invalidEvent(reason: "not a name of 1 to 64 letters, digits, '_', '-' or '.' (65 bytes)")
        ),
        ("poqwebcheckout://bridge/order", .missingParameter("data")),
        ("poqwebcheckout://bridge/order?", .missingParameter("data")),
        ("poqwebcheckout://bridge/order?data=null&data=null", .duplicatedParameter("data")),
        ("poqwebcheckout://bridge/order?data=null&cardNumber=\(pan)", .unexpectedParameter("\"cardNumber\"")),
        ("poqwebcheckout://bridge/order?data=null&\(pan)=1", .unexpectedParameter("(16 bytes)")),
        ("poqwebcheckout://bridge/order?da%ta=null", .invalidPercentEncoding(part: "a parameter name", offset: 32)),
        ("poqwebcheckout://bridge/order?data=%7B%22total%22%3A1%7", .invalidPercentEncoding(part: "data", offset: 53)),
        ("poqwebcheckout://bridge/order?data=%E2%82", .invalidData(reason: "not UTF-8 text")),
        ("poqwebcheckout://bridge/order?data=total%3D5", .invalidData(reason: "not JSON (7 bytes)")),
        ("poqwebcheckout://bridge/order?data=", .invalidData(reason: "not JSON (0 bytes)")),
        ("poqwebcheckout://bridge/order?data=%22\(pan)%22", .invalidData(reason: "a string, not an object or null")),
        ("poqwebcheckout://bridge/order?data=%5B1%5D", .invalidData(reason: "an array, not an object or null")),
        (
            "poqwebcheckout://bridge/order?data=" + String(repeating: "%5B", count: 65)
                + String(repeating: "%5D", count: 65),
            .invalidData(reason: "nested deeper than 64 levels at " + String(repeating: "[0]", count: 64))
        ),
        (
            "poqwebcheckout://bridge/order?data=%7B%22a%22%3A%22" + String(repeating: "x", count: 1_048_576) + "%22%7D",
            .tooLarge(part: "data", bytes: 1_048_584, limit: 1_048_576)
        ),
        (
            "poqwebcheckout://bridge/order?data=" + String(repeating: "%20", count: 1_049_000),
            .tooLarge(part: "the URL", bytes: 3_147_035, limit: BridgeFormSubmission.maximumURLBytes)
        ),
    ]

    func testHostileSubmissionsAreRejectedWithAReasonAndChangeNothingElse() async {
        let harness = formsHarness()
        await harness.start()
        var expected = harness.state
        for (url, rejection) in Self.hostile {
            let decision = Self.configuration.navigationDecision(for: WebCheckoutNavigationRequest(url: url))
            XCTAssertEqual(decision, .cancel(dispatch: .bridge(.formRejected(rejection))), String(url.prefix(80)))
            XCTAssertFalse(rejection.description.contains(Self.pan), "the reason repeats the page's value")
            await harness.send(.bridge(.formRejected(rejection)))
            expected.web.rejections.append(.formSubmission(rejection))
            expected.web.rejections = Array(expected.web.rejections.suffix(WebCheckoutState.maximumRecordedRejections))
            XCTAssertEqual(harness.state, expected, String(url.prefix(80)))
        }
        XCTAssertEqual(
            BridgeFormSubmission.decode(url: "https://shop.example/x"), .failure(.notASubmission(scheme: "\"https\"")))
    }

    func testAFormPostedWithItsDataInTheBodyIsToldSo() {
        let request = WebCheckoutNavigationRequest(
            url: "poqwebcheckout://bridge/order", method: "post",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("data=%7B%7D".utf8))
        XCTAssertEqual(BridgeFormSubmission.decode(request), .failure(.dataInBody(method: "\"POST\"")))
        XCTAssertEqual(
            BridgeFormSubmission.decode(
                WebCheckoutNavigationRequest(url: "poqwebcheckout://bridge/order", method: "POST")),
            .failure(.missingParameter("data")), "no body: nothing was misplaced")
    }

    func testAnEventThatDecodesButIsWrongIsRejectedAsTheBridgeRejectsIt() async {
        let harness = formsHarness()
        await harness.start()
        let before = harness.state
        let decision = Self.configuration.navigationDecision(
            for: WebCheckoutNavigationRequest(url: BridgeFormSubmission.url(event: "order", data: .object([]))))
        if let action = decision.action { await harness.send(action) }
        var expected = before
        expected.web.rejections = [.missingField(event: "order", field: "data.total")]
        XCTAssertEqual(harness.state, expected)
    }

    func testBothBridgeModesTakeBothRoutesAndParseModeNeither() async {
        let submission = Self.configuration.navigationDecision(
            for: WebCheckoutNavigationRequest(url: "poqwebcheckout://bridge/closewebview?data=null")
        ).action
        let forms = formsHarness()
        await forms.start()
        await forms.send(.bridge(Self.configuration.bridgeAction(body: ["event": "closewebview"])))
        XCTAssertEqual(forms.state.view, .dismissed, "a message-handler message in Forms mode")

        let bridge = Harness(state: WebCheckoutBuilder(mode: .bridge).makeState())
        await bridge.start()
        if let submission { await bridge.send(submission) }
        XCTAssertEqual(bridge.state.view, .dismissed, "a Forms submission in bridge mode")

        let parse = Harness(
            state: WebCheckoutBuilder(mode: .parse(ParseRules(completion: .titleContains("x")))).makeState())
        await parse.start()
        if let submission { await parse.send(submission) }
        XCTAssertEqual(parse.state.view, .webCheckout)
        XCTAssertEqual(parse.state.web.rejections, [.unknownEvent("bridge message in a parse-type checkout")])
    }

    func testTheModeDecidesThePlatformCookie() {
        let session = WebCheckoutSession(url: "https://shop.example/checkout", reference: "r")
        let configuration = WebCheckoutConfiguration()
        func platform(_ mode: WebCheckoutMode) -> String? {
            configuration.addingBridgeCookies(to: session, mode: mode).cookies.first {
                $0.name == WebCheckoutConfiguration.CookieName.platform
            }?.value.value
        }
        XCTAssertEqual(platform(.bridge), "javascript")
        XCTAssertEqual(platform(.forms), "forms")
        XCTAssertNil(platform(.parse(ParseRules(completion: .titleContains("x")))))
    }

    /// The replies' hostile and generated payloads as Forms data: JSON objects up to the size
    /// limit.
    static func corpus() -> [JSONValue] {
        WebCheckoutPageTests.corpus().compactMap { reply in
            let data = JSONValue.object([JSONMember(key: "p", value: reply.payload)])
            guard isValidJSON(reply.payload), data.jsonText.utf8.count <= JSONValue.maximumFoundationBytes else {
                return nil
            }
            return data
        }
    }

    func testEveryPayloadRoundTripsThroughTheURL() {
        let corpus = Self.corpus()
        XCTAssertGreaterThan(corpus.count, 300)
        for data in corpus {
            let url = BridgeFormSubmission.url(event: "giftwrapchosen", data: data)
            XCTAssertEqual(
                BridgeFormSubmission.decode(url: url),
                .success(
                    .object([
                        JSONMember(key: "data", value: data.inCanonicalOrder),
                        JSONMember(key: "event", value: .string("giftwrapchosen")),
                    ])))
        }
    }

    /// The documented page script, run in Node with a stand-in for the DOM whose form submission
    /// encodes as a browser's does (`URLSearchParams`, the URL standard's form serializer): what
    /// the app decodes is what the page sent.
    func testThePageScriptSendsWhatTheAppDecodesWhenRunInNode() throws {
        guard let node = NodeRunner.find() else { throw XCTSkip("node is not installed") }
        let messages = Self.corpus().enumerated().map { index, data in
            (event: ["order", "giftwrap.chosen-1_x", "closewebview"][index % 3], data: data)
        }
        var source = """
            const submitted = [];
            globalThis.window = globalThis;
            globalThis.document = {
              body: { appendChild() {}, removeChild() {} },
              createElement(tag) {
                return {
                  tag, style: {}, children: [],
                  appendChild(child) { this.children.push(child); },
                  submit() {
                    if (this.method !== 'get' || this.acceptCharset !== 'UTF-8') { throw new Error('form'); }
                    const params = new URLSearchParams();
                    for (const child of this.children) { params.append(child.name, child.value); }
                    submitted.push(this.action + '?' + params.toString());
                  },
                };
              },
            };
            process.on('exit', () => process.stdout.write(JSON.stringify(submitted)));

            """
        source += BridgeFormSubmission.pageScript + "\n"
        for message in messages {
            source +=
                WebCheckoutReply(name: message.event, payload: message.data).script(
                    function: "window.poqWebCheckoutForms.send") + "\n"
        }
        source += "window.poqWebCheckoutForms.send('closewebview');\n"
        let output = try NodeRunner.run(node, source: source)
        guard case .array(let urls) = try JSONParser.parse(output) else { return XCTFail("expected an array") }
        XCTAssertEqual(urls.count, messages.count + 1)
        for (url, message) in zip(urls, messages + [(event: "closewebview", data: JSONValue.null)]) {
            guard case .string(let text) = url else { return XCTFail("expected a URL") }
            XCTAssertEqual(
                BridgeFormSubmission.decode(url: text),
                .success(
                    .object([
                        JSONMember(key: "data", value: message.data.inCanonicalOrder),
                        JSONMember(key: "event", value: .string(message.event)),
                    ])), String(text.prefix(120)))
        }
    }

    func testANavigationRequestTakesAURLRequestAndDescribesItWithoutSecrets() throws {
        var urlRequest = URLRequest(url: try XCTUnwrap(URL(string: "https://shop.example/pay?token=sbx_secret_1&x=1")))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("Bearer sbx_secret_2", forHTTPHeaderField: "Authorization")
        urlRequest.httpBody = Data("card=\(Self.pan)".utf8)
        let request = WebCheckoutNavigationRequest(urlRequest)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.headers["Authorization"], "Bearer sbx_secret_2")
        XCTAssertEqual(request.body, Data("card=\(Self.pan)".utf8))
        XCTAssertEqual(
            request.description, "POST https://shop.example/pay?token=[REDACTED]&x=1 (1 headers, 21-byte body)")
    }

    /// Whether every number in `value` is a JSON number (the corpus holds one that is not, to
    /// test replies).
    static func isValidJSON(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let text): return (try? JSONParser.parse(text)) == value
        case .array(let items): return items.allSatisfy(isValidJSON)
        case .object(let members): return members.allSatisfy { isValidJSON($0.value) }
        default: return true
        }
    }
}

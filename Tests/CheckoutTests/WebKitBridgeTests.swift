import Checkout
import Foundation
import StateStore
import XCTest

/// Bridge messages as WebKit delivers them (Foundation values), and custom events.
final class WebKitBridgeTests: XCTestCase {
    private func webHarness(configuration: WebCheckoutConfiguration = WebCheckoutConfiguration()) -> Harness {
        Harness(state: WebCheckoutBuilder(mode: .bridge, configuration: configuration).makeState())
    }

    // MARK: Foundation → JSONValue

    func testFoundationBodyConvertsWithExactNumbersAndSortedMembers() throws {
        let body: [String: Any] = [
            "event": "order",
            "data": NSDictionary(dictionary: [
                "total": NSNumber(value: 42.5), "count": NSNumber(value: 3), "big": NSNumber(value: UInt64.max),
                "tiny": NSNumber(value: 0.0000001), "price": NSDecimalNumber(string: "12.50"),
                "currency": NSString(string: "GBP"), "none": NSNull(),
                "tags": NSArray(array: ["a", NSNumber(value: 1)]),
            ]),
        ]
        let value = try JSONValue(foundationObject: body)
        XCTAssertEqual(
            value.jsonText,
            #"{"data":{"big":18446744073709551615,"count":3,"currency":"GBP","none":null,"price":12.5,"#
                + #""tags":["a",1],"tiny":0.0000001,"total":42.5},"event":"order"}"#)
    }

    func testBooleansAreTellApartFromOneAndZeroOnEveryPlatform() throws {
        XCTAssertEqual(try JSONValue(foundationObject: NSNumber(value: true)), .bool(true))
        XCTAssertEqual(try JSONValue(foundationObject: NSNumber(value: false)), .bool(false))
        XCTAssertEqual(try JSONValue(foundationObject: NSNumber(value: 1)), .number("1"))
        XCTAssertEqual(try JSONValue(foundationObject: NSNumber(value: 0)), .number("0"))
        XCTAssertEqual(try JSONValue(foundationObject: NSNumber(value: Int8(1))), .number("1"))
        XCTAssertEqual(try JSONValue(foundationObject: true), .bool(true))
        XCTAssertEqual(try JSONValue(foundationObject: 1), .number("1"))
        XCTAssertEqual(try JSONValue(foundationObject: [true, 1, false, 0] as [Any]).jsonText, "[true,1,false,0]")
    }

    func testDatesBecomeISO8601Strings() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        XCTAssertEqual(try JSONValue(foundationObject: ["at": date]).jsonText, #"{"at":"2023-11-14T22:13:20.250Z"}"#)
    }

    func testDeepLargeOrForeignValuesAreRefusedWithAReason() {
        var deep: Any = ["leaf"]
        for _ in 0..<64 { deep = [deep] }
        XCTAssertThrowsError(try JSONValue(foundationObject: deep)) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("nested deeper than 64 levels at [0]"), "\(error)")
        }
        var fine: Any = "leaf"
        for _ in 0..<64 { fine = [fine] }
        XCTAssertNoThrow(try JSONValue(foundationObject: fine))
        XCTAssertThrowsError(try JSONValue(foundationObject: ["a": String(repeating: "x", count: 1_048_576)])) {
            XCTAssertEqual(String(describing: $0), "larger than 1048576 bytes of JSON")
        }
        XCTAssertThrowsError(try JSONValue(foundationObject: ["data": ["url": URL(fileURLWithPath: "/")]])) {
            XCTAssertEqual(String(describing: $0), "data.url is a URL, not a JSON value")
        }
        XCTAssertThrowsError(try JSONValue(foundationObject: [1: "one"])) {
            XCTAssertEqual(String(describing: $0), "a key of the value is not a string")
        }
        XCTAssertThrowsError(try JSONValue(foundationObject: Double.nan))
    }

    // MARK: Dispatching bodies

    func testAWebKitBodyCompletesTheCheckoutAndReplaysByteForByte() async throws {
        let harness = webHarness()
        await harness.start()
        let body: [String: Any] = [
            "name": "paymentcompleted",
            "data": ["order": ["total": NSNumber(value: 45.95), "orderId": "W-1", "currency": "GBP"]],
        ]
        let action = WebCheckoutConfiguration().bridgeAction(body: body)
        XCTAssertEqual(
            action,
            .messagePosted(
                try JSONValue(
                    foundationObject: [
                        "data": ["order": ["currency": "GBP", "orderId": "W-1", "total": NSNumber(value: 45.95)]],
                        "name": "paymentcompleted",
                    ] as [String: Any])))
        await harness.send(.bridge(action))
        XCTAssertEqual(harness.state.completedOrder?.orderID, "W-1")
        XCTAssertEqual(harness.state.completedOrder?.total, money("45.95"))

        // The log's encoder and decoder reproduce the body exactly.
        guard case .messagePosted(let posted) = action else { return XCTFail("expected messagePosted") }
        let text = #"{"data":{"order":{"currency":"GBP","orderId":"W-1","total":45.95}},"name":"paymentcompleted"}"#
        XCTAssertEqual(posted.jsonText, text)
        XCTAssertNil(FastDecodingCheck.mismatch(.bridge(action)))
    }

    func testAStringBodyIsReadAsJSONText() {
        let configuration = WebCheckoutConfiguration()
        XCTAssertEqual(
            configuration.bridgeAction(body: #"{"event":"closewebview"}"#),
            .messagePosted(.object([JSONMember(key: "event", value: .string("closewebview"))])))
        XCTAssertEqual(
            configuration.bridgeAction(body: "{nope"), .messageUnreadable(reason: "not valid JSON (5 bytes)"))
    }

    func testAnUnreadableBodyIsRecordedAsARejectionAndChangesNothingElse() async {
        let harness = webHarness()
        await harness.start()
        let before = harness.state
        var deep: Any = NSNull()
        for _ in 0..<70 { deep = NSArray(object: deep) }
        let action = WebCheckoutConfiguration().bridgeAction(body: ["event": "order", "data": deep])
        guard case .messageUnreadable(let reason) = action else { return XCTFail("expected messageUnreadable") }
        await harness.send(.bridge(action))
        var expected = before
        expected.web.rejections = [.malformedJSON(detail: reason)]
        XCTAssertEqual(harness.state, expected)
    }

    // MARK: Custom events

    func testCustomEventsReachTheHostAndAreBounded() async {
        let harness = webHarness(configuration: WebCheckoutConfiguration(customEvents: ["wishlistadded": .record]))
        await harness.start()
        let before = harness.state
        for index in 1...25 {
            await harness.send(
                .bridge(.messageReceived(#"{"name":"WishlistAdded","data":{"sku":"tee-\#(index)"}}"#)))
        }
        XCTAssertEqual(harness.state.web.customEvents.count, WebCheckoutState.maximumRecordedCustomEvents)
        XCTAssertEqual(harness.state.web.customEventCount, 25)
        XCTAssertEqual(
            harness.state.web.customEvents.last,
            BridgeCustomEvent(
                sequence: 25, name: "wishlistadded", data: .object([JSONMember(key: "sku", value: .string("tee-25"))])))
        XCTAssertEqual(harness.state.web.customEvents.first?.sequence, 6)
        var expected = before
        expected.web.customEvents = harness.state.web.customEvents
        expected.web.customEventCount = 25
        XCTAssertEqual(harness.state, expected, "a custom event changes nothing else")
        XCTAssertTrue(harness.state.web.rejections.isEmpty)
    }

    func testAnUnregisteredCustomEventsDataIsRedactedBeforeItIsLogged() async throws {
        let configuration = WebCheckoutConfiguration(customEvents: ["kept": .record, "hidden": .redact])
        let harness = webHarness(configuration: configuration)
        await harness.start()
        let secret = "4111111111111111"
        for name in ["loyaltysignin", "Hidden", "kept"] {
            let action = configuration.bridgeAction(body: ["name": name, "data": ["card": secret]])
            let logged = String(decoding: try JSONEncoder().encode(action), as: UTF8.self)
            XCTAssertEqual(logged.contains(secret), name == "kept", "\(name): \(logged)")
            await harness.send(.bridge(action))
        }
        // The string entry point is redacted in the state (its text is what the host logged).
        await harness.send(.bridge(.messageReceived(#"{"name":"other","data":{"card":"\#(secret)"}}"#)))
        XCTAssertEqual(harness.state.web.customEvents.map(\.name), ["loyaltysignin", "hidden", "kept", "other"])
        XCTAssertEqual(harness.state.web.customEvents.map(\.isRedacted), [true, true, false, true])
        XCTAssertEqual(harness.state.web.customEvents.map { $0.data == nil }, [true, true, false, true])
        // Events the checkout interprets are never redacted.
        XCTAssertEqual(
            configuration.bridgeAction(body: ["event": "order", "data": ["total": 1]]),
            .messagePosted(try JSONValue(foundationObject: ["event": "order", "data": ["total": 1]])))
    }

    func testAPersonalCustomEventsDataIsKeptAsARecordedOnesIs() async throws {
        let configuration = WebCheckoutConfiguration(customEvents: ["loyaltysignin": .personal(plainPaths: ["tier"])])
        let harness = webHarness(configuration: configuration)
        await harness.start()
        let action = configuration.bridgeAction(body: [
            "name": "LoyaltySignIn", "data": ["memberID": "ada-1", "tier": "gold"],
        ])
        let logged = String(decoding: try JSONEncoder().encode(action), as: UTF8.self)
        XCTAssertTrue(logged.contains("ada-1"), "personal data is recorded (an export pseudonymises it): \(logged)")
        await harness.send(.bridge(action))
        XCTAssertEqual(
            harness.state.web.customEvents,
            [
                BridgeCustomEvent(
                    sequence: 1, name: "loyaltysignin",
                    data: .object([
                        JSONMember(key: "memberID", value: .string("ada-1")),
                        JSONMember(key: "tier", value: .string("gold")),
                    ]))
            ])
        XCTAssertTrue(BridgeCustomEventRecording.personal().recordsData)
        XCTAssertTrue(BridgeCustomEventRecording.record.recordsData)
        XCTAssertFalse(BridgeCustomEventRecording.redact.recordsData)
    }
}

/// Regression tests for the web edge cases of issue #14 item 9, each named after its bug.
final class WebEdgeCaseTests: XCTestCase {
    private func webHarness(mode: WebCheckoutMode = .bridge) -> Harness {
        Harness(state: WebCheckoutBuilder(mode: mode).makeState())
    }

    func testOrderWithoutCurrencyLeftTheSummaryUnset() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":10}}"#)))
        XCTAssertNil(harness.state.orderSummary, "no currency known yet: nothing to show")
        XCTAssertEqual(harness.state.web.rejections, [.missingField(event: "order", field: "data.currency")])
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":10,"currency":"GBP"}}"#)))
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":12.5}}"#)))
        XCTAssertEqual(harness.state.orderSummary?.total, money("12.5"), "the checkout's currency stands in")

        var state = WebCheckoutBuilder().makeState()
        state.cart = Cart(
            id: "c", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0), currencyCode: "EUR"
        )
        let withCart = Harness(state: state)
        await withCart.start()
        await withCart.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":3}}"#)))
        XCTAssertEqual(withCart.state.orderSummary?.total, money("3", "EUR"))
    }

    func testMissingOrderIDWasRecordedAsTheLiteralUnknown() async {
        // Before the session arrived there is no reference: the message is refused, never "unknown".
        let early = webHarness()
        early.store.dispatch(.bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5}}}"#)))
        XCTAssertNil(early.state.completedOrder)
        XCTAssertEqual(
            early.state.web.rejections, [.missingField(event: "paymentcompleted", field: "data.order.orderId")])

        let harness = webHarness()
        await harness.start()
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"  "}}}"#)))
        XCTAssertEqual(harness.state.completedOrder?.orderID, "cart-1")
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.map(\.orderID), ["cart-1"])
        XCTAssertFalse(harness.sink.events.contains { "\($0)".contains("unknown") })

        let parse = webHarness(mode: .parse(ParseRules(completion: .urlContainsAny(["/done"]))))
        parse.store.dispatch(.parse(.pageLoaded(ParsedPage(url: "https://shop/done"))))
        XCTAssertNil(parse.state.completedOrder)
    }

    func testPaymentCompletedAfterCloseWebViewFlippedDismissedBackToCompleted() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"closewebview"}"#)))
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"W-9"}}}"#)))
        XCTAssertEqual(harness.state.view, .dismissed)
        XCTAssertEqual(harness.state.completedOrder?.orderID, "W-9", "the paid order is still recorded")
        let recorded = await harness.api.recordedOrders
        XCTAssertEqual(recorded.map(\.orderID), ["W-9"])
    }

    func testNegativeOrNonNumericTotalsWereAccepted() async {
        let harness = webHarness()
        await harness.start()
        await harness.send(.bridge(.messageReceived(#"{"event":"order","data":{"total":1,"currency":"GBP"}}"#)))
        let before = harness.state
        for total in ["-1", #""-0.01""#, #""abc""#, #""NaN""#, "true", #""""#, "1e999"] {
            await harness.send(
                .bridge(.messageReceived(#"{"event":"order","data":{"total":\#(total),"currency":"GBP"}}"#)))
            await harness.send(
                .bridge(
                    .messageReceived(
                        #"{"event":"paymentcompleted","data":{"order":{"total":\#(total),"orderId":"W"}}}"#)))
        }
        XCTAssertEqual(harness.state.web.rejections.count, 14)
        var expected = before
        expected.web.rejections = harness.state.web.rejections
        XCTAssertEqual(harness.state, expected)

        let parse = webHarness(mode: .parse(ParseRules(completion: .urlContainsAny(["/done"]))))
        await parse.start()
        await parse.send(
            .parse(
                .pageLoaded(ParsedPage(url: "https://shop/done", extractedOrder: WebOrder(total: -5, currency: "GBP"))))
        )
        XCTAssertEqual(parse.state.completedOrder?.total, nil, "a negative parsed total is not shown")
        XCTAssertNil(parse.state.web.order)
    }

    func testBasketChangedOrExpiredErrorsStillShowedOnTheThankYouView() async {
        var state = WebCheckoutBuilder().makeState()
        state.errors = [
            CheckoutErrorMessage(id: 1, kind: .cartChanged, retry: nil),
            CheckoutErrorMessage(id: 2, kind: .cartExpired, retry: nil),
            CheckoutErrorMessage(id: 3, kind: .request(.conflict(message: nil)), retry: nil),
        ]
        state.nextErrorID = 4
        let harness = Harness(state: state)
        await harness.start()
        await harness.send(
            .bridge(.messageReceived(#"{"event":"paymentcompleted","data":{"order":{"total":5,"orderId":"W"}}}"#)))
        XCTAssertEqual(harness.state.view, .completed)
        XCTAssertEqual(harness.state.errors, [])
    }
}

/// The bridge cookies the engine produces for every session.
final class WebCheckoutCookieTests: XCTestCase {
    func testEverySessionGetsTheBridgeCookiesFromTheConfiguration() async {
        let configuration = WebCheckoutConfiguration(bridgeVersion: "3", bridgeIntegrity: "sha384-xyz")
        let harness = Harness(state: WebCheckoutBuilder(configuration: configuration).makeState())
        await harness.start()
        let cookies = harness.state.web.session?.cookies ?? []
        XCTAssertEqual(
            cookies.map { "\($0.name)=\($0.value.value ?? "")@\($0.domain)" },
            [
                "poq.webcheckout.platform=javascript@sandbox.checkout.invalid",
                "poq.webcheckout.version=3@sandbox.checkout.invalid",
                "poq.webcheckout.integrity=sha384-xyz@sandbox.checkout.invalid",
            ])
    }

    func testWithoutAConfiguredVersionTheBackendsCookieStays() {
        let session = WebCheckoutSession(
            url: "https://shop.example/c",
            cookies: [
                WebCheckoutCookie(name: "session", value: Sensitive("s"), domain: "shop.example"),
                WebCheckoutCookie(name: "poq.webcheckout.version", value: Sensitive("1"), domain: "shop.example"),
            ], reference: "r")
        let result = WebCheckoutConfiguration().addingBridgeCookies(to: session, mode: .bridge)
        XCTAssertEqual(result.cookies.map(\.name), ["session", "poq.webcheckout.version", "poq.webcheckout.platform"])
        XCTAssertEqual(result.cookies[1].value.value, "1")
    }

    func testParseModeSendsNoBridgeCookies() async {
        let harness = Harness(
            state: WebCheckoutBuilder(mode: .parse(ParseRules(completion: .titleContains("Thanks")))).makeState())
        await harness.start()
        XCTAssertEqual(
            harness.state.web.session?.cookies.filter { $0.name.hasPrefix("poq.webcheckout.") }, [],
            "the sandbox backend sends bridge cookies; the engine removes them in parse mode")
    }
}

import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// The trap and misread sites of issue #13 item 1, one by one: what is refused at decode (with
/// the field named), what is guarded, and how the id counters behave at their limit.
final class BoundsTests: XCTestCase {
    private let reducer = ExtremeValueTests.reducer

    // MARK: Quantities

    private func cartJSON(quantities: [String], unitPrice: String = "\"1\"") -> String {
        let lines = quantities.enumerated().map { index, quantity in
            #"{"id":"l\#(index)","productID":"p","title":"t","quantity":\#(quantity),"unitPrice":\#(unitPrice)}"#
        }
        return
            #"{"id":"c","lines":[\#(lines.joined(separator: ","))],"totals":{"subtotal":"1","shipping":"0","discount":"0","total":"1"},"currencyCode":"GBP"}"#
    }

    /// Decodes `json` as the API client (Foundation), the log's `Decodable` and its fast path do;
    /// each must refuse it with an error naming `key`.
    private func assertRefusedEverywhere<T: LogDecodable & Equatable>(
        _ type: T.Type, _ json: String, naming key: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try JSONDecoder().decode(T.self, from: Data(json.utf8)), file: file, line: line) {
            XCTAssertTrue(ExtremeJSON.decodingError($0, names: [key]), "\($0)", file: file, line: line)
        }
        XCTAssertThrowsError(
            try JSONValueDecoder().decode(T.self, from: try JSONParser.parse(json)), file: file, line: line
        ) { XCTAssertTrue(ExtremeJSON.decodingError($0, names: [key]), "\($0)", file: file, line: line) }
        XCTAssertThrowsError(try LogDecoding.decode(T.self, json: json), file: file, line: line)
    }

    func testCartQuantitiesThatAddUpPastIntMaxAreRefusedNamingTheLines() throws {
        assertRefusedEverywhere(Cart.self, cartJSON(quantities: ["9223372036854775807", "1"]), naming: "lines")
        let exactlyMax = cartJSON(quantities: ["9223372036854775806", "1", "0"])
        XCTAssertEqual(try JSONDecoder().decode(Cart.self, from: Data(exactlyMax.utf8)).itemCount, Int.max)
        XCTAssertEqual(try LogDecoding.decode(Cart.self, json: exactlyMax).itemCount, Int.max)
    }

    func testQuantitiesThatAreNegativeFractionalOrBeyondIntAreRefusedNamingTheQuantity() {
        for quantity in ["-1", "-9223372036854775808", "1.5", "9223372036854775808", "1e400"] {
            assertRefusedEverywhere(Cart.self, cartJSON(quantities: [quantity]), naming: "quantity")
        }
    }

    func testIntegersAround2To53AreReadExactly() throws {
        for quantity in ["9007199254740991", "9007199254740992", "9007199254740993"] {
            let json = cartJSON(quantities: [quantity])
            XCTAssertEqual(try JSONDecoder().decode(Cart.self, from: Data(json.utf8)).lines[0].quantity, Int(quantity))
            XCTAssertEqual(try LogDecoding.decode(Cart.self, json: json).lines[0].quantity, Int(quantity))
        }
    }

    func testACheckoutLoadOfACartBuiltInCodeWhoseQuantitiesOverflowNeverTraps() {
        let cart = Cart(
            id: "c",
            lines: [
                CartLine(id: "a", productID: "a", title: "A", quantity: .max, unitPrice: 1),
                CartLine(id: "b", productID: "b", title: "B", quantity: .max, unitPrice: 1),
            ],
            totals: CartTotals(subtotal: 1, shipping: 0, discount: 0, total: 1), currencyCode: "GBP")
        XCTAssertNil(cart.itemCount)
        XCTAssertEqual(OrderSummary(cart: cart).itemCount, .max, "saturates")
        var state = Fixtures.nativeState()
        _ = reducer.reduce(&state, .common(.started))
        _ = reducer.reduce(&state, .result(.checkoutLoaded(CheckoutDetails(cart: cart), requestID: 1)))
        XCTAssertEqual(state.orderSummary?.itemCount, .max)
    }

    // MARK: Amounts

    func testNegativePricesCostsAndTotalsAreRefusedNamingTheField() {
        assertRefusedEverywhere(Cart.self, cartJSON(quantities: ["1"], unitPrice: "\"-0.01\""), naming: "unitPrice")
        assertRefusedEverywhere(Cart.self, cartJSON(quantities: ["1"], unitPrice: "-1"), naming: "unitPrice")
        for key in ["subtotal", "shipping", "discount", "total"] {
            var totals = ["subtotal": "\"1\"", "shipping": "\"0\"", "discount": "\"0\"", "total": "\"1\""]
            totals[key] = "\"-5\""
            let json =
                "{" + totals.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
                + "}"
            assertRefusedEverywhere(CartTotals.self, json, naming: key)
        }
        assertRefusedEverywhere(
            ShippingMethod.self, #"{"id":"s","name":"S","price":{"amount":"-3.95","currencyCode":"GBP"}}"#,
            naming: "price")
        assertRefusedEverywhere(WebOrder.self, #"{"total":-1}"#, naming: "total")
        XCTAssertEqual(
            try JSONDecoder().decode(WebOrder.self, from: Data(#"{"total":1,"discount":-1}"#.utf8)).discount, -1,
            "a page may write its discount either way")
    }

    func testAmountsDecimalCannotHoldExactlyAreRefusedNeverRounded() {
        let tooLong = "123456789012345678901234567890123456789012"
        let tooSmall = "0." + String(repeating: "0", count: 130) + "1"
        for amount in ["\"\(tooLong)\"", tooLong, "\"\(tooSmall)\"", "1e400", "\"NaN\"", "\"1e3\"", "\"Infinity\""] {
            assertRefusedEverywhere(
                Money.self, #"{"amount":\#(amount),"currencyCode":"GBP"}"#, naming: "amount")
        }
        XCTAssertNil(Decimal(plainText: tooSmall), "a 1 in the 131st place is not 0")
        XCTAssertNil(Decimal(plainText: tooLong))
        // 38 digits in a string are exact; a JSON number of 38 digits may already be rounded.
        let thirtyEight = String(repeating: "9", count: 38)
        XCTAssertEqual(
            try LogDecoding.decode(Money.self, json: #"{"amount":"\#(thirtyEight)","currencyCode":"GBP"}"#).amount,
            Decimal(string: thirtyEight))
        assertRefusedEverywhere(Money.self, #"{"amount":\#(thirtyEight),"currencyCode":"GBP"}"#, naming: "amount")
        XCTAssertThrowsError(try JSONValueDecoder().decode(Decimal.self, from: .number(tooLong)))
    }

    func testAWebOrderIdBeyondIntKeepsItsDigits() throws {
        for (written, read) in [
            ("12345678901234567890", "12345678901234567890"), ("9007199254740993", "9007199254740993"),
            ("1.5", nil), ("1e400", nil), ("123456789012345678901234567890123456789012", nil),
        ] as [(String, String?)] {
            let json = #"{"total":"1","orderId":\#(written)}"#
            XCTAssertEqual(try JSONDecoder().decode(WebOrder.self, from: Data(json.utf8)).orderID, read, written)
            XCTAssertEqual(try LogDecoding.decode(WebOrder.self, json: json).orderID, read, written)
            XCTAssertEqual(
                try JSONValueDecoder().decode(WebOrder.self, from: try JSONParser.parse(json)).orderID, read, written)
        }
    }

    // MARK: Minor-unit digits

    func testMinorUnitDigitsOutsideZeroToFourAreRefusedAndNeverTrapThePayment() throws {
        for digits in ["-1", "5", "9223372036854775807", "-9223372036854775808"] {
            let json =
                #"{"id":"p","displayName":"P","minorUnitOverrides":{"GBP":\#(digits)},"supportsPartialPayments":false}"#
            XCTAssertThrowsError(try JSONDecoder().decode(PaymentProviderDescriptor.self, from: Data(json.utf8))) {
                XCTAssertTrue(ExtremeJSON.decodingError($0, names: ["minorUnitOverrides"]), "\($0)")
            }
        }
        for digits in [-1, 5, Int.max, Int.min] {
            XCTAssertNil(CurrencyDigits.digits(for: "GBP", overrides: ["GBP": digits]))
            XCTAssertThrowsError(try money("1").minorUnits(overrides: ["GBP": digits])) {
                XCTAssertEqual($0 as? PaymentGuardViolation, .unknownCurrency("GBP"))
            }
            // A descriptor built in code (or a state from an older engine) with such digits: the
            // payment is refused, neither trapping (0..<-1) nor looping (0..<Int.max).
            var state = readyState()
            state.paymentProviders[0].minorUnitOverrides = ["GBP": digits]
            _ = reducer.reduce(&state, .payment(.payTapped))
            XCTAssertEqual(state.payment.phase, .idle)
            XCTAssertEqual(state.errors.last?.kind, .paymentRefused(.unknownCurrency("GBP")))
        }
    }

    // MARK: Counters

    func testRequestIDsWrapToOneAfterIntMaxAndTheAnswerStillMatches() {
        var state = Fixtures.nativeState()
        state.nextRequestID = .max
        _ = reducer.reduce(&state, .common(.started))
        XCTAssertEqual(state.loadInFlight, .max)
        XCTAssertEqual(state.nextRequestID, 1)
        _ = reducer.reduce(&state, .result(.checkoutLoaded(CheckoutActionSamples.bareDetails, requestID: .max)))
        XCTAssertNil(state.loadInFlight, "the answer to request Int.max was taken")
        XCTAssertNotNil(state.cart)
    }

    func testErrorIDsWrapToOneAfterIntMaxSkippingIDsStillShown() {
        var state = Fixtures.nativeState()
        state.errors = [CheckoutErrorMessage(id: 1, kind: .page("shown"), retry: nil)]
        state.nextErrorID = .max
        _ = reducer.reduce(&state, .payment(.payTapped))  // no cart: nothing
        state.kind = .web
        _ = reducer.reduce(&state, .bridge(.messageReceived(#"{"event":"error","data":{"errorMessage":"a"}}"#)))
        _ = reducer.reduce(&state, .bridge(.messageReceived(#"{"event":"error","data":{"errorMessage":"b"}}"#)))
        XCTAssertEqual(state.errors.map(\.id), [1, .max, 2])
        XCTAssertEqual(state.nextErrorID, 3)
    }

    func testThePaymentAttemptWrapsToOneAndRestartsStopAtIntMax() {
        var state = readyState()
        state.payment.attempt = .max
        state.payment.restarts = .max
        _ = reducer.reduce(&state, .payment(.payTapped))
        XCTAssertEqual(state.payment.attempt, 1)
        XCTAssertEqual(state.payment.phase, .preparing)
        // Analytics reports the wrapped attempt as it is.
        var cancelled = state
        _ = reducer.reduce(&cancelled, .payment(.cancelTapped))
        XCTAssertEqual(
            CheckoutAnalyticsMiddleware.events(for: .payment(.cancelTapped), before: state, after: cancelled),
            [.paymentFailed(reason: .cancelled, providerID: "sandbox", attempt: 1)])
        // The total changes while the drop-in is up: the payment restarts, and the count stays.
        _ = reducer.reduce(
            &state,
            .payment(
                .intentCreated(PaymentIntent(reference: "r", cartID: "cart-1", amount: money("45.95")), attempt: 1)))
        _ = reducer.reduce(
            &state,
            .payment(
                .sessionPrepared(PaymentSession(id: "s", providerID: "sandbox", amount: money("45.95")), attempt: 1)))
        XCTAssertEqual(state.payment.phase, .presenting)
        state.cart?.totals.total = decimal("50")
        _ = reducer.reduce(&state, .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("x")))))
        XCTAssertEqual(state.payment.restarts, .max)
        XCTAssertEqual(state.payment.attempt, 2)
    }

    // MARK: NaN

    func testEveryPaymentGuardRefusesNaNExplicitly() {
        let nan = Money(amount: .nan, currencyCode: "GBP")
        XCTAssertEqual(nan, nan, "Foundation's Decimal: NaN equals NaN, so a comparison alone passes it")
        XCTAssertTrue(nan.amount < 0, "and NaN is less than zero")
        let provider = SandboxPaymentProvider.defaultDescriptor
        let checks: [(String, () throws -> Void)] = [
            ("requireNumber", { try PaymentGuards.requireNumber(nan) }),
            ("requirePositive", { try PaymentGuards.requirePositive(nan) }),
            ("requireShownAmount", { try PaymentGuards.requireShownAmount(asked: nan, shown: nan) }),
            ("requireShownAmount asked", { try PaymentGuards.requireShownAmount(asked: nan, shown: money("1")) }),
            ("requireUnchangedTotal", { try PaymentGuards.requireUnchangedTotal(presented: nan, current: nan) }),
            ("minorUnits", { _ = try PaymentGuards.minorUnits(of: nan, provider: provider) }),
            (
                "checkStart",
                { _ = try PaymentGuards.checkStart(shown: nan, provider: provider, merchantCurrencies: nil) }
            ),
        ]
        for (name, check) in checks {
            XCTAssertThrowsError(try check(), name) {
                XCTAssertEqual($0 as? PaymentGuardViolation, .notANumber(nan), name)
            }
        }
    }

    func testTheReducerNeverTakesANaNAmountAsTheAmountShown() {
        let nan = Money(amount: .nan, currencyCode: "GBP")
        // A state whose amounts are NaN (built in code: decoding never yields NaN) at each step.
        var preparing = readyState()
        _ = reducer.reduce(&preparing, .payment(.payTapped))
        preparing.payment.amount = nan
        preparing.cart?.totals.total = .nan
        var intent = preparing
        _ = reducer.reduce(
            &intent, .payment(.intentCreated(PaymentIntent(reference: "r", cartID: "c", amount: nan), attempt: 1)))
        XCTAssertEqual(
            intent.payment.phase,
            .failed(PaymentFailure(kind: .guardViolation, message: "the amount NaN GBP is not a number")))

        var session = preparing
        session.payment.intent = PaymentIntent(reference: "r", cartID: "c", amount: nan)
        _ = reducer.reduce(
            &session,
            .payment(.sessionPrepared(PaymentSession(id: "s", providerID: "sandbox", amount: nan), attempt: 1)))
        XCTAssertEqual(session.payment.phase.name, "failed")

        var submitted = preparing
        submitted.payment.phase = .submitting
        let receipt = PaymentReceipt(providerReference: "p", amount: nan, resultCode: "Authorised")
        _ = reducer.reduce(&submitted, .payment(.outcomeReceived(.authorised(receipt), attempt: 1)))
        XCTAssertNotEqual(submitted.payment.phase, .succeeded)
        XCTAssertNil(submitted.completedOrder)
    }

    func testAPartialAuthorisationOfANegativeAmountFailsInsteadOfAskingForMoreThanShown() {
        var descriptor = SandboxPaymentProvider.defaultDescriptor
        descriptor.supportsPartialPayments = true
        var state = readyState()
        state.paymentProviders = [descriptor]
        _ = reducer.reduce(&state, .payment(.payTapped))
        let attempt = state.payment.attempt
        _ = reducer.reduce(
            &state,
            .payment(
                .intentCreated(
                    PaymentIntent(reference: "r", cartID: "cart-1", amount: money("45.95")), attempt: attempt)))
        _ = reducer.reduce(
            &state,
            .payment(
                .sessionPrepared(
                    PaymentSession(id: "s", providerID: "sandbox", amount: money("45.95")), attempt: attempt)))
        _ = reducer.reduce(&state, .payment(.submitted(PaymentSubmission(methodID: "gift", payload: Sensitive("x")))))
        XCTAssertEqual(state.payment.phase, .submitting)
        let negative = PaymentReceipt(providerReference: "gc", amount: money("-10"), resultCode: "Authorised")
        _ = reducer.reduce(
            &state,
            .payment(.outcomeReceived(.partiallyAuthorised(negative, remaining: money("55.95")), attempt: attempt)))
        XCTAssertEqual(state.payment.phase.name, "failed", "55.95 would be more than the 45.95 shown")
        XCTAssertNil(state.payment.paidAmount)
    }

    // MARK: Bridge messages and API answers

    func testBridgeMessagesWithExtremeNumbersAreRejectedNamingTheFieldOrReadExactly() {
        var state = WebCheckoutBuilder().makeState()
        _ = reducer.reduce(&state, .common(.started))
        _ = reducer.reduce(&state, .result(.webSessionLoaded(CheckoutActionSamples.session, requestID: 1)))
        for total in ExtremeJSON.decimalNumbers + ExtremeJSON.decimalStrings.map({ "\"\($0)\"" }) {
            let rejections = state.web.rejections.count
            let message = #"{"event":"order","data":{"total":\#(total),"currency":"GBP"}}"#
            _ = reducer.reduce(&state, .bridge(.messageReceived(message)))
            if state.web.rejections.count > rejections {
                guard case .invalidField(_, let field, _) = state.web.rejections.last else {
                    XCTFail("\(total): \(String(describing: state.web.rejections.last))")
                    continue
                }
                XCTAssertEqual(field, "data.total", total)
            } else {
                let text = total.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                XCTAssertEqual(state.web.order?.total, ExtremeJSON.exactDecimal(text), total)
                XCTAssertFalse(state.orderSummary?.total.amount.isNaN ?? false)
            }
        }
        _ = reducer.reduce(
            &state,
            .bridge(
                .messageReceived(
                    #"{"event":"paymentcompleted","data":{"order":{"total":1,"orderId":12345678901234567890}}}"#)))
        XCTAssertEqual(state.completedOrder?.orderID, "12345678901234567890")
        XCTAssertEqual(state.completedOrder?.idSource, .bridge)
    }

    func testCheckoutAPIAnswersWithExtremeNumbersDecodeExactlyOrFailNamingTheField() throws {
        try sweepAPIAnswer(CheckoutActionSamples.details)
        try sweepAPIAnswer(PaymentIntent(reference: "p", cartID: "c", amount: money("45.95")))
    }

    /// Every number and amount of `sample`'s JSON, as the API writes it, set to each extreme and
    /// decoded as `URLSessionCheckoutAPI` decodes: exactly, or an error naming the field.
    private func sweepAPIAnswer<T: Codable & Equatable>(_ sample: T) throws {
        let json = try JSONParser.parse(String(decoding: try JSONEncoder().encode(sample), as: UTF8.self))
        var refused = 0
        for leaf in ExtremeJSON.leaves(of: json) {
            for replacement in ExtremeJSON.replacements(for: leaf) {
                let text = ExtremeJSON.replacing(leaf.path, in: json, with: replacement).jsonText
                do {
                    let decoded = try JSONDecoder().decode(T.self, from: Data(text.utf8))
                    ExtremeValueTests.assertReadExactly(replacement, at: leaf, in: decoded)
                } catch {
                    refused += 1
                    XCTAssertTrue(
                        ExtremeJSON.decodingError(error, names: leaf.nameable),
                        "\(T.self) with \(replacement.jsonText) at \(leaf.path): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(refused, 5, "\(T.self)")
    }

    // MARK: A whole checkout from counters at their limit

    func testACheckoutWhoseCountersStartAtTheirLimitCompletesAndItsLogReplaysTheSame() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("limits.jsonl").path
        var initial = Fixtures.nativeState()
        initial.nextRequestID = .max
        initial.nextErrorID = .max
        initial.payment.attempt = .max
        initial.payment.restarts = .max
        let recorder = try ActionLog.ActionRecorder<CheckoutState>(
            path: path, initialState: initial, mode: .durable,
            configuration: ActionLogConfiguration(
                appVersion: "bounds-tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1))
        let harness = Harness(state: initial, extraMiddleware: [recorder.middleware])
        await harness.start()
        await harness.completeGuestSections()
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        XCTAssertEqual(harness.state.payment.attempt, 1, "wrapped")
        XCTAssertLessThan(harness.state.nextRequestID, 100, "wrapped")
        try recorder.close()

        let replay = try Replayer(path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version)
        XCTAssertEqual(replay.initialState.nextRequestID, .max)
        XCTAssertNil(replay.divergence, "a replay wraps the counters as the recording did")
        XCTAssertEqual(try Fingerprint.of(replay.finalState), try Fingerprint.of(harness.state))
    }

    // MARK: Helpers

    /// A guest checkout with every section complete, loaded without effects.
    private func readyState(attempt: Int = 0) -> CheckoutState {
        var state = Fixtures.nativeState()
        state.payment.attempt = attempt
        _ = reducer.reduce(&state, .common(.started))
        let details = CheckoutDetails(
            cart: Cart(
                id: "cart-1", lines: SandboxCheckoutAPI.demoLines,
                totals: CartTotals(subtotal: 42, shipping: decimal("3.95"), discount: 0, total: decimal("45.95")),
                currencyCode: "GBP"),
            email: "ada@example.com", shippingContact: Fixtures.home, billingContact: Fixtures.home,
            shippingMethods: [ShippingMethod(id: "standard", name: "Standard", price: money("3.95"))],
            selectedShippingMethodID: "standard")
        _ = reducer.reduce(&state, .result(.checkoutLoaded(details, requestID: state.loadInFlight ?? 0)))
        return state
    }
}

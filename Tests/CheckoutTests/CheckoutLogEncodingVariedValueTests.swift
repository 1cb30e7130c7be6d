import ActionLog
import Checkout
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// The fast paths of the bridge, parse and wallet families and of the payment payloads and API
/// errors write exactly what `Encodable` writes over many generated values: hostile strings
/// (escapes, control characters, unicode, the redaction marker, URLs with secrets), optionals
/// present and absent, extreme integers and decimals. Each payload type is encoded alone (so its
/// own conformance is compared, not `Encodable` reached from a parent) and inside its action.
final class CheckoutLogEncodingVariedValueTests: XCTestCase {
    /// Rounds per type: enough that every optional and every case meets every kind of string.
    private let rounds = 300

    func testBridgeActionsEncodeThroughTheFastPathAsEncodableDoesForVariedValues() throws {
        var values = VariedValues(seed: 1)
        for _ in 0..<rounds {
            let rejection = values.formRejection()
            try assertSameBytes(rejection)
            let actions: [BridgeAction] = [
                .messageReceived(values.string()), .messagePosted(values.json(depth: 3)),
                .messageUnreadable(reason: values.string()), .formSubmitted(values.json(depth: 3)),
                .formRejected(rejection),
            ]
            for action in actions {
                try assertSameBytes(action)
                try assertSameBytes(CheckoutAction.bridge(action))
            }
        }
    }

    func testParseActionsEncodeThroughTheFastPathAsEncodableDoesForVariedValues() throws {
        var values = VariedValues(seed: 2)
        for _ in 0..<rounds {
            let page = ParsedPage(
                url: SensitiveURL(values.url()), title: values.optional { $0.string() },
                extractedOrderNumber: values.optional { $0.string() }, extractedOrder: values.optional { $0.webOrder() }
            )
            let result = values.scriptResult()
            try assertSameBytes(page)
            try assertSameBytes(values.webOrder())
            try assertSameBytes(result)
            let actions: [ParseAction] = [.pageLoaded(page), .scriptAnswered(result, requestID: values.integer())]
            for action in actions { try assertSameBytes(CheckoutAction.parse(action)) }
        }
    }

    func testWalletActionsEncodeThroughTheFastPathAsEncodableDoesForVariedValues() throws {
        var values = VariedValues(seed: 3)
        for _ in 0..<rounds {
            let partial = PartialAddress(city: values.string(), postcode: values.string(), countryCode: values.string())
            let method = WalletPaymentMethod(
                displayName: values.optional { $0.string() }, network: values.optional { $0.string() },
                kind: values.pick([.unknown, .debit, .credit, .prepaid, .store, .eMoney]))
            let authorization = WalletAuthorization(
                email: values.string(), shippingAddress: values.address(),
                billingAddress: values.optional { $0.address() }, shippingMethodID: values.optional { $0.string() },
                shownTotal: values.money(),
                payment: PaymentSubmission(
                    methodID: values.string(), payload: Sensitive(values.string()),
                    displayDescription: values.optional { $0.string() }))
            try assertSameBytes(partial)
            try assertSameBytes(method)
            try assertSameBytes(authorization)
            let details = CheckoutDetails(
                cart: Cart(
                    id: values.string(), lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0),
                    currencyCode: values.string()),
                email: values.optional { $0.string() })
            let actions: [WalletSheetAction] = [
                .sheetPresented(providerID: values.string(), merchantName: values.string()),
                .shippingContactSelected(partial, requestID: values.integer()),
                .shippingMethodSelected(id: values.string(), requestID: values.integer()),
                .paymentMethodSelected(method, requestID: values.integer()),
                .paymentAuthorized(authorization, requestID: values.integer()), .sheetDismissed,
                .updateLoaded(details, requestID: values.integer()),
                .updateFailed(values.apiError(), requestID: values.integer()),
                .updateTimedOut(requestID: values.integer()),
            ]
            for action in actions {
                try assertSameBytes(action)
                try assertSameBytes(CheckoutAction.wallet(action))
            }
        }
    }

    func testPaymentPayloadsEncodeThroughTheFastPathAsEncodableDoesForVariedValues() throws {
        var values = VariedValues(seed: 4)
        for _ in 0..<rounds {
            let session = PaymentSession(
                id: values.string(), providerID: values.string(), amount: values.money(),
                methods: values.list { PaymentMethodOption(id: $0.string(), name: $0.string()) },
                token: values.optional { Sensitive($0.string()) },
                paymentMethodsResponse: values.optional {
                    PaymentMethodsResponse(json: $0.json(depth: 2), secretMembers: [$0.string(), "clientKey"])
                })
            let request = PaymentActionRequest(
                kind: values.pick(PaymentActionRequest.Kind.allCases), url: values.optional { SensitiveURL($0.url()) },
                payload: values.optional { Sensitive($0.string()) })
            let details = PaymentActionDetails(
                payload: Sensitive(values.string()), returnURL: values.optional { Sensitive($0.url()) },
                widgetChecksum: values.optional { $0.string() })
            let dropIn = PaymentDropInResult(
                resultCode: values.string(), sessionResult: values.optional { Sensitive($0.string()) },
                methodID: values.optional { $0.string() })
            let failure = PaymentFailure(
                kind: values.pick([
                    .provider, .api, .guardViolation, .timeout, .interrupted, .configuration, .refused, .declined,
                ]), message: values.string())
            let error = values.apiError()
            try assertSameBytes(session)
            try assertSameBytes(request)
            try assertSameBytes(details)
            try assertSameBytes(dropIn)
            try assertSameBytes(failure)
            try assertSameBytes(error)
            let attempt = values.integer()
            let actions: [PaymentAction] = [
                .sessionPrepared(session, attempt: attempt),
                .outcomeReceived(.actionRequired(request), attempt: attempt),
                .actionCompleted(details), .dropInCompleted(dropIn), .providerFailed(failure, attempt: attempt),
                .intentFailed(error, attempt: attempt),
            ]
            for action in actions { try assertSameBytes(CheckoutAction.payment(action)) }
        }
    }

    func testWebSessionsAndAPIErrorsInResultsEncodeThroughTheFastPathAsEncodableDoesForVariedValues() throws {
        var values = VariedValues(seed: 5)
        for _ in 0..<rounds {
            var headers: [String: Sensitive<String>] = [:]
            for name in values.list({ $0.string() }) { headers[name] = Sensitive(values.string()) }
            let session = WebCheckoutSession(
                url: SensitiveURL(values.url()), method: values.pick([.get, .post]),
                cookies: values.list {
                    WebCheckoutCookie(
                        name: $0.string(), value: Sensitive($0.string()), domain: $0.string(), path: $0.string())
                }, headers: headers, body: values.optional { Sensitive($0.string()) }, reference: values.string())
            try assertSameBytes(session)
            let id = values.integer()
            let actions: [CheckoutResultAction] = [
                .webSessionLoaded(session, requestID: id), .webSessionFailed(values.apiError(), requestID: id),
                .checkoutLoadFailed(values.apiError(), requestID: id), .updateFailed(values.apiError(), requestID: id),
                .orderPlacementFailed(values.apiError(), requestID: id),
            ]
            for action in actions { try assertSameBytes(CheckoutAction.result(action)) }
        }
    }

    func testAnAPIErrorWithoutItsOptionalMessageLeavesItOutAsEncodableDoes() throws {
        let errors: [CheckoutAPIError] = [
            .conflict(message: nil), .client(status: 404, message: nil), .server(status: 500, message: nil),
        ]
        for error in errors {
            XCTAssertFalse(try LogEncoding.json(error).contains("message"))
            XCTAssertEqual(try LogEncoding.json(error), try LogEncoding.encodableJSON(error))
        }
    }

    /// `value`'s fast path writes what its `Encodable` writes (and does not throw).
    private func assertSameBytes<T: LogEncodable>(
        _ value: T, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        XCTAssertEqual(try LogEncoding.json(value), try LogEncoding.encodableJSON(value), file: file, line: line)
    }
}

/// Generated values, the same on every run (a fixed seed).
private struct VariedValues {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Strings that test escaping and every width of UTF-8.
    private static let strings = [
        "", "a", "Ada Lovelace", "Zo\u{EB} \u{1F1EC}\u{1F1E7}", "\"quoted\"", "back\\slash", "tab\there",
        "line\nbreak\r\n", "\u{0}\u{1}\u{1F}\u{7F}", "\u{2028}\u{2029}", "caf\u{E9} / \u{65}\u{301}",
        "\u{FEFF}bom", "\u{1F600}\u{1F468}\u{200D}\u{1F469}", "[REDACTED]", "</script>", "null", "12.50",
        String(repeating: "long ", count: 40), "\u{10FFFF}",
    ]
    private static let urls = [
        "https://shop.example/checkout/done?order=W1", "https://user:secret@shop.example/x?token=abc&ok=1",
        "https://shop.example/#/return?token=abc", "https://shop.example/#access_token=abc&token_type=bearer",
        "pix://", "", "not a url \u{E9}", "https://shop.example/p?password=[REDACTED]",
        "https://shop.example/caf\u{E9}?q=\"x\"",
    ]
    private static let decimals = [
        "0", "-7.25", "12.5", "0.000001", "12345678901234567890.123456789", "-0.01", "99999999999999999999",
    ]

    mutating func integer() -> Int {
        pick([0, 1, -1, 42, Int.max, Int.min, Int(truncatingIfNeeded: generator.next())])
    }

    mutating func string() -> String {
        let first = pick(Self.strings)
        return Bool.random(using: &generator) ? first : first + pick(Self.strings)
    }

    mutating func url() -> String { pick(Self.urls) }

    mutating func decimal() -> Decimal {
        Decimal(string: pick(Self.decimals), locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(generator.next() % UInt64(choices.count))]
    }

    mutating func optional<T>(_ make: (inout VariedValues) -> T) -> T? {
        Bool.random(using: &generator) ? make(&self) : nil
    }

    mutating func list<T>(_ make: (inout VariedValues) -> T) -> [T] {
        (0..<Int(generator.next() % 4)).map { _ in make(&self) }
    }

    mutating func money() -> Money { Money(amount: decimal(), currencyCode: string()) }

    mutating func address() -> Address {
        Address(
            firstName: string(), lastName: string(), line1: string(), line2: optional { $0.string() }, city: string(),
            region: optional { $0.string() }, postcode: string(), countryCode: string(),
            phone: optional { $0.string() })
    }

    mutating func webOrder() -> WebOrder {
        WebOrder(
            total: decimal(), orderID: optional { $0.string() }, subTotal: optional { $0.decimal() },
            delivery: optional { $0.decimal() }, discount: optional { $0.decimal() }, tax: optional { $0.decimal() },
            currency: optional { $0.string() })
    }

    mutating func json(depth: Int) -> JSONValue {
        let kinds = depth > 0 ? 6 : 4
        switch generator.next() % UInt64(kinds) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(pick(["0", "-1", "45.95", "1e3", "0.1", "123456789012345678"]))
        case 3: return .string(string())
        case 4: return .array(list { $0.json(depth: depth - 1) })
        default: return .object(list { JSONMember(key: $0.string(), value: $0.json(depth: depth - 1)) })
        }
    }

    mutating func formRejection() -> BridgeFormRejection {
        switch generator.next() % 11 {
        case 0: return .notASubmission(scheme: string())
        case 1: return .malformedURL(reason: string())
        case 2: return .wrongHost(string())
        case 3: return .invalidEvent(reason: string())
        case 4: return .missingParameter(string())
        case 5: return .duplicatedParameter(string())
        case 6: return .unexpectedParameter(string())
        case 7: return .dataInBody(method: string())
        case 8: return .invalidPercentEncoding(part: string(), offset: integer())
        case 9: return .tooLarge(part: string(), bytes: integer(), limit: integer())
        default: return .invalidData(reason: string())
        }
    }

    mutating func scriptResult() -> ParseScriptResult {
        switch generator.next() % 4 {
        case 0: return .orderNumber(string())
        case 1: return .orderSummary(webOrder())
        case 2: return .guestEmail(string())
        default:
            let rejection: ParseScriptRejection = pick([
                .noPage, .timedOut(milliseconds: integer()), .evaluationFailed, .noResult, .invalid(reason: string()),
            ])
            return .rejected(pick(ParseScript.allCases), rejection)
        }
    }

    mutating func apiError() -> CheckoutAPIError {
        switch generator.next() % 8 {
        case 0: return .cartExpired
        case 1: return .conflict(message: optional { $0.string() })
        case 2: return .timeout
        case 3: return .network(string())
        case 4: return .client(status: integer(), message: optional { $0.string() })
        case 5: return .server(status: integer(), message: optional { $0.string() })
        case 6: return .malformedResponse(detail: string())
        default: return .invalidRequest(string())
        }
    }
}

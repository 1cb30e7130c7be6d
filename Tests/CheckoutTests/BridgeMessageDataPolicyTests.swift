import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// Records each leaf of a walk as `path = value : class`, and rewrites personal ones.
private struct LeafRecorder: DataVisitor {
    var registrations: DataRegistrations
    var path: [String] = []
    var lines: [String] = []
    var rewritesPersonal = false

    init(registrations: DataRegistrations = .none, rewritesPersonal: Bool = false) {
        self.registrations = registrations
        self.rewritesPersonal = rewritesPersonal
    }

    mutating func enter(_ field: String) { path.append(field) }
    mutating func leave() { path.removeLast() }

    mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
        lines.append("\((path + [field]).joined(separator: ".")) = \(value) : \(dataClass)")
        if rewritesPersonal, dataClass.isPersonal { value = String(repeating: "x", count: value.count) }
    }

    mutating func visitSecret(field: String) {
        lines.append("\((path + [field]).joined(separator: ".")) : secret")
    }
}

/// What a bridge message's JSON holds is classified by the event it names, and a custom event's
/// data as the host registered it.
final class BridgeMessageDataPolicyTests: XCTestCase {
    private func leaves(_ action: BridgeAction, _ registrations: DataRegistrations = .none) -> [String] {
        var action = action
        var recorder = LeafRecorder(registrations: registrations)
        action.visitData(&recorder)
        return recorder.lines
    }

    private func message(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    func testAnOrderKeepsItsAmountsIdAndCurrencyAndAnythingElseIsPersonal() throws {
        let order = try message(
            #"{"event":"order","data":{"total":"42.50","orderId":"W1","currency":"GBP","email":"ada@example.com"},"note":"hi"}"#
        )
        XCTAssertEqual(
            leaves(.messagePosted(order)),
            [
                "messagePosted.event = order : plain", "messagePosted.data.total = 42.50 : plain",
                "messagePosted.data.orderId = W1 : plain", "messagePosted.data.currency = GBP : plain",
                "messagePosted.data.email = ada@example.com : personal(freeText)",
                "messagePosted.note = hi : personal(freeText)",
            ])
        let completed = try message(
            #"{"name":"paymentcompleted","data":{"order":{"total":1,"orderId":"W2","tax":"0.2"},"customer":"Ada"}}"#)
        XCTAssertEqual(
            leaves(.formSubmitted(completed)),
            [
                "formSubmitted.name = paymentcompleted : plain", "formSubmitted.data.order.total = 1 : plain",
                "formSubmitted.data.order.orderId = W2 : plain", "formSubmitted.data.order.tax = 0.2 : plain",
                "formSubmitted.data.customer = Ada : personal(freeText)",
            ])
    }

    func testAnErrorsMessageIsFreeTextAndAMessageNamingTwoEventsKeepsOnlyTheirNames() throws {
        XCTAssertEqual(
            leaves(.messagePosted(try message(#"{"event":"error","data":{"errorMessage":"Ada, your card failed"}}"#))),
            [
                "messagePosted.event = error : plain",
                "messagePosted.data.errorMessage = Ada, your card failed : personal(freeText)",
            ])
        XCTAssertEqual(
            leaves(.messagePosted(try message(#"{"event":"order","name":"error","data":{"total":"1"}}"#))),
            [
                "messagePosted.event = order : plain", "messagePosted.name = error : plain",
                "messagePosted.data.total = 1 : personal(freeText)",
            ])
    }

    func testACustomEventsDataIsClassifiedAsTheHostRegisteredIt() throws {
        let configuration = WebCheckoutConfiguration(customEvents: [
            "wishlistadded": .record, "loyaltysignin": .personal(plainPaths: ["tier", "items[].sku"]), "chat": .redact,
        ])
        let registrations = WebCheckoutState(configuration: configuration).configuration.dataRegistrations
        XCTAssertEqual(
            CheckoutState(kind: .web, web: WebCheckoutState(configuration: configuration)).dataRegistrations,
            registrations)
        XCTAssertEqual(
            leaves(.messagePosted(try message(#"{"name":"WishlistAdded","data":{"sku":"tee"}}"#)), registrations),
            ["messagePosted.name = WishlistAdded : plain", "messagePosted.data.sku = tee : plain"])
        XCTAssertEqual(
            leaves(
                .messagePosted(
                    try message(
                        #"{"name":"loyaltysignin","data":{"memberID":"ada-1","tier":"gold","items":[{"sku":"tee","n":"2"}]}}"#
                    )),
                registrations),
            [
                "messagePosted.name = loyaltysignin : plain",
                "messagePosted.data.memberID = ada-1 : personal(nameOrAddress)",
                "messagePosted.data.tier = gold : plain",
                "messagePosted.data.items.[].sku = tee : plain",
                "messagePosted.data.items.[].n = 2 : personal(nameOrAddress)",
            ])
        // A redacted event's data is the marker: a secret. An event with no registration (or a
        // visitor not given the registrations) is personal: nothing leaks.
        let redacted = configuration.bridgeAction(body: ["name": "chat", "data": ["text": "hello"]])
        XCTAssertEqual(
            leaves(redacted, registrations), ["messagePosted.data : secret", "messagePosted.name = chat : plain"])
        XCTAssertEqual(
            leaves(.messagePosted(try message(#"{"name":"wishlistadded","data":{"sku":"tee"}}"#))),
            ["messagePosted.name = wishlistadded : plain", "messagePosted.data.sku = tee : personal(nameOrAddress)"])
    }

    func testTheStatesCustomEventsAreClassifiedWithTheRegistrationsToo() {
        var event = BridgeCustomEvent(
            sequence: 1, name: "loyaltysignin",
            data: .object([
                JSONMember(key: "memberID", value: .string("ada-1")), JSONMember(key: "tier", value: .string("gold")),
            ]))
        let registrations = WebCheckoutConfiguration(customEvents: ["loyaltysignin": .personal(plainPaths: ["tier"])])
            .dataRegistrations
        var recorder = LeafRecorder(registrations: registrations)
        event.visitData(&recorder)
        XCTAssertEqual(
            recorder.lines,
            [
                "name = loyaltysignin : plain", "data.memberID = ada-1 : personal(nameOrAddress)",
                "data.tier = gold : plain",
            ])
    }

    func testARawMessageIsEditedAtItsLiteralsAndStillDecidesAsBefore() throws {
        var action = BridgeAction.messageReceived(
            #"{ "event": "order", "data": {"total": 42.5, "currency": "GBP", "orderId": "W1", "name": "Ada Lovelace"} }"#
        )
        var recorder = LeafRecorder(rewritesPersonal: true)
        action.visitData(&recorder)
        XCTAssertEqual(
            action,
            .messageReceived(
                #"{ "event": "order", "data": {"total": 42.5, "currency": "GBP", "orderId": "W1", "name": "xxxxxxxxxxxx"} }"#
            ))
        guard case .messageReceived(let text) = action else { return XCTFail("\(action)") }
        XCTAssertEqual(
            try BridgeEvent.decode(text).get(), .order(WebOrder(total: 42.5, orderID: "W1", currency: "GBP")))
    }

    func testRecordAndRedactEncodeAsTheyAlwaysDidAndPersonalAsAnObject() throws {
        let configuration = WebCheckoutConfiguration(customEvents: [
            "a": .record, "b": .redact, "c": .personal(plainPaths: ["tier"]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(configuration.customEvents), as: UTF8.self)
        XCTAssertEqual(json, #"{"a":"record","b":"redact","c":{"personal":{"plainPaths":["tier"]}}}"#)
        XCTAssertEqual(
            try JSONDecoder().decode([String: BridgeCustomEventRecording].self, from: Data(json.utf8)),
            configuration.customEvents)
        XCTAssertEqual(
            try JSONDecoder().decode(BridgeCustomEventRecording.self, from: Data(#"{"personal":{}}"#.utf8)), .personal()
        )
        XCTAssertThrowsError(try JSONDecoder().decode(BridgeCustomEventRecording.self, from: Data(#""keep""#.utf8))) {
            XCTAssertTrue("\($0)".contains("\"keep\" is not record, redact or personal"), "\($0)")
        }
    }

    func testEveryMessagesPolicyIsTheOneBuiltForItFromTheTable() throws {
        let registrations = WebCheckoutConfiguration(customEvents: [
            "recorded": .record, "redacted": .redact, "tiered": .personal(plainPaths: ["tier", "a.b"]),
        ]).dataRegistrations
        var names = [
            "order", "ORDER", "Order", "paymentcompleted", "PaymentCompleted", "error", "closewebview", "ping",
            "applepay", "applepaypayment", "ApplePayPayment", "applepayupdate", "APPLEPAYUPDATE", "recorded",
            "Redacted", "tiered", "unknown", "", "data", "\u{E9}v\u{E9}nement", "order ", "[REDACTED]",
        ]
        names += names.map { $0 + "x" }
        var messages: [JSONValue] = [
            .null, .string("order"), .array([.string("order")]), .object([]),
            .object([JSONMember(key: "data", value: .string("x"))]),
        ]
        for name in names {
            messages.append(.object([JSONMember(key: "event", value: .string(name))]))
            messages.append(.object([JSONMember(key: "name", value: .string(name))]))
            messages.append(
                .object([JSONMember(key: "event", value: .number("1")), JSONMember(key: "name", value: .string(name))]))
            for other in ["order", "ORDER", "ping", name.uppercased()] {
                messages.append(
                    .object([
                        JSONMember(key: "event", value: .string(name)), JSONMember(key: "name", value: .string(other)),
                    ]))
            }
        }
        for line in try ExampleLogActionLines().lines {
            let json = try JSONParser.parse(line.json)
            for key in ["messagePosted", "formSubmitted"] {
                if case .object(let members)? = json["action"]?["bridge"]?["_0"]?[key], let message = members.first {
                    messages.append(message.value)
                }
            }
        }
        XCTAssertGreaterThan(messages.count, 300)
        for registrations in [registrations, .none] {
            for message in messages {
                XCTAssertEqual(
                    BridgeMessageDataPolicy.policy(for: message, registrations: registrations),
                    Self.policyBuilt(for: message, registrations: registrations), "\(message)")
            }
        }
    }

    /// The policy as it was built for each message before the known events' policies were made
    /// once: the reference the made-once ones must equal.
    private static func policyBuilt(for message: JSONValue, registrations: DataRegistrations) -> JSONDataPolicy {
        let order = ["total", "orderId", "subTotal", "delivery", "discount", "tax", "currency"]
        let applePayRequest = [
            "total", "lineItems", "shippingMethods", "currencyCode", "countryCode", "merchantCapabilities",
            "supportedNetworks", "requiredShippingContactFields", "requiredBillingContactFields",
        ]
        let applePayUpdate = ["requestId", "newTotal", "newLineItems", "newShippingMethods"]
        var paths: [String: DataClass] = ["event": .plain, "name": .plain]
        var event: String?
        var alias: String?
        if case .string(let text)? = message["event"] { event = text }
        if case .string(let text)? = message["name"] { alias = text }
        let name = (event != nil && alias != nil && event?.lowercased() != alias?.lowercased()) ? nil : event ?? alias
        if let name {
            switch name.lowercased() {
            case "order": for member in order { paths["data." + member] = .plain }
            case "paymentcompleted": for member in order { paths["data.order." + member] = .plain }
            case "error", "closewebview", "ping", "applepay": break
            case "applepaypayment": for member in applePayRequest { paths["data." + member] = .plain }
            case "applepayupdate": for member in applePayUpdate { paths["data." + member] = .plain }
            default:
                let data = BridgeMessageDataPolicy.customEventData(named: name, registrations: registrations)
                paths["data"] = data.otherwise
                for (path, dataClass) in data.paths { paths[path.isEmpty ? "data" : "data." + path] = dataClass }
            }
        }
        return JSONDataPolicy(name: BridgeMessageDataPolicy.name, otherwise: .personal(.freeText), paths: paths)
    }
}

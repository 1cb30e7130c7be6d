import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Every recorded example log, replayed through `CheckoutAnalyticsMiddleware`: no event carries
/// a personal value the log holds (emails, names, address lines, cities, postcodes, phones) or a
/// card-like number; the events are the ones `checkout replay` prints; and each checkout's order
/// is reported once, as a `purchase` only when its id is the order's own.
final class ExampleLogAnalyticsTests: XCTestCase {
    private static let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))

    private var logPaths: [String] {
        let directory = repositoryRoot.appendingPathComponent("Examples/Logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    func testNoEventOfAnyExampleLogCarriesPersonalDataOrACardNumber() throws {
        XCTAssertFalse(logPaths.isEmpty, "the example logs were found")
        var everyPersonalValue: Set<String> = []
        for path in logPaths {
            let replay = try Replayer(
                path: path, reducer: Self.reducer, schemaVersion: CheckoutLogSchema.version,
                upgrade: CheckoutLogSchema.upgrade)
            let sink = KeepingSink()
            let store = Store(
                reducer: Self.reducer, state: replay.initialState,
                middleware: [CheckoutAnalyticsMiddleware(sink: sink).middleware], effectsEnabled: false)
            var personal = PersonalValues()
            personal.collect(try CanonicalEncoder.encode(replay.initialState))
            for step in replay.steps {
                personal.collect(try CanonicalEncoder.encode(step.action))
                store.dispatch(step.action)
                personal.collect(try CanonicalEncoder.encode(store.state))
            }
            let name = URL(fileURLWithPath: path).lastPathComponent
            XCTAssertFalse(sink.events.isEmpty, "\(name) has events")
            for event in sink.events {
                for problem in personal.problems(in: event) { XCTFail("\(name): \(problem)") }
            }
            everyPersonalValue.formUnion(personal.values)
        }
        // The collector found the demos' customer, so the checks above compared against something.
        XCTAssertTrue(
            everyPersonalValue.isSuperset(of: ["ada@example.com", "Ada", "Lovelace", "10 Downing Street", "SW1A 2AA"]),
            "\(everyPersonalValue.sorted())")
    }

    func testTheMiddlewareSendsWhatCheckoutReplayPrintsAndEachOrderOnce() throws {
        for path in logPaths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let replay = try Replayer(
                path: path, reducer: Self.reducer, schemaVersion: CheckoutLogSchema.version,
                upgrade: CheckoutLogSchema.upgrade)
            let sink = KeepingSink()
            let store = Store(
                reducer: Self.reducer, state: replay.initialState,
                middleware: [CheckoutAnalyticsMiddleware(sink: sink).middleware], effectsEnabled: false)
            var printed: [CheckoutAnalyticsEvent] = []
            var state = replay.initialState
            for step in replay.steps {
                // As `checkout replay` works them out, step by step.
                let before = state
                _ = Self.reducer.reduce(&state, step.action)
                printed += CheckoutAnalyticsMiddleware.events(for: step.action, before: before, after: state)
                store.dispatch(step.action)
            }
            XCTAssertEqual(sink.events, printed, name)
            let orderEvents = sink.events.filter { $0.name == "purchase" || $0.name == "purchase_unconfirmed" }
            XCTAssertLessThanOrEqual(orderEvents.count, 1, "\(name): at most one order event")
            if let order = state.completedOrder, replay.initialState.completedOrder == nil {
                XCTAssertEqual(orderEvents.count, 1, "\(name): one order event")
                let isOrdersOwnID = Self.isOrdersOwnID(order.idSource)
                XCTAssertEqual(orderEvents.first?.name, isOrdersOwnID ? "purchase" : "purchase_unconfirmed", name)
                if isOrdersOwnID {
                    XCTAssertEqual(orderEvents.first?.parameters["transaction_id"], .string(order.orderID), name)
                } else {
                    XCTAssertFalse(
                        orderEvents.first?.parameters.values.contains(.string(order.orderID)) ?? true,
                        "\(name): a stand-in id is never sent")
                }
            }
            // A log that starts before the checkout loaded (not from a saved state) and loads it
            // begins it once.
            if replay.initialState.cart == nil && replay.initialState.web.session == nil {
                let loaded = state.cart != nil || state.web.session != nil
                XCTAssertEqual(sink.events.filter { $0.name == "begin_checkout" }.count, loaded ? 1 : 0, name)
            }
        }
    }

    /// Whether an id from `source` is the order's own (the backend's or the page's), not a stand-in:
    /// the rule `purchase` follows. No default: a new source must be decided here too.
    private static func isOrdersOwnID(_ source: CompletedOrder.IDSource) -> Bool {
        switch source {
        case .bridge, .urlQuery, .extracted, .script, .backend: return true
        case .internalReference, .payment: return false
        }
    }

    func testThePersonalDataCheckCatchesWhatItLooksFor() throws {
        var personal = PersonalValues()
        personal.collect(
            try CanonicalEncoder.encode(
                CheckoutDetails(
                    cart: Cart(
                        id: "c", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0),
                        currencyCode: "GBP"),
                    email: "ada@example.com",
                    shippingContact: Address(
                        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                        postcode: "SW1A 2AA", countryCode: "GB", phone: "+44 20 7946 0000"))))
        // A bridge message's JSON text is searched too.
        personal.collect(.string(#"{"event":"custom","data":{"customer":{"email":"grace@example.org"}}}"#))
        let leaks: [CheckoutAnalyticsEvent] = [
            .errorShown(code: "invalidInput.ada@example.com"),
            .addShippingInfo(shippingTier: "to Lovelace", cart: nil),
            .dismissed(atStep: "sw1a 2aa"),
            .purchase(transactionID: "+44 20 7946 0000", cart: nil),
            .errorShown(code: "grace@example.org"),
            .purchase(
                transactionID: "W-1",
                cart: CheckoutAnalyticsCart(
                    currency: "GBP", value: 1,
                    items: [CheckoutAnalyticsItem(itemID: "4111 1111 1111 1111", itemName: "x", price: 1, quantity: 1)]
                )),
        ]
        for event in leaks {
            XCTAssertFalse(personal.problems(in: event).isEmpty, "\(event) was caught")
        }
        XCTAssertEqual(personal.problems(in: .sectionCompleted(.shippingContact)), [])
        XCTAssertEqual(personal.problems(in: .purchase(transactionID: "WEB-1001", cart: nil)), [])
    }
}

/// The personal values found in a log's states and actions, and the check of an event against
/// them.
private struct PersonalValues {
    /// The keys under which states and actions hold personal data (an `Address`'s fields, the
    /// email), and the bridge's key for an email.
    static let keys: Set<String> = [
        "email", "firstName", "lastName", "line1", "line2", "city", "region", "postcode", "phone",
    ]

    private(set) var values: Set<String> = []

    mutating func collect(_ value: CanonicalValue, key: String? = nil) {
        switch value {
        case .string(let text): collect(text: text, key: key)
        case .number(let text): if let key, Self.keys.contains(key) { values.insert(text) }
        case .array(let elements): for element in elements { collect(element, key: key) }
        case .object(let members): for member in members { collect(member.value, key: member.key) }
        case .null, .bool: break
        }
    }

    private mutating func collect(text: String, key: String?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let key, Self.keys.contains(key), !trimmed.isEmpty, trimmed != "[REDACTED]" { values.insert(trimmed) }
        for email in Self.emails(in: text) { values.insert(email) }
        // JSON carried as text (a bridge message): its personal fields count too.
        if text.first == "{" || text.first == "[",
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        {
            collect(foundation: object, key: nil)
        }
    }

    private mutating func collect(foundation value: Any, key: String?) {
        if let text = value as? String {
            collect(text: text, key: key)
        } else if let array = value as? [Any] {
            for element in array { collect(foundation: element, key: key) }
        } else if let object = value as? [String: Any] {
            for (key, element) in object { collect(foundation: element, key: key) }
        } else if let number = value as? NSNumber, let key, Self.keys.contains(key) {
            values.insert(number.stringValue)
        }
    }

    /// What is wrong with `event`: each of its values (item fields included) that contains a
    /// personal value (ignoring case; one of one or two characters only when equal), an email
    /// address, or a card-like number.
    func problems(in event: CheckoutAnalyticsEvent) -> [String] {
        var problems: [String] = []
        for (key, text) in Self.leaves(of: event.parameters) {
            let folded = text.lowercased()
            for value in values {
                let personal = value.lowercased()
                if personal.count < 3 ? folded == personal : folded.contains(personal) {
                    problems.append("\(event.name).\(key) = \(text) holds the personal value \(value)")
                }
            }
            if !Self.emails(in: text).isEmpty { problems.append("\(event.name).\(key) = \(text) holds an email") }
            if Self.hasCardLikeNumber(text) { problems.append("\(event.name).\(key) holds a card-like number") }
        }
        return problems
    }

    private static func leaves(of parameters: [String: CheckoutAnalyticsValue]) -> [(String, String)] {
        parameters.flatMap { key, value -> [(String, String)] in
            switch value {
            case .string(let text): return [(key, text)]
            case .integer(let number): return [(key, String(number))]
            case .decimal(let amount): return [(key, amount.description)]
            case .items(let items): return items.flatMap { leaves(of: $0.parameters).map { ("\(key).\($0.0)", $0.1) } }
            }
        }
    }

    static func emails(in text: String) -> [String] {
        guard text.contains("@") else { return [] }
        let pattern = try? NSRegularExpression(pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#)
        let range = NSRange(text.startIndex..., in: text)
        return (pattern?.matches(in: text, range: range) ?? []).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// Whether `text` holds 13 to 19 digits in a row (spaces and dashes between them allowed)
    /// that pass the Luhn check: a card number's shape.
    static func hasCardLikeNumber(_ text: String) -> Bool {
        var runs: [[Int]] = [[]]
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                runs[runs.count - 1].append(digit)
            } else if character != " " && character != "-" {
                runs.append([])
            }
        }
        return runs.contains { digits in
            guard (13...19).contains(digits.count) else { return false }
            let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
                let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
                return sum + (doubled > 9 ? doubled - 9 : doubled)
            }
            return sum % 10 == 0
        }
    }
}

/// A sink that keeps every event.
private struct KeepingSink: CheckoutAnalyticsSink {
    private let recorder = Recorder<CheckoutAnalyticsEvent>()

    func record(_ event: CheckoutAnalyticsEvent) { recorder.append(event) }

    var events: [CheckoutAnalyticsEvent] { recorder.values }
}

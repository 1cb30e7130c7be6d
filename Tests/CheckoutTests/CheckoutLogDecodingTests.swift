import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// The checkout's ``LogDecodable`` fast path keeps its contract: for any JSON that `Decodable`
/// accepts it returns the same action or throws (the reader then falls back to `Decodable`), and
/// on the logs a checkout writes it never throws.
final class CheckoutLogDecodingTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A log line's action, read through the fast path alone or through `Decodable`.
    private struct LoggedAction: LogDecodable {
        var action: CheckoutAction

        init(logValue value: LogValue) throws {
            action = try CheckoutAction(logValue: value.require("action"))
        }
    }

    func testEveryActionInTheExampleLogsDecodesThroughTheFastPathAsDecodableDoes() throws {
        let examples = try ExampleLogActionLines()
        XCTAssertGreaterThanOrEqual(examples.files.count, 11)
        var compared = 0
        for line in examples.lines {
            let decodable = try JSONValueDecoder().decode(LoggedAction.self, from: try JSONParser.parse(line.json))
            XCTAssertEqual(
                try LogDecoding.decode(LoggedAction.self, json: line.json).action, decodable.action, line.location)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 150, "the example logs hold that many actions")
    }

    func testEverySampleActionDecodesThroughTheFastPathAsDecodableDoes() {
        XCTAssertGreaterThan(CheckoutActionSamples.actions.count, 150)
        for action in CheckoutActionSamples.actions {
            if let mismatch = FastDecodingCheck.mismatch(action) { XCTFail(mismatch) }
        }
    }

    func testTheSamplesHoldEveryCaseOfEveryActionEnum() throws {
        // The cases as the source declares them, so a new case without a sample fails here.
        let enums: [(file: String, path: [String])] = [
            ("Actions/CheckoutAction.swift", []),
            ("Actions/CommonAction.swift", ["common"]), ("Actions/BridgeAction.swift", ["bridge"]),
            ("Actions/ParseAction.swift", ["parse"]), ("Actions/NativeAction.swift", ["native"]),
            ("Actions/ParseScriptResult.swift", ["parse", "scriptAnswered"]),
            ("Web/BridgeFormRejection.swift", ["bridge", "formRejected"]),
            ("Actions/PaymentAction.swift", ["payment"]), ("Actions/CheckoutResultAction.swift", ["result"]),
            ("Actions/OrderAction.swift", ["order"]),
            ("Actions/WalletSheetAction.swift", ["wallet"]),
            ("API/CheckoutAPIError.swift", ["result", "updateFailed"]),
            ("Payment/PaymentOutcome.swift", ["payment", "outcomeReceived"]),
            ("Model/CheckoutUser.swift", ["common", "userChanged"]),
        ]
        let samples = try CheckoutActionSamples.actions.map {
            try JSONParser.parse(CanonicalEncoder.encode($0).compactJSON)
        }
        for (file, path) in enums {
            let source = try String(
                contentsOf: Self.root.appendingPathComponent("Sources/Checkout/\(file)"), encoding: .utf8)
            let declared = Set(
                source.split(separator: "\n").compactMap { line -> String? in
                    let words = line.split(separator: " ", omittingEmptySubsequences: false)
                    let code = words.drop { $0.isEmpty }
                    guard words.count - code.count == 4 else { return nil }
                    let afterIndirect = code.first == "indirect" ? code.dropFirst() : code
                    guard afterIndirect.first == "case", let name = afterIndirect.dropFirst().first else { return nil }
                    return String(name.prefix { $0.isLetter || $0.isNumber })
                })
            XCTAssertFalse(declared.isEmpty, file)
            let sampled = Set(samples.compactMap { Self.caseName(in: $0, along: path) })
            XCTAssertEqual(sampled, declared, "\(file): sampled cases differ from the declared ones")
        }
    }

    func testTheSamplesSetEveryPropertyOfEveryPayload() {
        // A property the samples leave at nil, empty, false or zero would go unchecked: a fast path
        // that forgot to read it would still agree with `Decodable` on every sample. So a new
        // property fails here until a sample sets it, and then the comparison above checks it.
        var exercised: [String: [String: Bool]] = [:]
        for action in CheckoutActionSamples.actions { Self.exercise(action, into: &exercised) }
        XCTAssertGreaterThan(exercised.count, 30, "payload types reached")
        for (type, properties) in exercised {
            for (property, isSet) in properties where !isSet {
                XCTFail("no sample sets \(type).\(property) to a value other than nil, empty, false or zero")
            }
        }
    }

    func testFormsDecodableAcceptsBeyondTheCanonicalOneDecodeTheSameThroughTheFastPath() throws {
        let lenient = [
            // Decimals as JSON numbers, padded strings, and long or signed forms.
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":12.5,"currencyCode":"eur"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":" 12.50 ","currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":-0,"currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":1.5e2,"currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":"-123456789012345678901234.5","currencyCode":"EUR"}},"attempt":1}}}}"#,
            // Optionals written as null, members in another order, unknown members, escaped names.
            #"{"native":{"_0":{"addressFormSubmitted":{"_0":{"phone":null,"line2":null,"region":"CA","firstName":"A","lastName":"B","line1":"1","city":"C","postcode":"P","countryCode":"US","extra":[1,{"x":2}]}}}}}"#,
            #"{"native":{"_0":{"addressFormSubmitted":{"_0":{"\u0066irstName":"A","lastName":"B","line1":"1","city":"C","postcode":"P","countryCode":"US"}}}}}"#,
            #"{"common":{"_0":{"dynamicContentLoaded":{"slotID":"s","content":null}}}}"#,
            #"{"common":{"_0":{"started":{"unexpected":true}}}}"#,
            #"{"result":{"_0":{"updateFailed":{"_0":{"conflict":{"message":null}},"requestID":1,"other":2}}}}"#,
            // Secrets that are not the redaction marker (a provider's data in memory).
            #"{"payment":{"_0":{"submitted":{"_0":{"methodID":"scheme","payload":"nonce-1"}}}}}"#,
            // A parsed order's id as an integer, as a page may send it; amounts as numbers.
            #"{"parse":{"_0":{"pageLoaded":{"_0":{"url":"u","extractedOrder":{"total":42.5,"orderId":1001,"tax":"0.5","currency":null}}}}}}"#,
            #"{"parse":{"_0":{"pageLoaded":{"_0":{"url":"u","extractedOrder":{"total":"1","orderId":null}}}}}}"#,
            #"{"parse":{"_0":{"pageLoaded":{"_0":{"url":"u","extractedOrder":{"total":"1","orderId":1.5}}}}}}"#,
            #"{"parse":{"_0":{"pageLoaded":{"_0":{"url":"u","extractedOrder":{"total":"1","orderId":true}}}}}}"#,
            // White space between tokens.
            "{ \"bridge\" : { \"_0\" : { \"messageReceived\" : { \"_0\" : \"{}\" } } } }",
        ]
        for json in lenient {
            let decodable = try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(json))
            XCTAssertEqual(try LogDecoding.decode(CheckoutAction.self, json: json), decodable, json)
        }
    }

    func testWrongShapesAreRefusedByTheFastPathAsByDecodable() throws {
        let wrong = [
            #"{"teleported":{"_0":{}}}"#, #"{"common":{"_0":{"teleported":{}}}}"#, #"{"common":{}}"#,
            #"{"common":{"_0":{"started":{}}},"native":{"_0":{"addNewAddressTapped":{}}}}"#, "{}", "[]", "null",
            #""started""#,
            // A case without a payload still needs an object; so does one whose payload is all optional.
            #"{"payment":{"_0":{"cancelTapped":null}}}"#, #"{"payment":{"_0":{"cancelTapped":[]}}}"#,
            #"{"payment":{"_0":{"cancelTapped":"x"}}}"#,
            #"{"result":{"_0":{"updateFailed":{"_0":{"conflict":5},"requestID":1}}}}"#,
            #"{"result":{"_0":{"updateFailed":{"_0":{"cartExpired":[]},"requestID":1}}}}"#,
            // Missing or mistyped members.
            #"{"common":{"_0":{"errorDismissed":{}}}}"#, #"{"common":{"_0":{"errorDismissed":{"id":"1"}}}}"#,
            #"{"common":{"_0":{"errorDismissed":{"id":1.5}}}}"#,
            #"{"common":{"_0":{"errorDismissed":{"id":99999999999999999999}}}}"#,
            #"{"common":{"_0":{"dynamicContentLoaded":{"content":"c"}}}}"#,
            #"{"common":{"_0":{"dynamicContentLoaded":{"slotID":"s","content":7}}}}"#,
            #"{"common":{"_0":{"loadProgressChanged":{"_0":"0.5"}}}}"#,
            #"{"native":{"_0":{"emailSubmitted":{"_0":null}}}}"#,
            #"{"native":{"_0":{"addressFormSubmitted":{"_0":{"firstName":"A","lastName":"B","line1":"1","city":"C","postcode":"P"}}}}}"#,
            #"{"payment":{"_0":{"widgetStatusChanged":{"_0":{"isValid":"true"}}}}}"#,
            #"{"payment":{"_0":{"providerFailed":{"_0":{"kind":"meteor","message":"m"},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"outcomeReceived":{"_0":{"actionRequired":{"_0":{"kind":"Redirect"}}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"submitted":{"_0":{"methodID":"scheme","payload":null}}}}}"#,
            #"{"payment":{"_0":{"submitted":{"_0":{"methodID":"scheme","payload":1}}}}}"#,
            #"{"common":{"_0":{"userChanged":{"_0":{"loggedIn":{"addressBook":{}}}}}}}"#,
            // Decimals that are not plain decimal numbers.
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":"12abc","currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":".5","currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"payment":{"_0":{"intentCreated":{"_0":{"reference":"r","cartID":"c","amount":{"amount":true,"currencyCode":"EUR"}},"attempt":1}}}}"#,
            #"{"parse":{"_0":{"pageLoaded":{"_0":{"url":"u","extractedOrder":{"orderId":"W1"}}}}}}"#,
        ]
        for json in wrong {
            XCTAssertThrowsError(try LogDecoding.decode(CheckoutAction.self, json: json), json)
            XCTAssertThrowsError(
                try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(json)), json)
        }
    }

    func testFormsOnlyDecodableForgivesAreLeftToIt() throws {
        // Synthesised enum decoding ignores members that name no case; the fast path insists on
        // exactly one, so the reader decodes these lines through `Decodable`.
        let forgiven = [
            #"{"common":{"_0":{"started":{}}},"futureFamily":1}"#,
            #"{"payment":{"_0":{"cancelTapped":{},"hint":"x"}}}"#,
        ]
        for json in forgiven {
            XCTAssertThrowsError(try LogDecoding.decode(CheckoutAction.self, json: json), json)
            XCTAssertNoThrow(try JSONValueDecoder().decode(CheckoutAction.self, from: try JSONParser.parse(json)), json)
        }
    }

    func testMutatedSamplesNeverDecodeThroughTheFastPathToAnythingButDecodablesValue() throws {
        // Every sample's JSON with one value removed, replaced by another kind, or joined by an
        // unknown member: whatever `Decodable` makes of it, the fast path agrees or refuses.
        var seen = Set<String>()
        var accepted = 0
        var refused = 0
        for action in CheckoutActionSamples.actions {
            let json = try JSONParser.parse(try CanonicalEncoder.encode(action).compactJSON)
            for mutant in Self.mutations(of: json) {
                let text = mutant.jsonText
                guard seen.insert(text).inserted else { continue }
                let decodable = try? JSONValueDecoder().decode(CheckoutAction.self, from: mutant)
                guard let fast = try? LogDecoding.decode(CheckoutAction.self, json: text) else {
                    refused += 1
                    continue
                }
                accepted += 1
                XCTAssertEqual(fast, decodable, "the fast path accepted \(text)")
            }
        }
        XCTAssertGreaterThan(accepted, 1000, "mutants the fast path decoded")
        XCTAssertGreaterThan(refused, 1000, "mutants the fast path refused")
    }

    // MARK: Helpers

    /// The case name at `path` (family, then payload enum) in an action's JSON.
    private static func caseName(in json: JSONValue, along path: [String]) -> String? {
        var value = json
        for step in path {
            guard case .object(let members) = value, let first = members.first, first.key == step,
                case .object(let payload) = first.value
            else { return nil }
            guard let next = payload.first(where: { $0.key == "_0" }) else { return nil }
            value = next.value
        }
        guard case .object(let members) = value, members.count == 1 else { return nil }
        return members[0].key
    }

    /// Records, for every struct property and enum case payload in `value`, whether it holds
    /// something other than nil, empty, false or zero.
    private static func exercise(_ value: Any, into exercised: inout [String: [String: Bool]]) {
        func record(_ type: String, _ property: String, _ child: Any) {
            exercised[type, default: [:]][property, default: false] =
                exercised[type]?[property] == true || isSet(child)
            exercise(child, into: &exercised)
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?:
            for (index, child) in mirror.children.enumerated() {
                record("\(mirror.subjectType)", child.label ?? "_\(index)", child.value)
            }
        case .enum?:
            for child in mirror.children {
                let type = "\(mirror.subjectType).\(child.label ?? "?")"
                let payload = Mirror(reflecting: child.value)
                if payload.displayStyle == .tuple {
                    for (index, element) in payload.children.enumerated() {
                        record(type, element.label ?? "_\(index)", element.value)
                    }
                } else {
                    record(type, "_0", child.value)
                }
            }
        default:
            for child in mirror.children { exercise(child.value, into: &exercised) }
        }
    }

    private static func isSet(_ value: Any) -> Bool {
        switch value {
        case let flag as Bool: return flag
        case let number as Int: return number != 0
        case let number as Double: return number != 0
        case let number as Decimal: return number != 0
        case let text as String: return !text.isEmpty
        default:
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional?, .collection?, .set?, .dictionary?: return !mirror.children.isEmpty
            default: return true
            }
        }
    }

    private static let replacements: [JSONValue] = [
        .null, .bool(true), .number("0"), .number("-1.5"), .number("1e2"), .string(""), .string("12.50"),
        .string(Sensitive<String>.redactionMarker), .object([]), .array([]),
    ]

    /// `value` with one change anywhere in it, once per change.
    private static func mutations(of value: JSONValue) -> [JSONValue] {
        var result = replacements.filter { $0 != value }
        switch value {
        case .object(let members):
            result.append(.object(members + [JSONMember(key: "unexpected", value: .null)]))
            for index in members.indices {
                var removed = members
                removed.remove(at: index)
                result.append(.object(removed))
                for child in mutations(of: members[index].value) {
                    var changed = members
                    changed[index].value = child
                    result.append(.object(changed))
                }
            }
        case .array(let elements):
            for index in elements.indices {
                var removed = elements
                removed.remove(at: index)
                result.append(.array(removed))
                for child in mutations(of: elements[index]) {
                    var changed = elements
                    changed[index] = child
                    result.append(.array(changed))
                }
            }
        default:
            break
        }
        return result
    }
}

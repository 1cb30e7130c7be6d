import ActionLog
import Afterpay
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import StoreTestSupport
import Worldline
import XCTest

/// Every numeric field of every provider answer (Adyen, Braintree, Afterpay, Worldline) set to
/// each extreme value (issue #13, item 1): it decodes to exactly the value written, or is refused
/// with a typed error naming the field, and what decodes maps to a guarded outcome. A trap ends the
/// test process: that it finishes is the proof.
final class ProviderExtremeValueTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let integers = [
        "9223372036854775807", "-9223372036854775808", "0", "-1", "9007199254740991", "9007199254740993",
    ]
    static let beyondRange = ["9223372036854775808", "-9223372036854775809", "1e400", "1.5"]
    static let amountStrings = [
        "NaN", "-1", "0", "1e400", "123456789012345678901234567890123456789012",
        "0." + String(repeating: "0", count: 130) + "1", "9223372036854775807",
    ]
    static let amountKeys: Set<String> = ["amount", "amountDueToday", "minimumAmount", "maximumAmount"]

    // MARK: Adyen

    func testAdyenAnswersWithExtremeNumbersDecodeExactlyOrFailNamingTheFieldAndMapToGuardedOutcomes() throws {
        let asked = AdyenAmount(value: 4595, currency: "GBP")
        let due = Checkout.Money(amount: Decimal(string: "45.95") ?? 0, currencyCode: "GBP")
        let response = AdyenPaymentResponse(
            resultCode: "Authorised", pspReference: "psp",
            action: AdyenAction(type: "voucher", totalAmount: asked),
            order: AdyenOrder(
                pspReference: "o", orderData: "d", remainingAmount: AdyenAmount(value: 2595, currency: "GBP"),
                amount: asked),
            amount: asked)
        try sweep(response) { (decoded: AdyenPaymentResponse) in
            var withoutAction = decoded
            withoutAction.action = nil
            Self.assertGuarded(AdyenResultMapping.outcome(of: withoutAction, amount: asked, due: due), due: due)
            Self.assertGuarded(AdyenResultMapping.outcome(of: decoded, amount: asked, due: due), due: due)
            _ = try? decoded.amount?.money()
            _ = try? decoded.order?.remainingAmount.money()
        }
        try sweep(
            AdyenSessionResponse(
                id: "CS1", sessionData: "data", amount: asked,
                paymentMethods: [AdyenPaymentMethod(type: "scheme", name: "Card", brands: ["visa"])])
        ) { (decoded: AdyenSessionResponse) in _ = try? decoded.amount.money() }
        try sweep(
            AdyenNotification(success: true, pspReference: "p", merchantReference: "m", amount: asked)
        ) { (decoded: AdyenNotification) in
            let receipt = PaymentReceipt(providerReference: "p", amount: due, resultCode: "Received")
            Self.assertGuarded(AdyenResultMapping.outcome(of: decoded, receipt: receipt), due: due)
        }
        try sweep(AdyenAPIError(status: 422, errorCode: "137", message: "m", errorType: "validation")) {
            (decoded: AdyenAPIError) in _ = decoded.description
        }
        for value in [Int64.max, .min, 0, -1] {
            _ = try? AdyenAmount(value: value, currency: "GBP").money()
            let order = AdyenOrder(
                pspReference: "o", orderData: "d", remainingAmount: AdyenAmount(value: value, currency: "GBP"))
            let partial = AdyenPaymentResponse(resultCode: "Authorised", order: order)
            Self.assertGuarded(AdyenResultMapping.outcome(of: partial, amount: asked, due: due), due: due)
        }
    }

    // MARK: Braintree

    func testBraintreeAnswersWithExtremeAmountsDecodeExactlyOrFailNamingTheFieldAndMapToGuardedOutcomes() throws {
        let due = Checkout.Money(amount: Decimal(string: "45.95") ?? 0, currencyCode: "GBP")
        let transaction = BraintreeTransaction(
            id: "t", status: "submitted_for_settlement", amount: "45.95", currencyIsoCode: "GBP",
            merchantAccountId: "m")
        try sweep(BraintreeSaleResult(success: true, transaction: transaction)) { (decoded: BraintreeSaleResult) in
            let outcome = BraintreeResultMapping.outcome(of: decoded, amount: "45.95", due: due)
            Self.assertGuarded(outcome, due: due)
            if case .authorised = outcome { XCTAssertEqual(decoded.transaction?.amount, "45.95") }
        }
        try sweep(BraintreeThreeDSecureInfo(liabilityShifted: true, liabilityShiftPossible: true, amount: "45.95")) {
            (decoded: BraintreeThreeDSecureInfo) in _ = decoded.authenticationFailed
        }
        for units in [Int64.max, .min, 0, -1, 9_007_199_254_740_993] {
            for digits in [-1, 0, 2, 4, Int.max] {
                _ = BraintreeAmount.string(minorUnits: units, digits: min(digits, 4))
            }
        }
        XCTAssertEqual(BraintreeAmount.string(minorUnits: .min, digits: 2), "-92233720368547758.08")
    }

    // MARK: Afterpay

    func testAfterpayAnswersAndWidgetMessagesWithExtremeNumbersNeverTrapOrMisread() throws {
        for amount in Self.amountStrings {
            let json =
                #"{"minimumAmount":{"amount":"1.00","currency":"GBP"},"maximumAmount":{"amount":"\#(amount)","currency":"GBP"}}"#
            do {
                let response = try ConfigurationResponse(jsonData: Data(json.utf8))
                XCTAssertEqual(response.maximumAmount.amount, amount, "kept as written")
                XCTAssertEqual(
                    response.maximumAmount.decimalAmount, Self.exactDecimal(amount),
                    "\(amount) read exactly or not at all")
            } catch {
                XCTAssertNotNil(error as ConfigurationResponseError?)
            }
            XCTAssertEqual(Afterpay.Money(amount: amount, currency: "GBP").decimalAmount, Self.exactDecimal(amount))
        }
        for size in Self.integers + Self.beyondRange {
            switch WidgetEvent(message: #"{"type":"resize","size":\#(size)}"#) {
            case .resized(let read?):
                XCTAssertEqual(String(read), size, "a size reads as written or not at all")
                XCTAssertGreaterThanOrEqual(read, 0, "a height is never negative")
            case .resized(nil), .failure:
                break  // None, or a message refused as unreadable (1e400 is beyond every number type).
            case let event:
                XCTFail("\(size): \(event)")
            }
        }
        for amount in Self.amountStrings {
            let event = WidgetEvent(
                message: #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"\#(amount)","currency":"GBP"}}"#)
            guard case .ready(_, let due, _) = event else { return XCTFail("\(amount): \(event)") }
            XCTAssertEqual(due.amount, amount)
            XCTAssertEqual(due.decimalAmount, Self.exactDecimal(amount))
        }
        let configuration = try Afterpay.Configuration(
            minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "GBP", locale: Locale(identifier: "en_GB"),
            environment: .sandbox)
        XCTAssertEqual(configuration.availability(for: .nan, currencyCode: "GBP"), .unavailable(.notPositive))
        XCTAssertFalse(configuration.isInRange(.nan))
        for huge in [Decimal.greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude, .nan] {
            XCTAssertEqual(
                Afterpay.Money(amount: huge, currency: "GBP").amount, "NaN", "\(huge) cannot be written in cents")
            let formatter = CurrencyFormatter(
                currencyCode: "GBP", merchantLocale: Locale(identifier: "en_GB"),
                deviceLocale: Locale(identifier: "en_GB"))
            XCTAssertEqual(formatter.string(from: huge), "NaN")
        }
    }

    // MARK: Worldline

    func testWorldlineAnswersWithExtremeNumbersDecodeExactlyOrFailNamingTheField() throws {
        let fixtures: [(String, (Data) throws -> any Encodable)] = [
            ("products", { try WorldlineJSON.decode(BasicPaymentProducts.self, from: $0) }),
            ("productgroups", { try WorldlineJSON.decode(BasicPaymentProductGroups.self, from: $0) }),
            ("product_1", { try WorldlineJSON.decode(PaymentProduct.self, from: $0) }),
            ("product_809", { try WorldlineJSON.decode(PaymentProduct.self, from: $0) }),
            ("productgroup_cards", { try WorldlineJSON.decode(PaymentProductGroup.self, from: $0) }),
            ("iin_supported", { try WorldlineJSON.decode(IINDetailsResponse.self, from: $0) }),
            ("error_403", { try WorldlineJSON.decode(ApiErrorResponse.self, from: $0) }),
            ("convert_amount", { try WorldlineJSON.decode(ConvertedAmountResponse.self, from: $0) }),
            ("networks_302", { try WorldlineJSON.decode(PaymentProductNetworks.self, from: $0) }),
            ("directory_809", { try WorldlineJSON.decode(DirectoryEntries.self, from: $0) }),
        ]
        var refused = 0
        for (name, decode) in fixtures {
            let url = Self.root.appendingPathComponent(
                "Sources/CheckoutSandbox/Resources/WorldlineSandbox/\(name).json")
            let json = try JSONParser.parse(try String(contentsOf: url, encoding: .utf8))
            var shapes = Set<[Step]>()
            for leaf in Self.leaves(of: json) where leaf.isNumber {
                guard shapes.insert(Self.shape(of: leaf.path)).inserted else { continue }
                for replacement in Self.integers + Self.beyondRange {
                    let text = Self.replacing(leaf.path, in: json, with: .number(replacement)).jsonText
                    let decoded: any Encodable
                    do {
                        decoded = try decode(Data(text.utf8))
                    } catch let error as WorldlineDecodingError {
                        refused += 1
                        XCTAssertTrue(
                            leaf.keys.suffix(2).contains { error.path.contains($0) },
                            "\(name) \(leaf.path) = \(replacement): \(error)")
                        continue
                    }
                    // Read exactly (somewhere in its list: fields are sorted by their display
                    // order), or left out of the list it was in with the reason recorded.
                    let back = try JSONParser.parse(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self))
                    let shape = Self.shape(of: leaf.path)
                    let read = Self.allLeaves(of: back).filter { Self.shape(of: $0.path) == shape }.map(\.text)
                    if !read.contains(replacement) {
                        XCTAssertTrue(
                            back.jsonText.contains("skipped") || back.jsonText.contains("ignoredValidators"),
                            "\(name) \(leaf.path) = \(replacement) read as one of \(read), with no reason recorded")
                    }
                }
            }
        }
        XCTAssertGreaterThan(refused, 10)
    }

    func testWorldlineAmountsAndCursorsAtTheirLimitsNeverTrap() async throws {
        let session = try WorldlineSandbox.session()
        for amount in [Int64.max, .min, 0, -1, 9_007_199_254_740_993] {
            for (source, target) in [("EUR", "USD"), ("USD", "EUR"), ("EUR", "EUR")] {
                do {
                    _ = try await session.convert(amountInCents: amount, source: source, target: target)
                } catch {
                    guard case .api = error else { return XCTFail("\(amount) \(source)→\(target): \(error)") }
                }
            }
        }
        for amount in [Decimal.nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude] {
            XCTAssertThrowsError(try PaymentAmountOfMoney(amount: amount, currencyCode: "EUR"), "\(amount)")
        }
        let formatter = StringFormatter()
        for cursor in [Int.max, .min, -1, 0, 100] {
            let result = formatter.formatString(
                "4111111111111111", mask: "{{9999}} {{9999}} {{9999}} {{9999}}", cursorPosition: cursor)
            XCTAssertTrue(
                (0...result.formatted.count).contains(result.cursorPosition), "\(cursor) → \(result.cursorPosition)")
        }
        XCTAssertEqual(
            formatter.formatString("41111", mask: "{{9999}} {{9999}}", cursorPosition: .max).cursorPosition,
            formatter.formatString("41111", mask: "{{9999}} {{9999}}", cursorPosition: 5).cursorPosition,
            "past the end formats as at the end")
    }

    // MARK: Sweeping a type's JSON

    /// Every number and amount of `sample`'s JSON set to each extreme value and decoded with
    /// Foundation's `JSONDecoder` (as a host decodes its server's answers): exactly the value
    /// written, or a `DecodingError` naming the field. `check` then maps what decoded.
    private func sweep<T: Codable>(
        _ sample: T, file: StaticString = #filePath, line: UInt = #line, check: (T) throws -> Void
    ) throws {
        let json = try JSONParser.parse(String(decoding: try JSONEncoder().encode(sample), as: UTF8.self))
        for leaf in Self.leaves(of: json) {
            let isAmount = leaf.keys.last.map(Self.amountKeys.contains) == true && !leaf.isNumber
            let replacements: [JSONValue] =
                isAmount
                ? Self.amountStrings.map(JSONValue.string) + (Self.integers + Self.beyondRange).map(JSONValue.number)
                : (Self.integers + Self.beyondRange).map(JSONValue.number)
            for replacement in replacements {
                let text = Self.replacing(leaf.path, in: json, with: replacement).jsonText
                do {
                    let decoded = try JSONDecoder().decode(T.self, from: Data(text.utf8))
                    let back = try JSONParser.parse(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self))
                    XCTAssertEqual(
                        Self.value(at: leaf.path, in: back), replacement,
                        "\(T.self) \(leaf.path) read as another value",
                        file: file, line: line)
                    try check(decoded)
                } catch let error as DecodingError {
                    XCTAssertTrue(
                        Self.names(error, leaf.keys.suffix(2)),
                        "\(T.self) \(leaf.path) = \(replacement.jsonText): \(error)",
                        file: file, line: line)
                }
            }
        }
    }

    /// A guarded outcome: what it says was paid is exactly what is due; a part paid and the rest
    /// are positive and add up to it.
    static func assertGuarded(
        _ outcome: PaymentOutcome, due: Checkout.Money, file: StaticString = #filePath, line: UInt = #line
    ) {
        switch outcome {
        case .authorised(let receipt), .awaitingConfirmation(let receipt):
            XCTAssertEqual(receipt.amount, due, "\(outcome)", file: file, line: line)
        case .partiallyAuthorised(let paid, let remaining):
            XCTAssertTrue(paid.amount.isPositive && remaining.isPositive, "\(outcome)", file: file, line: line)
            XCTAssertEqual(paid.amount.amount + remaining.amount, due.amount, "\(outcome)", file: file, line: line)
        case .actionRequired, .refused, .cancelled, .error:
            break
        }
    }

    // MARK: JSON helpers

    /// One step of a path into a JSON value.
    typealias Step = JSONPathStep

    struct Leaf {
        var path: [Step]
        var isNumber: Bool
        var keys: [String] { path.compactMap { if case .key(let key) = $0 { return key } else { return nil } } }
    }

    /// Every number, and every string under an amount key, in `value`.
    static func leaves(of value: JSONValue, at path: [Step] = [], key: String? = nil) -> [Leaf] {
        switch value {
        case .object(let members):
            return members.flatMap { leaves(of: $0.value, at: path + [.key($0.key)], key: $0.key) }
        case .array(let items):
            return items.enumerated().flatMap { leaves(of: $1, at: path + [.index($0)], key: key) }
        case .number:
            return [Leaf(path: path, isNumber: true)]
        case .string(let text) where key.map(amountKeys.contains) == true && Decimal(string: text) != nil:
            return [Leaf(path: path, isNumber: false)]
        default:
            return []
        }
    }

    /// `path` with every array index 0: the place of a value whatever its list's order.
    static func shape(of path: [Step]) -> [Step] {
        path.map { step in if case .index = step { return .index(0) } else { return step } }
    }

    /// Every number and string in `value`, with its path and its text.
    static func allLeaves(of value: JSONValue, at path: [Step] = []) -> [(path: [Step], text: String)] {
        switch value {
        case .object(let members): return members.flatMap { allLeaves(of: $0.value, at: path + [.key($0.key)]) }
        case .array(let items): return items.enumerated().flatMap { allLeaves(of: $1, at: path + [.index($0)]) }
        case .number(let text), .string(let text): return [(path, text)]
        case .null, .bool: return []
        }
    }

    /// `value` with what is at `path` replaced by `replacement`.
    static func replacing(_ path: [Step], in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        value.replacing(path, with: replacement)
    }

    /// What is at `path` in `value`, if anything.
    static func value(at path: [Step], in value: JSONValue) -> JSONValue? {
        value.value(at: path)
    }

    /// Whether a `DecodingError` names one of `keys` (its coding path's last key, or its text).
    static func names(_ error: DecodingError, _ keys: some Sequence<String>) -> Bool {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found): context = found
        case .keyNotFound(let key, _): return keys.contains(key.stringValue)
        @unknown default: return false
        }
        if let last = context.codingPath.last(where: { $0.intValue == nil }), keys.contains(last.stringValue) {
            return true
        }
        return keys.contains { context.debugDescription.contains($0) }
    }

    /// `text` read exactly, or `nil` when `Decimal` cannot hold it exactly.
    static func exactDecimal(_ text: String) -> Decimal? {
        var significant = 0
        for scalar in text.unicodeScalars where ("0"..."9").contains(scalar) {
            if significant > 0 || scalar != "0" { significant += 1 }
        }
        guard text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }), significant <= 38,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }
}

import Foundation
import StateStore

/// Reads the data of a page's message (untrusted JSON) into typed values, member by member: each
/// problem is a ``BridgeRejection`` naming the event, the field's place (`data.lineItems[2].amount`)
/// and what is wrong with it. A reason quotes the page's text only when it is a short identifier;
/// anything else shows as its length, so no card number or address reaches a log through it.
struct PagePayloadReader {
    /// The event whose data is read (`applepaypayment`).
    let event: String

    /// The most characters a label, identifier or network name may have.
    static let maximumLabelLength = 128
    /// The most characters a message for the sheet may have.
    static let maximumMessageLength = 256
    /// The most lines, methods or errors a list may hold.
    static let maximumListCount = 50

    /// A missing field.
    func missing(_ path: String) -> BridgeRejection {
        .missingField(event: event, field: path)
    }

    /// A field with a wrong value.
    func invalid(_ path: String, _ reason: String) -> BridgeRejection {
        .invalidField(event: event, field: path, reason: reason)
    }

    /// `value` when it is present and not null, else `nil`.
    func present(_ value: JSONValue?) -> JSONValue? {
        if case .null? = value { return nil }
        return value
    }

    /// The object at `path`.
    func object(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> JSONValue {
        guard let value = present(value) else { throw missing(path) }
        guard case .object = value else { throw invalid(path, "\(value.kindName), not an object") }
        return value
    }

    /// The items of the array at `path` (empty when absent or null), at most `limit` of them.
    func array(
        _ value: JSONValue?, at path: String, limit: Int = PagePayloadReader.maximumListCount
    ) throws(BridgeRejection) -> [JSONValue] {
        guard let value = present(value) else { return [] }
        guard case .array(let items) = value else { throw invalid(path, "\(value.kindName), not an array") }
        guard items.count <= limit else { throw invalid(path, "\(items.count) items; at most \(limit)") }
        return items
    }

    /// The text at `path`: a string of 1 to `limit` characters, not blank, without control
    /// characters or line and paragraph separators (what a sheet shows on one line).
    func text(
        _ value: JSONValue?, at path: String, limit: Int = PagePayloadReader.maximumLabelLength
    ) throws(BridgeRejection) -> String {
        guard let value = present(value) else { throw missing(path) }
        guard case .string(let text) = value else { throw invalid(path, "\(value.kindName), not a string") }
        guard text.count <= limit else { throw invalid(path, "\(text.count) characters; at most \(limit)") }
        guard !text.isBlank else { throw invalid(path, "empty") }
        if let scalar = text.unicodeScalars.first(where: Self.isForbidden) {
            throw invalid(path, "holds the control character U+\(Self.hex(scalar))")
        }
        return text
    }

    /// Like ``text(_:at:limit:)``, `nil` when absent or null.
    func optionalText(
        _ value: JSONValue?, at path: String, limit: Int = PagePayloadReader.maximumLabelLength
    ) throws(BridgeRejection) -> String? {
        guard present(value) != nil else { return nil }
        return try text(value, at: path, limit: limit)
    }

    /// The amount at `path`: a plain decimal written as a string (`"7.95"`, as Apple Pay JS
    /// writes amounts) or a JSON number, read from its text (never through `Double`).
    func amount(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> Decimal {
        guard let value = present(value) else { throw missing(path) }
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: throw invalid(path, "\(value.kindName), not a decimal amount")
        }
        guard text.utf8.count <= 64, let amount = DecimalParsing.parse(text) else {
            throw invalid(path, "\(Self.quoted(text)) is not a plain decimal amount")
        }
        return amount
    }

    /// The amount at `path`, 0 or more.
    func nonNegativeAmount(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> Decimal {
        let amount = try amount(value, at: path)
        if let problem = DecimalParsing.negativeProblem(amount) { throw invalid(path, problem) }
        return amount
    }

    /// Checks that `amount` is one `currencyCode` can be paid in: no more decimal places than the
    /// currency has, and its minor units fit 64 bits.
    func check(_ amount: Decimal, currencyCode: String, at path: String) throws(BridgeRejection) {
        guard let digits = CurrencyDigits.digits(for: currencyCode) else {
            throw invalid(path, "the currency \(Self.quoted(currencyCode)) is not an ISO 4217 currency")
        }
        var scaled = amount
        for _ in 0..<digits { scaled *= 10 }
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        if whole != scaled {
            throw invalid(path, "\(amount) has more decimal places than \(currencyCode)'s \(digits)")
        }
        do {
            _ = try Money(amount: amount, currencyCode: currencyCode).minorUnits()
        } catch {
            throw invalid(path, "\(amount) is too large an amount of \(currencyCode)")
        }
    }

    /// The id at `path`: a whole number from 1 to `Int.max`, written as a JSON number or as a
    /// string of digits (as the engine sends ids, so JavaScript never rounds them).
    func identifier(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> Int {
        guard let value = present(value) else { throw missing(path) }
        guard let number = Self.identifier(value) else {
            throw invalid(path, "not a whole number from 1 to \(Int.max)")
        }
        return number
    }

    /// `value` as an id, or `nil`.
    static func identifier(_ value: JSONValue) -> Int? {
        switch value {
        case .number(let text), .string(let text):
            guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text), number > 0 else {
                return nil
            }
            return number
        default:
            return nil
        }
    }

    /// The value of `Choice` named at `path` (its raw value, exactly).
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, at path: String, among allowed: [Choice] = Array(Choice.allCases)
    ) throws(BridgeRejection) -> Choice where Choice.RawValue == String {
        let name = try text(value, at: path)
        guard let choice = Choice(rawValue: name), allowed.contains(where: { $0.rawValue == name }) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw invalid(path, "\(Self.quoted(name)) is not one of \(names)")
        }
        return choice
    }

    /// A line: `{label, amount}`.
    func line(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> WebApplePayLine {
        let line = try object(value, at: path)
        return WebApplePayLine(
            label: try text(line["label"], at: "\(path).label"),
            amount: try amount(line["amount"], at: "\(path).amount"))
    }

    /// A list of lines.
    func lines(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> [WebApplePayLine] {
        var lines: [WebApplePayLine] = []
        for (index, item) in try array(value, at: path).enumerated() {
            lines.append(try line(item, at: "\(path)[\(index)]"))
        }
        return lines
    }

    /// A list of shipping methods, each identifier once.
    func shippingMethods(_ value: JSONValue?, at path: String) throws(BridgeRejection) -> [WebApplePayShippingMethod] {
        var methods: [WebApplePayShippingMethod] = []
        for (index, item) in try array(value, at: path).enumerated() {
            let place = "\(path)[\(index)]"
            let method = try object(item, at: place)
            let identifier = try text(method["identifier"], at: "\(place).identifier")
            guard !methods.contains(where: { $0.identifier == identifier }) else {
                throw invalid("\(place).identifier", "\(Self.quoted(identifier)) is offered twice")
            }
            methods.append(
                WebApplePayShippingMethod(
                    identifier: identifier, label: try text(method["label"], at: "\(place).label"),
                    detail: try optionalText(method["detail"], at: "\(place).detail"),
                    amount: try nonNegativeAmount(method["amount"], at: "\(place).amount")))
        }
        return methods
    }

    /// Checks that `lines` add up to `total` when there are any: the sheet shows them as the
    /// total's breakdown, and a breakdown that does not add up misleads the shopper.
    func checkSum(of lines: [WebApplePayLine], total: Decimal, at path: String) throws(BridgeRejection) {
        guard !lines.isEmpty else { return }
        let sum = lines.reduce(Decimal(0)) { $0 + $1.amount }
        guard sum == total else { throw invalid(path, "the lines add up to \(sum), not the total \(total)") }
    }

    /// `"visa"` for a short identifier, `(40 characters)` for anything else.
    static func quoted(_ text: String) -> String {
        let isIdentifier =
            text.count <= 24
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        return isIdentifier && !text.isEmpty ? "\"\(text)\"" : "(\(text.count) characters)"
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

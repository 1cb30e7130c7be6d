import ActionLog
import Foundation
import StateStore

/// The scripts a parse-type web checkout runs on the completion page (each configured in
/// ``ParseRules``), and how their answers are read.
///
/// The checkout wraps each configured expression so the page answers with JSON text
/// (``ParseRules/script(for:)``); ``result(reading:)`` reads that text into a typed
/// ``ParseScriptResult``. Everything the page answers is untrusted: an answer that is not what
/// the script must return becomes ``ParseScriptResult/rejected(_:_:)`` with a reason that names
/// what was wrong without repeating the answer.
///
/// | Script | The value must be |
/// | --- | --- |
/// | ``orderNumber`` | a non-empty string (trimmed) or a whole number, at most ``maximumOrderNumberLength`` characters, no control characters |
/// | ``orderSummary`` | an object, or a string holding the JSON text of one: `total` (required), `subTotal`, `delivery`, `discount` as decimal numbers or decimal strings (none but the discount negative), `currency` as a three-letter ISO 4217 code; other members are ignored |
/// | ``guestEmail`` | a string that looks like an email address (``EmailRule``), at most 254 characters |
///
/// `undefined` and `null` are ``ParseScriptRejection/noResult``; an answer larger than
/// ``maximumAnswerBytes`` or nested deeper than 64 levels is refused before it is read.
public enum ParseScript: String, Sendable, Hashable, Codable, CaseIterable {
    /// ``ParseRules/orderNumberScript``.
    case orderNumber
    /// ``ParseRules/orderSummaryScript``.
    case orderSummary
    /// ``ParseRules/guestEmailScript``.
    case guestEmail

    /// The largest answer read, in bytes of JSON text: 64 KB.
    public static let maximumAnswerBytes = 65_536
    /// The longest order number accepted, in characters.
    public static let maximumOrderNumberLength = 128
    /// The longest email address accepted, in characters (RFC 5321's path limit).
    public static let maximumEmailLength = 254

    /// Reads the page's answer to this script: the JSON text the wrapped script returned, or
    /// `nil` when it returned `undefined`. Never throws or traps.
    ///
    /// ```swift
    /// ParseScript.orderSummary.result(reading: #"{"total":"45.95","currency":"gbp"}"#)
    /// // .orderSummary(WebOrder(total: 45.95, currency: "GBP"))
    /// ```
    public func result(reading answer: String?) -> ParseScriptResult {
        switch read(answer) {
        case .success(let result): return result
        case .failure(let rejection): return .rejected(self, rejection)
        }
    }

    private func read(_ answer: String?) -> Result<ParseScriptResult, ParseScriptRejection> {
        guard let answer else { return .failure(.noResult) }
        let value: JSONValue
        switch Self.json(answer) {
        case .success(let parsed): value = parsed
        case .failure(let rejection): return .failure(rejection)
        }
        if value == .null { return .failure(.noResult) }
        switch self {
        case .orderNumber: return Self.orderNumber(value).map(ParseScriptResult.orderNumber)
        case .orderSummary: return Self.orderSummary(value).map(ParseScriptResult.orderSummary)
        case .guestEmail: return Self.guestEmail(value).map(ParseScriptResult.guestEmail)
        }
    }

    private static func json(_ text: String) -> Result<JSONValue, ParseScriptRejection> {
        guard text.utf8.count <= maximumAnswerBytes else {
            return .failure(.invalid(reason: "the answer is larger than \(maximumAnswerBytes) bytes"))
        }
        guard let value = try? JSONParser.parse(text) else {
            return .failure(.invalid(reason: "the answer is not JSON (\(text.utf8.count) bytes)"))
        }
        if value.placeDeeperThan(JSONValue.maximumFoundationDepth) != nil {
            return .failure(
                .invalid(reason: "the answer is nested deeper than \(JSONValue.maximumFoundationDepth) levels"))
        }
        return .success(value)
    }

    private static func orderNumber(_ value: JSONValue) -> Result<String, ParseScriptRejection> {
        let text: String
        switch value {
        case .string(let string):
            text = string.trimmingWhitespace
        case .number(let digits) where !digits.isEmpty && digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
            text = digits
        case .number:
            return .failure(.invalid(reason: "the order number is a number that is not a whole number"))
        default:
            return .failure(.invalid(reason: "the order number is \(value.kindName), not a string or a number"))
        }
        guard !text.isEmpty else { return .failure(.invalid(reason: "the order number is empty")) }
        guard text.count <= maximumOrderNumberLength else {
            return .failure(.invalid(reason: "the order number is longer than \(maximumOrderNumberLength) characters"))
        }
        guard !text.unicodeScalars.contains(where: \.isControlOrSeparator) else {
            return .failure(.invalid(reason: "the order number holds a control character"))
        }
        return .success(text)
    }

    private static func guestEmail(_ value: JSONValue) -> Result<String, ParseScriptRejection> {
        guard case .string(let string) = value else {
            return .failure(.invalid(reason: "the email is \(value.kindName), not a string"))
        }
        let email = string.trimmingWhitespace
        guard !email.isEmpty else { return .failure(.noResult) }
        guard email.count <= maximumEmailLength else {
            return .failure(.invalid(reason: "the email is longer than \(maximumEmailLength) characters"))
        }
        guard EmailRule.isPlausible(email), !email.unicodeScalars.contains(where: \.isControlOrSeparator) else {
            return .failure(.invalid(reason: "the email is not an email address"))
        }
        return .success(email)
    }

    /// The summary's members, read as a page's `order` is, without the ones the summary script
    /// does not give (`orderId`, `tax`).
    private static func orderSummary(_ answer: JSONValue) -> Result<WebOrder, ParseScriptRejection> {
        var value = answer
        if case .string(let text) = answer {
            // A function that returns JSON text rather than an object.
            switch json(text) {
            case .success(let parsed): value = parsed
            case .failure:
                return .failure(.invalid(reason: "the summary is a string that is not the JSON text of an object"))
            }
        }
        guard case .object(let members) = value else {
            return .failure(.invalid(reason: "the summary is \(value.kindName), not an object"))
        }
        let fields: Set<String> = ["total", "subTotal", "delivery", "discount", "currency"]
        let kept = members.filter { fields.contains($0.key) }
        if let currency = JSONValue.object(kept)["currency"], currency != .null {
            guard case .string(let code) = currency, code.utf8.count == 3,
                code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
            else {
                return .failure(.invalid(reason: "summary field currency: not a three-letter ISO 4217 code"))
            }
        }
        do {
            var order = try JSONDecoder().decode(WebOrder.self, from: Data(JSONValue.object(kept).jsonText.utf8))
            order.currency = order.currency?.uppercased()
            return .success(order)
        } catch let DecodingError.keyNotFound(key, _) {
            return .failure(.invalid(reason: "summary field \(key.stringValue): missing"))
        } catch let DecodingError.valueNotFound(_, context) {
            return .failure(.invalid(reason: "summary field \(field(context)): missing"))
        } catch let DecodingError.typeMismatch(_, context) {
            return .failure(.invalid(reason: "summary field \(field(context)): wrong type"))
        } catch let DecodingError.dataCorrupted(context) {
            let reason =
                field(context) == "discount" ? "not a decimal amount" : "not a decimal amount of 0 or more"
            return .failure(.invalid(reason: "summary field \(field(context)): \(reason)"))
        } catch {
            return .failure(.invalid(reason: "the summary is unreadable"))
        }
    }

    private static func field(_ context: DecodingError.Context) -> String {
        context.codingPath.last?.stringValue ?? "summary"
    }
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or a line or paragraph separator: nothing an id or an
    /// address holds, and what could break a line of a log or a screen.
    var isControlOrSeparator: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }
}

import Foundation

/// A parsed JSON value, so widget messages can be read field by field with the widget's lenient
/// rules (an optional field of the wrong type is treated as absent) without `Any` casts.
enum JSONValue: Decodable, Equatable, Sendable {
    case string(String)
    case number(Decimal)
    case bool(Bool)
    case object([String: JSONValue])
    case array([JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Decimal.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// Parses `text` as a JSON object, or explains why it is not one.
    static func object(from text: String) throws(WidgetMessageError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            throw .notJSON(reason: Self.reason(error))
        }
        guard case .object(let object) = value else {
            throw .notJSON(reason: "the top-level value is not an object")
        }
        return object
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }

    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value as an `Int` when it is a whole number in range.
    var intValue: Int? {
        guard case .number(let number) = self, number == number.rounded(scale: 0) else { return nil }
        guard number >= Decimal(Int.min), number <= Decimal(Int.max) else { return nil }
        return NSDecimalNumber(decimal: number).intValue
    }

    /// The value as ``Money`` when it is an object with string `amount` and `currency`.
    var moneyValue: Money? {
        guard case .object(let object) = self,
            let amount = object["amount"]?.stringValue,
            let currency = object["currency"]?.stringValue
        else { return nil }
        return Money(amount: amount, currency: currency)
    }
}

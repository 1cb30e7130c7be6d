import ActionLog
import Foundation
public import StateStore

/// Why a Foundation value (a `WKScriptMessage`'s body, a script's result) could not become a
/// ``StateStore/JSONValue``.
///
/// ```swift
/// do { _ = try JSONValue(foundationObject: body) } catch { print(error.reason) }
/// ```
public struct FoundationJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, and where (`data.items[3]`).
    public var reason: String

    /// Creates an error.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

extension JSONValue {
    /// How deep a converted Foundation value may nest (the outermost container is level 1).
    public static let maximumFoundationDepth = 64
    /// How large (in bytes of compact JSON text) a converted Foundation value may be: 1 MB.
    public static let maximumFoundationBytes = 1_048_576

    /// Converts what WebKit delivers as a `WKScriptMessage.body` (or returns from
    /// `evaluateJavaScript`) into a JSON value, once, so the action log records it byte for byte.
    ///
    /// - `NSDictionary` / `[String: Any]`: an object, members in ``inCanonicalOrder`` (a
    ///   dictionary has no order of its own; this is the order the action log writes).
    /// - `NSArray` / `[Any]`: an array. `NSString` / `String`: a string. `NSNull`: null.
    /// - `NSNumber`: a Boolean when it is one (WebKit's `true`/`false`, on Apple platforms and
    ///   Linux alike: the class of `NSNumber(value: true)`, not the value 0 or 1); an integer as
    ///   its exact digits (`stringValue`); a `NSDecimalNumber` as its decimal's text; a
    ///   floating-point number as the shortest text that reads back as the same double, written
    ///   without an exponent. NaN and infinities are refused.
    /// - `NSDate` / `Date`: an ISO 8601 string with milliseconds, in UTC.
    ///
    /// ```swift
    /// let body: [String: Any] = ["event": "order", "data": ["total": 42.5, "currency": "GBP"]]
    /// try JSONValue(foundationObject: body).jsonText
    /// // {"data":{"currency":"GBP","total":42.5},"event":"order"}
    /// ```
    ///
    /// - Throws: `FoundationJSONError` naming the place of a value of another type, a
    ///   non-string dictionary key, nesting deeper than ``maximumFoundationDepth``, or a value
    ///   larger than ``maximumFoundationBytes``. Never traps.
    public init(foundationObject: Any) throws(FoundationJSONError) {
        var budget = Self.maximumFoundationBytes
        self = try Self.convert(foundationObject, path: "", depth: 0, budget: &budget).inCanonicalOrder
    }

    private static func convert(
        _ object: Any, path: String, depth: Int, budget: inout Int
    ) throws(FoundationJSONError) -> JSONValue {
        func spend(_ bytes: Int) throws(FoundationJSONError) {
            budget -= bytes
            guard budget >= 0 else {
                throw FoundationJSONError(reason: "larger than \(maximumFoundationBytes) bytes of JSON")
            }
        }
        let place = path.isEmpty ? "the value" : path
        if object is NSNull {
            try spend(4)
            return .null
        }
        // A Swift `Bool` (not an `NSNumber`, whose `is Bool` also holds for 0 and 1 on Apple platforms).
        if type(of: object) == Bool.self, let bool = object as? Bool {
            try spend(5)
            return .bool(bool)
        }
        if let text = object as? String {
            try spend(text.utf8.count + 2)
            return .string(text)
        }
        if let date = object as? Date {
            try spend(26)
            return .string(isoText(date))
        }
        if let decimal = object as? Decimal, type(of: object) == Decimal.self {
            guard decimal.isFinite else { throw FoundationJSONError(reason: "\(place) is not a finite number") }
            try spend(decimal.description.utf8.count)
            return .number(decimal.description)
        }
        if let number = object as? NSNumber {
            let text = try numberText(number, place: place)
            guard let text else {
                try spend(5)
                return .bool(number.boolValue)
            }
            try spend(text.utf8.count)
            return .number(text)
        }
        if let array = object as? [Any] {
            guard depth < maximumFoundationDepth else {
                throw FoundationJSONError(reason: "nested deeper than \(maximumFoundationDepth) levels at \(place)")
            }
            try spend(2)
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for (index, item) in array.enumerated() {
                try spend(1)
                items.append(try convert(item, path: "\(path)[\(index)]", depth: depth + 1, budget: &budget))
            }
            return .array(items)
        }
        if let dictionary = object as? [AnyHashable: Any] {
            guard depth < maximumFoundationDepth else {
                throw FoundationJSONError(reason: "nested deeper than \(maximumFoundationDepth) levels at \(place)")
            }
            try spend(2)
            var entries: [(key: String, value: Any)] = []
            entries.reserveCapacity(dictionary.count)
            for (key, value) in dictionary {
                guard let name = key.base as? String else {
                    throw FoundationJSONError(reason: "a key of \(place) is not a string")
                }
                entries.append((name, value))
            }
            var members: [JSONMember] = []
            members.reserveCapacity(entries.count)
            for entry in entries {
                try spend(entry.key.utf8.count + 4)
                let childPath = path.isEmpty ? entry.key : "\(path).\(entry.key)"
                let value = try convert(entry.value, path: childPath, depth: depth + 1, budget: &budget)
                members.append(JSONMember(key: entry.key, value: value))
            }
            return .object(members)
        }
        throw FoundationJSONError(reason: "\(place) is a \(type(of: object)), not a JSON value")
    }

    /// The exact text of a number, or `nil` when the number is a Boolean.
    private static func numberText(_ number: NSNumber, place: String) throws(FoundationJSONError) -> String? {
        if ObjectIdentifier(type(of: number)) == ObjectIdentifier(type(of: NSNumber(value: true))) {
            return nil
        }
        if let decimal = number as? NSDecimalNumber {
            let value = decimal.decimalValue
            guard value.isFinite else { throw FoundationJSONError(reason: "\(place) is not a finite number") }
            return value.description
        }
        let type = String(cString: number.objCType)
        switch type {
        case "f", "d":
            let double = type == "f" ? Double(number.floatValue) : number.doubleValue
            guard double.isFinite else { throw FoundationJSONError(reason: "\(place) is not a finite number") }
            // The shortest text that reads back as this double, without an exponent.
            let shortest = type == "f" ? number.floatValue.description : double.description
            guard let decimal = Decimal(string: shortest, locale: Locale(identifier: "en_US_POSIX")) else {
                throw FoundationJSONError(reason: "\(place) is not a number a Decimal holds")
            }
            return decimal.description
        default:
            // Integers of every width: their exact digits (`decimalValue` rounds `UInt64.max`).
            return number.stringValue
        }
    }

    private static func isoText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

extension JSONValue {
    /// This value in the action log's canonical member order (sorted by key in Unicode scalar
    /// order; of a repeated key the last), so that an action carrying it reads back from a log
    /// equal to itself.
    ///
    /// ```swift
    /// JSONValue.object([JSONMember(key: "b", value: .null), JSONMember(key: "a", value: .null)])
    ///     .inCanonicalOrder.jsonText   // {"a":null,"b":null}
    /// ```
    public var inCanonicalOrder: JSONValue { Self(canonical: CanonicalValue(self)) }

    private init(canonical: CanonicalValue) {
        switch canonical {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init(canonical:)))
        case .object(let members):
            self = .object(members.map { JSONMember(key: $0.key, value: JSONValue(canonical: $0.value)) })
        }
    }
}
